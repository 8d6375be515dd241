import { randomBytes } from "node:crypto";
import pg from "pg";

/** Test databases on a shared server are named `shop_test_<base36 ms>_<random>` (clones add a suffix). */
export const TEST_DATABASE_PREFIX = "shop_test_";

/** Databases left behind by a run killed before its teardown are dropped after this long. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

export function uniqueDatabaseName(base = TEST_DATABASE_PREFIX + Date.now().toString(36)): string {
  return `${base}_${randomBytes(4).toString("hex")}`;
}

/** The same server as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs statements on the server's maintenance database (`postgres`), where CREATE/DROP DATABASE work. */
export async function withMaintenanceClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(url, "postgres") });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabases(client: pg.Client, names: string[]): Promise<void> {
  for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
}

export async function databasesStartingWith(client: pg.Client, prefix: string): Promise<string[]> {
  const result = await client.query<{ datname: string }>(
    "select datname from pg_database where starts_with(datname, $1) order by datname",
    [prefix],
  );
  return result.rows.map((row) => row.datname);
}

/** Test databases of runs that died more than a day ago (other runs' live databases are left alone). */
export async function abandonedTestDatabases(client: pg.Client, now = Date.now()): Promise<string[]> {
  const names = await databasesStartingWith(client, TEST_DATABASE_PREFIX);
  return names.filter((name) => {
    const stamp = Number.parseInt(name.slice(TEST_DATABASE_PREFIX.length).split("_")[0] ?? "", 36);
    return Number.isFinite(stamp) && now - stamp > ABANDONED_AFTER_MS;
  });
}
