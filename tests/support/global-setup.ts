import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import {
  abandonedTestDatabases,
  databaseUrl,
  databasesStartingWith,
  dropDatabases,
  quoteIdentifier,
  uniqueDatabaseName,
  withMaintenanceClient,
} from "./postgres.ts";

export type TestDatabaseSource =
  | { kind: "pglite"; snapshotPath: string }
  | { kind: "postgres"; serverUrl: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/**
 * Migrates one database for the whole run; every test file then starts from a copy of it:
 * a tarball of a PGlite data directory, or a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  return serverUrl ? setupPostgres(project, serverUrl) : setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "shop-test-snapshot-"));
  const snapshotPath = path.join(dir, "migrated.tar");
  const database = await openDatabase({ kind: "pglite-memory" });
  try {
    await database.migrate();
    // Uncompressed: gzip makes the file 9x smaller but costs every test file ~250 ms to inflate.
    const client = database.db.$client as { dumpDataDir(compression: "none"): Promise<Blob> };
    const dump = await client.dumpDataDir("none");
    await writeFile(snapshotPath, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("testDatabase", { kind: "pglite", snapshotPath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject, serverUrl: string) {
  const template = uniqueDatabaseName();
  await withMaintenanceClient(serverUrl, async (client) => {
    await dropDatabases(client, await abandonedTestDatabases(client));
    await client.query(`CREATE DATABASE ${quoteIdentifier(template)}`);
  });
  try {
    const database = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, template), maxConnections: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await withMaintenanceClient(serverUrl, (client) => dropDatabases(client, [template]));
    throw error;
  }
  project.provide("testDatabase", { kind: "postgres", serverUrl, template });
  return async () => {
    // Clones are named after the template, so this drops every database the run created.
    await withMaintenanceClient(serverUrl, async (client) =>
      dropDatabases(client, await databasesStartingWith(client, template)),
    );
  };
}
