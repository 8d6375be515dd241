import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { insertJsonRows, jsonRows } from "./json-rows.ts";
import { prepared, preparedSql } from "./prepared.ts";
import { auditLog, serviceabilityRanges } from "./schema.ts";
import { inTransaction, Rollback } from "./tx.ts";

const rangeOf = prepared("test_range_of_pin", (db) =>
  db
    .select({ state: serviceabilityRanges.state })
    .from(serviceabilityRanges)
    .where(eq(serviceabilityRanges.pinFrom, sql.placeholder("pin"))),
);
const countOf = preparedSql<{ count: number }>(
  "test_count_ranges",
  () => sql`select count(*)::int as count from ${serviceabilityRanges} where ${serviceabilityRanges.pinFrom} >= ${sql.placeholder("from")}`,
);

const KEYS = ["id", "actorId", "actorName", "actorRole", "action", "entity", "entityId", "before", "after"] as const;
const insertEntries = preparedSql("test_json_rows_audit", () =>
  sql`with w as (${insertJsonRows(auditLog, KEYS, sql.placeholder("rows"), { at: sql`${sql.placeholder("at")}::timestamptz + r._n * interval '1 second'` })}) select 1`,
);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.release());

describe("prepared statements", () => {
  it("run with each call's values, on the database and inside a transaction, which sees its own writes", async () => {
    const { db } = database.handle;
    await db.insert(serviceabilityRanges).values({ pinFrom: 990001, pinTo: 990009, state: "Goa", minDays: 2, maxDays: 4 });
    expect(await rangeOf(db, { pin: 990001 })).toEqual([{ state: "Goa" }]);
    expect(await rangeOf(db, { pin: 990002 })).toEqual([]);

    const seen = await inTransaction(db, async (tx) => {
      await tx.insert(serviceabilityRanges).values({ pinFrom: 990011, pinTo: 990019, state: "Kerala", minDays: 2, maxDays: 4 });
      const inside = { range: await rangeOf(tx, { pin: 990011 }), count: (await countOf(tx, { from: 990001 }))[0]!.count };
      throw new Rollback(inside);
    });
    // The transaction's statement ran on the transaction's connection: it saw the row not yet committed.
    expect(seen).toEqual({ range: [{ state: "Kerala" }], count: 2 });
    // Rolled back: the same statements on the database no longer see it.
    expect(await rangeOf(db, { pin: 990011 })).toEqual([]);
    expect(await countOf(db, { from: 990001 })).toEqual([{ count: 1 }]);
  });

  it("refuse a statement that would fix a value Drizzle computes when building it (an id, an updated_at)", async () => {
    const { db } = database.handle;
    const insertWithBuiltId = prepared("test_built_id", (tx) =>
      tx.insert(serviceabilityRanges).values({ pinFrom: sql.placeholder("pin"), pinTo: sql.placeholder("pin"), state: "Goa", minDays: 1, maxDays: 2 }),
    );
    await expect(insertWithBuiltId(db, { pin: 990021 })).rejects.toThrow(/test_built_id.*placeholder/);
    const updateWithBuiltTime = prepared("test_built_time", (tx) =>
      tx.update(serviceabilityRanges).set({ maxDays: 5 }).where(eq(serviceabilityRanges.pinFrom, sql.placeholder("pin"))),
    );
    await expect(updateWithBuiltTime(db, { pin: 990001 })).rejects.toThrow(/test_built_time.*placeholder/);
  });

  it("refuse a second statement of the same name", () => {
    expect(() => prepared("test_range_of_pin", (db) => db.select().from(serviceabilityRanges))).toThrow(/Two prepared statements/);
  });
});

describe("rows given as one JSON parameter", () => {
  it("insert any number of rows with one statement text: JSON values, nulls and each row's place kept", async () => {
    const { db } = database.handle;
    const entry = (n: number, after: unknown) => ({
      id: crypto.randomUUID(),
      actorId: null,
      actorName: `Actor ${n}`,
      actorRole: "system",
      action: "test.json-rows",
      entity: "order",
      entityId: "json-rows",
      before: null,
      after,
    });
    const at = "2026-11-29T10:00:00.000Z";
    await insertEntries(db, { rows: jsonRows(auditLog, KEYS, [entry(0, { status: "Paid", lines: [1, 2] }), entry(1, "text")]), at });
    await insertEntries(db, { rows: jsonRows(auditLog, KEYS, [entry(2, { quote: 'a "quoted" \\ value' })]), at: "2026-11-29T11:00:00.000Z" });
    await insertEntries(db, { rows: jsonRows(auditLog, KEYS, []), at });

    const rows = await db
      .select({ actorName: auditLog.actorName, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after, at: auditLog.at })
      .from(auditLog)
      .where(eq(auditLog.entityId, "json-rows"))
      .orderBy(asc(auditLog.at));
    expect(rows).toEqual([
      { actorName: "Actor 0", actorId: null, before: null, after: { status: "Paid", lines: [1, 2] }, at: new Date("2026-11-29T10:00:00.000Z") },
      { actorName: "Actor 1", actorId: null, before: null, after: "text", at: new Date("2026-11-29T10:00:01.000Z") },
      { actorName: "Actor 2", actorId: null, before: null, after: { quote: 'a "quoted" \\ value' }, at: new Date("2026-11-29T11:00:00.000Z") },
    ]);
  });
});
