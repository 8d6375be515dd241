import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { insertJsonRows, jsonRows } from "./json-rows.ts";
import { preparedSql } from "./prepared.ts";
import { auditLog } from "./schema.ts";

const KEYS = ["id", "actorId", "actorName", "actorRole", "action", "entity", "entityId", "before", "after"] as const;
const insertEntries = preparedSql("test_json_rows_audit", () =>
  sql`with w as (${insertJsonRows(auditLog, KEYS, sql.placeholder("rows"), { at: sql`${sql.placeholder("at")}::timestamptz + r._n * interval '1 second'` })}) select 1`,
);

describe("rows given as one JSON parameter", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.release());

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
