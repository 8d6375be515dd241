import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { mkdirSync } from "node:fs";
import { secureDataDir } from "#server/data-dir.ts";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import path from "node:path";
import pg from "pg";
import { projectPath } from "../paths.ts";
import { acquireDirectoryLock, type DirectoryLock } from "./lock.ts";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations; safe to run on every start. */
  migrate(): Promise<void>;
  /** True when the database answers and every committed migration is applied. */
  isReady(): Promise<boolean>;
  /**
   * PGlite only: a consistent copy of the data directory as a gzipped tar, taken between
   * transactions after a checkpoint (`npm run backup`, server/backup/).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Typo-tolerant search matches a word of a product name at 40% trigram word similarity
 * ("macnursh" → "Macnurish"); pg_trgm's default of 60% misses single typos in short words.
 */
const SESSION_SETTINGS = "set pg_trgm.word_similarity_threshold = 0.4";
const STARTUP_OPTIONS = "-c pg_trgm.word_similarity_threshold=0.4";

const gzipAsync = promisify(gzip);

export const migrationsFolder = projectPath("server/db/migrations");

export type DatabaseTarget =
  | { kind: "postgres"; url: string; maxConnections?: number }
  | { kind: "pglite"; dataDir: string; /** A data directory dump to start from (`npm run restore`); the directory must be new. */ loadDataDir?: Blob }
  | { kind: "pglite-memory"; loadDataDir?: Blob | File };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url, target.maxConnections ?? 10);
  return openPglite(target);
}

/**
 * PGlite runs PostgreSQL inside this process's memory, and every shared buffer is resident from
 * the start (PGlite writes the whole pool when it opens). Its default 128 MB made up half of the
 * shop's resident memory; 16 MB holds every relation of the demo catalogue (10 MB, catalogs
 * included) and costs 18 MB less than 32 MB (decisions/062). Pages beyond it are read from the
 * data files, which stay in the operating system's page cache.
 */
const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

async function openPglite(target: Exclude<DatabaseTarget, { kind: "postgres" }>): Promise<DatabaseHandle> {
  let lock: DirectoryLock | undefined;
  let client: PGlite;
  if (target.kind === "pglite") {
    mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
    lock = acquireDirectoryLock(target.dataDir);
    try {
      client = await PGlite.create(path.join(target.dataDir, "pglite"), { ...PGLITE_OPTIONS, loadDataDir: target.loadDataDir });
      // PGlite writes a new database's files 0666 and rewrites two 0644 at every open, whatever
      // the umask: made owner-only at once (files it creates later follow the umask, 0600).
      secureDataDir(target.dataDir);
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: target.loadDataDir });
  }
  await client.exec(SESSION_SETTINGS);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    isReady: () => checkReady(db),
    async dumpDataDir() {
      // Data files brought up to date (less to replay after a restore), then the copy taken while
      // no transaction is in progress and none can start (query and exec wait for the same lock).
      // The copy is uncompressed (PGlite's own gzip would hold the lock for seconds); it is
      // compressed afterwards on Node's thread pool.
      await client.exec("CHECKPOINT");
      const raw = await client._runExclusiveTransaction(() => client.dumpDataDir("none"));
      const compressed = await gzipAsync(new Uint8Array(await raw.arrayBuffer()));
      return new Blob([new Uint8Array(compressed)], { type: "application/gzip" });
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, maxConnections: number): Promise<DatabaseHandle> {
  // The session setting travels in the connection's start-up packet: no statement per new
  // connection, none racing the connection's first query (decisions/038).
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, options: STARTUP_OPTIONS });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Several processes may start together: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(7246173)");
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(7246173)").catch(() => {});
        client.release();
      }
    },
    isReady: () => checkReady(db),
    close: () => pool.end(),
  };
}

let expectedMigrations: number | undefined;

async function checkReady(db: Database): Promise<boolean> {
  try {
    expectedMigrations ??= await countMigrationFiles();
    const result = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    return Number(result.rows[0]?.count) >= expectedMigrations;
  } catch {
    return false;
  }
}

async function countMigrationFiles(): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  return journal.entries.length;
}
