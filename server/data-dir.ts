// DATA_DIR is the shop's alone (issue 26, item 5): the embedded database, uploads, prescriptions,
// the email outbox (live password-reset links), backups' requests and the development secret.
// Nothing in it may be read or written by another user of the machine, whatever umask the shop
// was started with: the process creates owner-only files from its first line (server.mjs and the
// scripts call `ownerOnlyFiles`), and every start checks what is already there (`secureDataDir`).
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

/** The umask of every shop process: files 0600, directories 0700. */
export const OWNER_ONLY_UMASK = 0o077;

/**
 * From now on this process creates files and directories for its owner only (0600/0700), whatever
 * umask it inherited: PGlite, the storage, the outbox and the backups all write through it. Only
 * the main thread may set the umask (a worker thread shares its process's).
 */
export function ownerOnlyFiles(): void {
  if (isMainThread) process.umask(OWNER_ONLY_UMASK);
}

/** A file or directory in DATA_DIR that others can reach and this process cannot make private. */
export class DataDirPermissionError extends Error {
  override name = "DataDirPermissionError";
}

export interface SecuredDataDir {
  /** Files and directories whose group or other permissions were removed. */
  fixed: number;
}

const looseBits = (stats: Stats) => stats.mode & 0o077;

/**
 * Creates DATA_DIR owner-only when missing, and makes everything in it owner-only: any group or
 * other permission is removed (the owner's stay; a directory keeps 0700). Symbolic links are not
 * followed (their own mode means nothing). An entry this process cannot change (another user's)
 * refuses the start with a sentence naming it, rather than serve from a directory others can read.
 */
export function secureDataDir(dataDir: string): SecuredDataDir {
  const root = path.resolve(dataDir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  let fixed = 0;
  const secure = (target: string) => {
    const stats = lstatSync(target, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) return;
    if (looseBits(stats) !== 0 || (stats.isDirectory() && (stats.mode & 0o700) !== 0o700)) {
      try {
        chmodSync(target, stats.isDirectory() ? 0o700 : stats.mode & 0o700);
      } catch (error) {
        throw new DataDirPermissionError(
          `${target} can be read or written by other users of this machine, and the shop cannot make it private ` +
            `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
            `Give DATA_DIR to the shop's user and run: chmod -R go-rwx ${root}`,
        );
      }
      fixed++;
    }
    if (!stats.isDirectory()) return;
    for (const name of readdirSync(target)) secure(path.join(target, name));
  };
  secure(root);
  return { fixed };
}
