// The resized-image cache on this machine's disk (DATA_DIR/image-cache), capped in size: when a
// write takes it past the cap, the least recently used variants are removed until it is at 80%
// of the cap. It stays local on purpose (decisions/035): it is only a cache, every machine fills
// its own from the store, and a variant read from local disk costs no request to S3.
//
// Recency is kept in memory (a Map in use order) and, at most once a minute per file, in the
// file's modification time, so several processes sharing the directory, or a restarted one, agree
// on it: an eviction first lists the directory again (others' variants included) and orders it by
// the later of the two times.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";

export interface DiskCacheOptions {
  dir: string;
  maxBytes: number;
  /** Reported when a write or an eviction fails (the cache never fails a request). */
  onError?: (error: unknown, message: string) => void;
  /** A file's time is refreshed at most this often on hits (default one minute). */
  touchIntervalMs?: number;
  /** A write lists the directory again at most this often (default one minute), to count other processes' files. */
  rescanIntervalMs?: number;
  now?: () => number;
}

export interface DiskCache {
  /** The bytes kept under a relative path ("ab/cdef.avif"), or null. */
  read(relative: string): Promise<Buffer | null>;
  /** Keeps bytes under a relative path, evicting the least recently used beyond the cap. */
  write(relative: string, body: Buffer): Promise<void>;
  /** Bytes this process believes the cache holds (after the first read or write). */
  size(): number;
  /** Waits for an eviction under way (tests). */
  settled(): Promise<void>;
}

interface Entry {
  size: number;
  usedMs: number;
  touchedMs: number;
}

/** After an eviction the cache holds at most this share of the cap, so evictions stay rare. */
const LOW_WATER = 0.8;

export function createDiskCache(options: DiskCacheOptions): DiskCache {
  const dir = path.resolve(options.dir);
  const now = options.now ?? Date.now;
  const touchInterval = options.touchIntervalMs ?? 60_000;
  const rescanInterval = options.rescanIntervalMs ?? 60_000;
  let scannedAt = 0;
  const report = options.onError ?? (() => {});
  /** In use order: the first entry is the least recently used. */
  let entries = new Map<string, Entry>();
  let total = 0;
  let scanned: Promise<void> | undefined;
  let evicting: Promise<void> | undefined;

  const fileOf = (relative: string) => path.join(dir, ...relative.split("/"));

  /** Every cached file with its size and modification time, oldest first, merged with what this process knows. */
  async function scan(): Promise<void> {
    scannedAt = now();
    const found: [string, Entry][] = [];
    const listed = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of listed) {
      if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stats = await stat(file).catch(() => null);
      if (!stats) continue;
      const relative = path.relative(dir, file).split(path.sep).join("/");
      const known = entries.get(relative);
      const usedMs = Math.max(stats.mtimeMs, known?.usedMs ?? 0);
      found.push([relative, { size: stats.size, usedMs, touchedMs: stats.mtimeMs }]);
    }
    found.sort((a, b) => a[1].usedMs - b[1].usedMs);
    entries = new Map(found);
    total = found.reduce((sum, [, entry]) => sum + entry.size, 0);
  }

  const ready = () => (scanned ??= scan());

  function use(relative: string, entry: Entry) {
    entries.delete(relative);
    entry.usedMs = now();
    entries.set(relative, entry);
    if (entry.usedMs - entry.touchedMs >= touchInterval) {
      entry.touchedMs = entry.usedMs;
      const time = new Date(entry.usedMs);
      utimes(fileOf(relative), time, time).catch(() => {});
    }
  }

  async function evict(): Promise<void> {
    await scan();
    if (total <= options.maxBytes) return;
    const target = options.maxBytes * LOW_WATER;
    for (const [relative, entry] of entries) {
      if (total <= target) break;
      try {
        await unlink(fileOf(relative));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
          report(error, "image cache file could not be removed");
          continue;
        }
      }
      entries.delete(relative);
      total -= entry.size;
    }
  }

  function evictSoon() {
    evicting ??= evict()
      .catch((error) => report(error, "image cache eviction failed"))
      .finally(() => {
        evicting = undefined;
      });
  }

  return {
    async read(relative) {
      await ready();
      const body = await readFile(fileOf(relative)).catch(() => null);
      const entry = entries.get(relative);
      if (!body) {
        if (entry) {
          entries.delete(relative);
          total -= entry.size;
        }
        return null;
      }
      if (entry) use(relative, entry);
      else {
        // Written by another process since the last scan.
        entries.set(relative, { size: body.length, usedMs: now(), touchedMs: 0 });
        total += body.length;
      }
      return body;
    },
    async write(relative, body) {
      await ready();
      const file = fileOf(relative);
      // Temp file + rename: a reader never sees half a file, and racing writers both leave a whole one.
      const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await writeFile(temporary, body, { mode: 0o600 });
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        report(error, "image variant could not be cached");
        return;
      }
      const previous = entries.get(relative);
      if (previous) {
        entries.delete(relative);
        total -= previous.size;
      }
      const at = now();
      entries.set(relative, { size: body.length, usedMs: at, touchedMs: at });
      total += body.length;
      // Over the cap by this process's count, or time to count the other processes' files too.
      if (total > options.maxBytes || now() - scannedAt >= rescanInterval) evictSoon();
    },
    size: () => total,
    async settled() {
      while (evicting) await evicting;
    },
  };
}
