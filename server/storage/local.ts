// The local store: each object is the file DATA_DIR/<key> (uploads/..., prescriptions/...), the
// paths the shop always used. Written aside and renamed into place; every object, public or
// private, is readable by the shop's user only (0600 in a 0700 directory; server/data-dir.ts).
import { randomBytes } from "node:crypto";
import { createReadStream, type Dirent } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { assertValidKey, isValidKey, type ObjectInfo, type ObjectStorage } from "./object-storage.ts";

function missing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

export function createLocalStorage(dataDir: string): ObjectStorage {
  const root = path.resolve(dataDir);
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };

  async function statKey(key: string): Promise<ObjectInfo | null> {
    try {
      const stats = await stat(fileOf(key));
      return stats.isFile() ? { key, size: stats.size, modifiedMs: stats.mtimeMs } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  return {
    kind: "local",
    location: root,
    async put(key: string, bytes: Buffer) {
      const file = fileOf(key);
      const directory = path.dirname(file);
      // Owner-only, public uploads too: the shop serves them itself (server/data-dir.ts).
      await mkdir(directory, { recursive: true, mode: 0o700 });
      await chmod(directory, 0o700);
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: "wx", mode: 0o600 });
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw error;
      }
    },
    async get(key: string) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stream(key: string): Promise<Readable | null> {
      if (!(await statKey(key))) return null;
      return createReadStream(fileOf(key));
    },
    stat: statKey,
    async exists(key: string) {
      return (await statKey(key)) !== null;
    },
    async delete(key: string) {
      await unlink(fileOf(key)).catch((error) => {
        if (!missing(error)) throw error;
      });
    },
    async *list(prefix: string) {
      // The folder the prefix names (or is inside), walked; keys filtered by the prefix.
      const base = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const start = path.join(root, ...base.split("/").filter(Boolean));
      let entries: Dirent[];
      try {
        entries = await readdir(start, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (!key.startsWith(prefix) || !isValidKey(key)) continue;
        const info = await statKey(key).catch(() => null);
        if (info) yield info;
      }
    },
  };
}
