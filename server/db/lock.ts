import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
 * PGlite is one process per directory: a second one would corrupt the data. The lock is
 * `DATA_DIR/shop.lock` holding the owner's pid, and every step that claims it is atomic:
 * - a fresh claim links a file that already holds our pid to `shop.lock` (link fails if the name
 *   exists, and no reader ever sees an empty lock);
 * - a lock whose pid is dead is taken over only by the holder of `shop.lock.takeover` (claimed the
 *   same way, so it always names its holder), which looks again and renames its own file over the
 *   stale one.
 * So of several processes starting together, exactly one holds the directory.
 */
export function acquireDirectoryLock(dataDir: string): DirectoryLock {
  const file = path.resolve(dataDir, "shop.lock");
  if (held.has(file)) {
    throw new DataDirectoryLockedError(
      `The data directory ${dataDir} is already in use by this process (pid ${process.pid}); close the other database first.`,
    );
  }
  const mine = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(mine, String(process.pid), { flag: "wx", mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 200; attempt++) {
      if (claim(mine, file)) return holding(file);
      const owner = readPid(file);
      if (owner === undefined) continue; // released meanwhile: claim again
      if (isOtherLiveProcess(owner)) {
        throw new DataDirectoryLockedError(
          `The data directory ${dataDir} is in use by another shop process (pid ${owner}). ` +
            "Stop that process, or start this one with a different DATA_DIR (or DATABASE_URL for PostgreSQL).",
        );
      }
      if (takeOver(mine, file)) return holding(file);
      sleep(5); // another process is taking over: look again once it is done
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new DataDirectoryLockedError(`Could not lock the data directory ${dataDir}.`);
}

function holding(file: string): DirectoryLock {
  held.add(file);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      held.delete(file);
      if (readPid(file) === process.pid) rmSync(file, { force: true });
    },
  };
}

/** Links our pid file to the lock's name; false when the name is taken. */
function claim(mine: string, file: string): boolean {
  try {
    linkSync(mine, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Replaces a stale lock, holding `shop.lock.takeover`; false when someone else holds that. */
function takeOver(mine: string, file: string): boolean {
  const marker = `${file}.takeover`;
  // Linked like the lock itself, so the marker never exists without its holder's pid: a marker
  // created empty and filled afterwards read as abandoned, was removed under its live holder,
  // and two processes took the lock over together (seen under load, 1 round in a few hundred).
  if (!claim(mine, marker)) {
    // Held for a few system calls; one whose holder died in them is abandoned and removed.
    const holder = readPid(marker);
    if (holder !== undefined && !isOtherLiveProcess(holder)) rmSync(marker, { force: true });
    return false;
  }
  try {
    // Nobody else can replace the lock now; only a fresh claim (if it was removed) can race us.
    const owner = readPid(file);
    if (owner === undefined) return claim(mine, file);
    if (isOtherLiveProcess(owner)) return false;
    renameSync(mine, file);
    return true;
  } finally {
    rmSync(marker, { force: true });
  }
}

/** The pid in a lock file, NaN when it holds none, undefined when the file is gone. */
function readPid(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** A lock naming this pid but not in `held` was left by an earlier life of this pid (a container's pid 1). */
function isOtherLiveProcess(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
