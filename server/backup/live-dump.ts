// A running shop on the embedded database holds DATA_DIR (server/db/lock.ts), so `npm run backup`
// asks it for a copy of its database instead of reading the files under it: the command leaves
// a request file in DATA_DIR/backup-requests and sends SIGUSR2 to the pid in DATA_DIR/backup.pid;
// the shop writes the dump (DatabaseHandle.dumpDataDir: between transactions, after a checkpoint)
// next to the request, aside then renamed, and the command picks it up. decisions/035.
import { readdir, rename, rm, writeFile } from "node:fs/promises";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { DatabaseHandle } from "#server/db/client.ts";

export const BACKUP_SIGNAL = "SIGUSR2";
export const REQUEST_ID = /^[0-9a-f]{32}$/;

export function requestsDir(dataDir: string): string {
  return path.join(dataDir, "backup-requests");
}

/** The file naming the process that answers backup requests for a data directory. */
export function listenerFile(dataDir: string): string {
  return path.join(dataDir, "backup.pid");
}

/** The pid answering backup requests for `dataDir`, or undefined when none is running. */
export function liveListener(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(listenerFile(dataDir), "utf8"), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  // The lock must name the same process: a pid left behind by a crash may belong to anything now.
  try {
    if (Number.parseInt(readFileSync(path.join(dataDir, "shop.lock"), "utf8"), 10) !== pid) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Installs the SIGUSR2 handler for a shop on PGlite; returns what undoes it. */
export function answerBackupRequests(dataDir: string, database: Pick<DatabaseHandle, "dumpDataDir">, logger: Logger): () => void {
  const dump = database.dumpDataDir;
  if (!dump) return () => {};
  const directory = requestsDir(dataDir);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  writeFileSync(listenerFile(dataDir), String(process.pid), { mode: 0o600 });
  let running: Promise<void> | undefined;
  let again = false;

  async function answer() {
    const names = await readdir(directory).catch(() => [] as string[]);
    for (const name of names) {
      const id = name.replace(/\.request$/, "");
      if (!name.endsWith(".request") || !REQUEST_ID.test(id)) continue;
      const target = path.join(directory, `${id}.tar.gz`);
      try {
        const started = performance.now();
        const bytes = Buffer.from(await (await dump!()).arrayBuffer());
        await writeFile(`${target}.tmp`, bytes, { mode: 0o600 });
        await rename(`${target}.tmp`, target);
        logger.info({ bytes: bytes.length, ms: Math.round(performance.now() - started) }, "database dump written for a backup");
      } catch (error) {
        logger.error({ err: error }, "database dump for a backup failed");
        await writeFile(path.join(directory, `${id}.error`), error instanceof Error ? error.message : String(error), { mode: 0o600 }).catch(() => {});
      }
      await rm(path.join(directory, name), { force: true });
    }
  }

  const onSignal = () => {
    if (running) {
      again = true;
      return;
    }
    running = answer()
      .catch((error) => logger.error({ err: error }, "backup requests could not be read"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          onSignal();
        }
      });
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => {
    process.off(BACKUP_SIGNAL, onSignal);
    try {
      if (readFileSync(listenerFile(dataDir), "utf8").trim() === String(process.pid)) rmSync(listenerFile(dataDir), { force: true });
    } catch {
      // Already gone.
    }
  };
}
