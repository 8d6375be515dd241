import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "./tx.ts";

/** What Drizzle's `.prepare(name)` gives: the statement's text and parameters, built once. */
interface PreparedQuery<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
  /** The values fixed when it was built: placeholders, or constants of the statement. */
  params?: unknown[];
}

/** A Drizzle query builder not yet run (select, insert, update, delete). */
interface Preparable<Result> {
  prepare(name: string): PreparedQuery<Result>;
}

/** The driver's side of a Drizzle database or transaction (not in Drizzle's public types). */
interface Session {
  client: unknown;
  dialect: { sqlToQuery(query: SQL): unknown };
  prepareQuery(query: unknown, fields: undefined, name: string, isResponseInArrayMode: boolean): PreparedQuery<{ rows: unknown[] }>;
}

const names = new Set<string>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A time as Drizzle writes a Date it was given. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A value Drizzle computed while building (a `$defaultFn` id, an `$onUpdate` time) would be written
 * again by every later run: such a statement must give those columns as placeholders (or `now()`).
 */
function checkNoBuiltValue(name: string, params: unknown[] = []) {
  for (const param of params) {
    const value = param !== null && typeof param === "object" && "value" in param ? param.value : param;
    if (value instanceof Date || (typeof value === "string" && (UUID.test(value) || ISO_TIME.test(value)))) {
      throw new Error(`The prepared statement "${name}" fixes a value computed when it was built (${String(value)}): give it as a placeholder`);
    }
  }
}

function sessionOf(db: Executor): Session {
  return (db as unknown as { session: Session }).session;
}

/**
 * One statement of a hot path (decisions/066): built by Drizzle once per driver, its values given
 * as `sql.placeholder`s, and run again and again on whichever database or transaction a call
 * passes. Building a query costs more CPU than running it (Drizzle's builder, about 0.15 ms a
 * statement, a quarter of a checkout's server time); a prepared one only fills in its values. On
 * PostgreSQL it is also a named prepared statement, parsed and planned once per connection.
 * `name` must be unique in the process: PostgreSQL keeps one text per name and connection. Ids
 * (`$defaultFn`) and `updated_at` (`$onUpdate`) are not filled in by Drizzle at each run: give them.
 */
function reusable<Result>(name: string, prepare: (db: Executor) => PreparedQuery<Result>) {
  if (names.has(name)) throw new Error(`Two prepared statements are named "${name}"`);
  names.add(name);
  // One per driver (node-postgres or PGlite): a process may open both, as the tests do.
  const byDriver = new Map<object, PreparedQuery<Result>>();
  return async (db: Executor, values?: Record<string, unknown>): Promise<Result> => {
    const session = sessionOf(db);
    const driver = Object.getPrototypeOf(session) as object;
    let query = byDriver.get(driver);
    if (!query) {
      query = prepare(db);
      checkNoBuiltValue(name, query.params);
      byDriver.set(driver, query);
    }
    const client = session.client;
    // The prepared query keeps the client it was built on; this call's may be another connection or transaction.
    const bound = (query as unknown as Session).client === client ? query : (Object.create(query, { client: { value: client } }) as PreparedQuery<Result>);
    return bound.execute(values);
  };
}

/** A query builder's statement, prepared once (see `reusable`): `build` uses `sql.placeholder("…")` for every value that changes. */
export function prepared<Result>(name: string, build: (db: Executor) => Preparable<Result>) {
  return reusable(name, (db) => build(db).prepare(name));
}

/** SQL prepared once (see `reusable`), which may hold query builders made on `db`; its rows as the database names their columns. */
export function preparedSql<Row>(name: string, build: (db: Executor) => SQL) {
  const run = reusable(name, (db) => {
    const session = sessionOf(db);
    return session.prepareQuery(session.dialect.sqlToQuery(build(db)), undefined, name, false);
  });
  return async (db: Executor, values?: Record<string, unknown>): Promise<Row[]> => (await run(db, values)).rows as Row[];
}

/** A placeholder whose value is given to the driver as it is, not through the column's own encoder (a query builder's `set` or `values`). */
export function rawPlaceholder(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}

/** A time placeholder, its value given to the driver as it is (`timeValue`): Drizzle's own encoder refuses null. */
export function timePlaceholder(name: string): SQL {
  return sql`${sql.placeholder(name)}::timestamptz`;
}

/** The value of a `timePlaceholder`. */
export function timeValue(time: Date | null): string | null {
  return time ? time.toISOString() : null;
}
