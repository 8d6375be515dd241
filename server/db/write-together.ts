import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "./tx.ts";

/** A write for `writeTogether`: a Drizzle insert, update or delete not yet run, or raw SQL; `name` when a later write reads its RETURNING. */
export type Write = SQLWrapper | { name: string; query: SQLWrapper };

/**
 * Runs several writes as ONE statement (decisions/061): each a data-modifying CTE of
 * `with w0 as (…), w1 as (…) select 1`. Only for writes that need nothing from each other but
 * what a named write's RETURNING gives: every part sees the same snapshot (none sees another's
 * rows unless it reads a named write) and no row may be changed by two parts. Foreign keys are
 * checked at the statement's end, so a row may refer to a row inserted by another part.
 */
export async function writeTogether(db: Executor, writes: readonly (Write | null | undefined | false)[]): Promise<void> {
  await writeTogetherReading(db, writes, sql`select 1`);
}

/** writeTogether ending in `finalSelect` (which may read the named writes' RETURNING): its rows, with the database's column names. */
export async function writeTogetherReading<Row extends Record<string, unknown>>(
  db: Executor,
  writes: readonly (Write | null | undefined | false)[],
  finalSelect: SQL,
): Promise<Row[]> {
  const parts = writes.filter((write): write is Write => Boolean(write));
  if (parts.length === 0) return [];
  const result = await db.execute(togetherSql(parts, finalSelect));
  return result.rows as Row[];
}

/** The one statement of writeTogetherReading, for a prepared statement (server/db/prepared.ts) to build once. */
export function togetherSql(writes: readonly Write[], finalSelect: SQL): SQL {
  const ctes: SQL[] = writes.map((write, n) =>
    "query" in write ? sql`${sql.identifier(write.name)} as (${write.query.getSQL()})` : sql`${sql.identifier(`w${n}`)} as (${write.getSQL()})`,
  );
  return sql`with ${sql.join(ctes, sql`, `)} ${finalSelect}`;
}
