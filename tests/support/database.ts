import { readFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { databaseUrl, dropDatabases, quoteIdentifier, uniqueDatabaseName, withMaintenanceClient } from "./postgres.ts";

export interface TestDatabase {
  /** Closing it early is allowed (readiness tests); `release` then has only the cleanup left. */
  handle: DatabaseHandle;
  /** Set on PostgreSQL runs: the URL of this test's own database. */
  url: string | undefined;
  /** How long the copy took to open, for keeping an eye on per-file overhead. */
  setupMs: number;
  /** Closes the database and, on PostgreSQL, drops the clone. */
  release(): Promise<void>;
}

let snapshot: Promise<Blob> | undefined;

/** True when the suite runs against PostgreSQL (TEST_DATABASE_URL) instead of PGlite. */
export function usingPostgres(): boolean {
  return inject("testDatabase").kind === "postgres";
}

/** A fresh, migrated database of its own: a PGlite loaded from the run's snapshot, or a clone of the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const source = inject("testDatabase");
  const started = performance.now();
  if (source.kind === "pglite") {
    snapshot ??= readFile(source.snapshotPath).then((bytes) => new Blob([bytes], { type: "application/x-tar" }));
    const handle = closeOnce(await openDatabase({ kind: "pglite-memory", loadDataDir: await snapshot }));
    return { handle, url: undefined, setupMs: performance.now() - started, release: () => handle.close() };
  }

  const name = uniqueDatabaseName(source.template);
  await withMaintenanceClient(source.serverUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(source.template)}`),
  );
  const drop = () => withMaintenanceClient(source.serverUrl, (client) => dropDatabases(client, [name]));
  const url = databaseUrl(source.serverUrl, name);
  let handle: DatabaseHandle;
  try {
    handle = closeOnce(await openDatabase({ kind: "postgres", url, maxConnections: 5 }));
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    handle,
    url,
    setupMs: performance.now() - started,
    async release() {
      try {
        await handle.close();
      } finally {
        await drop();
      }
    },
  };
}

function closeOnce(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close()) };
}
