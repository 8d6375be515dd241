import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirectoryLockedError extends Error {
  override name = "DataDirectoryLockedError";
}

/** Lock files this process holds: a second open of the same directory in one process is refused too. */
const held = new Set<string>();

export interface DirectoryLock {
  release(): void;
}

/**
 * PGlite is one process per directory: a second one would corrupt the data. The lock is a
 * file holding the owner's pid, created exclusively; a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(dataDir: string): DirectoryLock {
  const file = path.resolve(dataDir, "shop.lock");
  if (held.has(file)) {
    throw new DataDirectoryLockedError(
      `The data directory ${dataDir} is already in use by this process (pid ${process.pid}); close the other database first.`,
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(file);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      if (owner === undefined) continue; // removed meanwhile: try again
      // A lock naming this pid but not in `held` was left by an earlier life of this pid (a container's pid 1).
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirectoryLockedError(
          `The data directory ${dataDir} is in use by another shop process (pid ${owner}). ` +
            "Stop that process, or start this one with a different DATA_DIR (or DATABASE_URL for PostgreSQL).",
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirectoryLockedError(`Could not lock the data directory ${dataDir}.`);
}

function readOwner(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
