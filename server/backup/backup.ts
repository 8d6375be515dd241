// `npm run backup` and `npm run restore` for a shop on the embedded database (decisions/035): one
// tar archive holding the database (PGlite's data directory dump), every object of the local
// store (uploads/, prescriptions/), the development auth secret if there is one, and last a
// manifest.json with each entry's size and SHA-256. The database is copied first and the files
// after it: every file a copied row names was written before that row, so it is in the archive.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "#server/db/client.ts";
import { contentTypeOf } from "#server/storage/copy.ts";
import { STORE_AREAS, isValidKey, visibilityOf } from "#server/storage/object-storage.ts";
import { storageFor, type StorageConfig } from "#server/storage/storage.ts";
import { BACKUP_SIGNAL, liveListener, requestsDir } from "./live-dump.ts";
import { readTar, sha256, tarWriter } from "./tar.ts";

export const BACKUP_FORMAT = "healthcare-shop-backup";
const DATABASE_ENTRY = "database.tar.gz";
const SECRET_ENTRY = "auth-secret";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** Whether the database was copied from a running shop (through it) or from a stopped one. */
  databaseSource: "running shop" | "stopped shop";
  storage: "local" | "s3";
  entries: { name: string; bytes: number; sha256: string }[];
  counts: { files: number; uploads: number; prescriptions: number; bytes: number };
}

export class BackupError extends Error {
  override name = "BackupError";
}

/** The database as a gzipped tar: asked of the running shop, or read directly when none runs. */
async function dumpDatabase(dataDir: string, timeoutMs: number): Promise<{ bytes: Buffer; live: boolean }> {
  const pid = liveListener(dataDir);
  if (pid !== undefined) {
    const directory = requestsDir(dataDir);
    const id = randomBytes(16).toString("hex");
    await writeFile(path.join(directory, `${id}.request`), "", { mode: 0o600 });
    process.kill(pid, BACKUP_SIGNAL);
    const deadline = Date.now() + timeoutMs;
    const done = path.join(directory, `${id}.tar.gz`);
    const failed = path.join(directory, `${id}.error`);
    while (Date.now() < deadline) {
      if (existsSync(failed)) {
        const message = await readFile(failed, "utf8");
        await rm(failed, { force: true });
        throw new BackupError(`The running shop (pid ${pid}) could not copy its database: ${message}`);
      }
      if (existsSync(done)) {
        const bytes = await readFile(done);
        await rm(done, { force: true });
        return { bytes, live: true };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await rm(path.join(directory, `${id}.request`), { force: true });
    throw new BackupError(`The running shop (pid ${pid}) did not answer the backup request within ${timeoutMs / 1000} s.`);
  }
  if (!existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  }
  // No shop is running: open the database here (this takes the directory's lock, so a shop
  // starting meanwhile waits for us by being refused).
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    return { bytes: Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()), live: false };
  } finally {
    await database.close();
  }
}

export interface BackupOptions {
  config: StorageConfig;
  output: string;
  /** How long to wait for a running shop's dump. */
  timeoutMs?: number;
}

/** Writes the archive (aside, then renamed into place) and returns its manifest. */
export async function createBackup({ config, output, timeoutMs = 120_000 }: BackupOptions): Promise<BackupManifest> {
  const { dataDir } = config;
  const dump = await dumpDatabase(dataDir, timeoutMs);
  const entries: BackupManifest["entries"] = [];
  const counts = { files: 0, uploads: 0, prescriptions: 0, bytes: 0 };
  const temporary = `${output}.${process.pid}.tmp`;
  await mkdir(path.dirname(path.resolve(output)), { recursive: true });
  const file = await open(temporary, "wx", 0o600);
  try {
    const tar = tarWriter(file);
    const add = async (name: string, data: Buffer) => {
      await tar.add(name, data);
      entries.push({ name, bytes: data.length, sha256: sha256(data) });
    };
    await add(DATABASE_ENTRY, dump.bytes);
    // Objects in S3 stay there (versioned bucket, docs/operations.md); a local store is copied.
    if (config.storage.kind === "local") {
      const store = storageFor(config);
      for (const area of Object.keys(STORE_AREAS) as (keyof typeof STORE_AREAS)[]) {
        for await (const object of store.list(`${area}/`)) {
          const data = await store.get(object.key);
          if (!data) continue; // removed since it was listed (an unused upload)
          await add(`files/${object.key}`, data);
          counts.files++;
          counts[area]++;
          counts.bytes += data.length;
        }
      }
    }
    const secret = await readFile(path.join(dataDir, "auth-secret")).catch(() => null);
    if (secret) await add(SECRET_ENTRY, secret);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      databaseSource: dump.live ? "running shop" : "stopped shop",
      storage: config.storage.kind,
      entries,
      counts,
    };
    await tar.add("manifest.json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.finish();
    await file.sync();
    await file.close();
    await rename(temporary, output);
    return manifest;
  } catch (error) {
    await file.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
}

export interface RestoreReport {
  manifest: BackupManifest;
  orders: number;
  invoices: number;
  files: number;
}

/**
 * Unpacks an archive into a NEW data directory (refused if it holds a database or a running
 * shop): every entry checked against the manifest first, then the database loaded, the files put
 * into the configured store (the local disk, or S3 when the S3_* variables are set).
 */
export async function restoreBackup({ config, archive }: { config: StorageConfig; archive: string }): Promise<RestoreReport> {
  const { dataDir } = config;
  const databaseDir = path.join(dataDir, "pglite");
  if (existsSync(databaseDir) && readdirSync(databaseDir).length > 0) {
    throw new BackupError(`${dataDir} already holds a database. Restore into a new, empty DATA_DIR (move the old one aside first).`);
  }
  if (existsSync(path.join(dataDir, "shop.lock"))) {
    throw new BackupError(`${dataDir} is in use by a shop (shop.lock). Stop it, or restore into a new DATA_DIR.`);
  }

  const file = await open(archive, "r").catch(() => {
    throw new BackupError(`Cannot read the archive ${archive}.`);
  });
  const contents = new Map<string, Buffer>();
  try {
    for await (const entry of readTar(file)) contents.set(entry.name, entry.data);
  } finally {
    await file.close();
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(contents.get("manifest.json")?.toString("utf8") ?? "null");
  } catch {
    throw new BackupError("The archive's manifest.json is not readable.");
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== 1) {
    throw new BackupError("This is not a shop backup (manifest.json is missing or of another format).");
  }
  for (const entry of manifest.entries) {
    const data = contents.get(entry.name);
    if (!data) throw new BackupError(`The archive lacks ${entry.name}, which its manifest lists.`);
    if (data.length !== entry.bytes || sha256(data) !== entry.sha256) {
      throw new BackupError(`${entry.name} in the archive is damaged (its size or checksum differs from the manifest).`);
    }
  }
  const database = contents.get(DATABASE_ENTRY);
  if (!database) throw new BackupError("The archive holds no database.");

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  let orders: number;
  let invoices: number;
  try {
    const handle = await openDatabase({ kind: "pglite", dataDir, loadDataDir: new Blob([new Uint8Array(database)]) });
    try {
      const count = async (table: string) =>
        Number((await handle.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n ?? 0);
      orders = await count("orders");
      invoices = await count("invoices");
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(databaseDir, { recursive: true, force: true });
    throw error instanceof BackupError ? error : new BackupError(`The database could not be restored: ${(error as Error).message}`);
  }

  const store = storageFor(config);
  let files = 0;
  for (const entry of manifest.entries) {
    if (!entry.name.startsWith("files/")) continue;
    const key = entry.name.slice("files/".length);
    if (!isValidKey(key)) throw new BackupError(`The archive names a file outside the store: ${entry.name}`);
    await store.put(key, contents.get(entry.name)!, { contentType: contentTypeOf(key), visibility: visibilityOf(key) });
    files++;
  }
  const secret = contents.get(SECRET_ENTRY);
  const secretFile = path.join(dataDir, "auth-secret");
  if (secret && !(await stat(secretFile).catch(() => null))) await writeFile(secretFile, secret, { mode: 0o600 });
  return { manifest, orders, invoices, files };
}
