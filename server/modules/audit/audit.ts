import type * as z from "zod/mini";
import { AUDIT_PAGE_SIZE, type AuditEntryJson } from "#common/audit.ts";
import { addIstDays, istDayStart } from "#common/dates.ts";
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { formatRupees } from "#common/money.ts";
import type { Database } from "#server/db/client.ts";
import { auditLog, contactMessages, coupons, orders, payments, prescriptions, products, returnRequests, reviews, user } from "#server/db/schema.ts";
import { likePattern } from "#server/db/errors.ts";
import { insertJsonRows, jsonRows } from "#server/db/json-rows.ts";
import { auditQuerySchema } from "#server/schemas/audit.ts";
import { type Listed, readQuery } from "#server/schemas/input.ts";

/** A transaction of the shop's database (or the database itself, for a single statement). */
type Executor = Pick<Database, "insert">;

/** Who made a change: copied into the record, so it outlives the account. `id` is null for the shop itself. */
export interface AuditActor {
  id: string | null;
  name: string;
  role: string;
}

/** The shop's own changes (reservation expiry, the minute sweep): no person made them. */
export const SYSTEM_ACTOR: AuditActor = { id: null, name: "Shop (automatic)", role: "system" };

/** The person with this id as the log names them (a deleted account: "Deleted account", without an id). */
export async function auditActorById(tx: Pick<Database, "select">, userId: string): Promise<AuditActor> {
  const [row] = await tx.select({ name: user.name, role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
  return row ? { id: userId, name: row.name, role: row.role ?? "customer" } : { id: null, name: "Deleted account", role: "unknown" };
}

/** A payment provider reporting that money moved (verify, webhook, the offline test gateway). */
export function gatewayActor(provider: string): AuditActor {
  return { id: null, name: `${providerName(provider)} (payment gateway)`, role: "gateway" };
}

function providerName(provider: string): string {
  return provider === "razorpay" ? "Razorpay" : provider === "test" ? "Test payment gateway" : provider;
}

export interface AuditChange {
  /** What was done, as `<entity>.<verb>` ("review.hide", "review.delete"). */
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Longest text kept in a snapshot; an audit row must never carry a 5 MB name into every read of the log. */
export const AUDIT_TEXT_MAX = 200;
const ACTOR_NAME_MAX = 100;

function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max).join("")}… (${characters.length} characters)`;
}

/** A copy of a value fit for the log: long texts cut to AUDIT_TEXT_MAX characters (with their length), dates as ISO strings. */
export function auditSnapshot(value: unknown, depth = 0): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return truncate(value, AUDIT_TEXT_MAX);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object") return value;
  if (depth >= 4) return "…";
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => auditSnapshot(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, auditSnapshot(item, depth + 1)]));
}

/**
 * Records a change in the audit log. Call it with the transaction that makes the change, so the
 * record and the change commit (or roll back) together.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, change: AuditChange): Promise<void> {
  await auditInsert(tx, [actor, change]);
}

/**
 * recordAudit's insert, not yet run: for `writeTogether` (server/db/write-together.ts). Several
 * entries are one insert, in their order: the parts of one statement run in no set order, but the
 * rows of one VALUES do, and each entry is stamped a microsecond after the one before it.
 */
export function auditInsert(tx: Pick<Executor, "insert">, ...entries: [AuditActor, AuditChange][]) {
  return tx.insert(auditLog).values(entries.map(([actor, change], n) => auditValues(actor, change, n)));
}

const AUDIT_KEYS = ["id", "actorId", "actorName", "actorRole", "action", "entity", "entityId", "before", "after"] as const;

/** auditInsert for a prepared statement (server/db/prepared.ts): the entries are `rows`, a placeholder for `auditJson`. */
export function auditInsertFromJson(rows: SQL): SQL {
  return insertJsonRows(auditLog, AUDIT_KEYS, rows, { at: sql`clock_timestamp() + r._n * interval '1 microsecond'` });
}

/** The entries for auditInsertFromJson, in their order (each a microsecond after the one before, as auditInsert stamps them). */
export function auditJson(...entries: [AuditActor, AuditChange][]): string {
  return jsonRows(auditLog, AUDIT_KEYS, entries.map(([actor, change]) => ({ id: crypto.randomUUID(), ...auditFields(actor, change) })));
}

function auditValues(actor: AuditActor, change: AuditChange, nth = 0) {
  return {
    // The clock, not the transaction's start: several changes in one transaction keep their order.
    at: nth === 0 ? sql`clock_timestamp()` : sql`clock_timestamp() + ${`${nth} microseconds`}::interval`,
    ...auditFields(actor, change),
  };
}

function auditFields(actor: AuditActor, change: AuditChange) {
  return {
    actorId: actor.id,
    actorName: truncate(actor.name, ACTOR_NAME_MAX),
    actorRole: actor.role,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: change.before === undefined ? null : auditSnapshot(change.before),
    after: change.after === undefined ? null : auditSnapshot(change.after),
  };
}

/**
 * GET /api/admin/audit and /admin/audit: the log, newest first, optionally for one entity (and one
 * of its records), one actor, a time range (auditQuerySchema). `actor` matches part of the actor's
 * name, or their id; `from` and `to` are Indian calendar days ("YYYY-MM-DD"), both included.
 */
export async function listAuditEntries(db: Database, raw: unknown): Promise<Listed<AuditEntryJson, z.infer<typeof auditQuerySchema>>> {
  const read = readQuery(auditQuerySchema, raw);
  if (!read.ok) return read;
  const { page = 1, limit = AUDIT_PAGE_SIZE, ...query } = read.input;
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.actor) {
    conditions.push(or(ilike(auditLog.actorName, likePattern(query.actor)), eq(auditLog.actorId, query.actor))!);
  }
  if (query.from) conditions.push(gte(auditLog.at, istDayStart(query.from)));
  if (query.to) conditions.push(lt(auditLog.at, istDayStart(addIstDays(query.to, 1))));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    ok: true,
    query: read.input,
    total: totals?.total ?? 0,
    page,
    limit,
    items: rows.map((row) => ({
      _id: row.id,
      at: row.at.toISOString(),
      actor: { _id: row.actorId, name: row.actorName, role: row.actorRole },
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      ...(row.before === null ? {} : { before: row.before }),
      ...(row.after === null ? {} : { after: row.after }),
    })),
  };
}

/** A record id as the shop writes them (UUIDs): the strings the audit page turns into names. */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function collectIds(value: unknown, into: Set<string>, depth = 0): void {
  if (typeof value === "string") {
    if (RECORD_ID.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into, depth + 1);
  } else if (value && typeof value === "object" && depth < 5) {
    for (const item of Object.values(value)) collectIds(item, into, depth + 1);
  }
}

/**
 * The people and records a page of the log names, by id, as a person knows them (issue 27 item 8):
 * an order by its number, a product by its name, a user by name and email, a coupon by its code, a
 * return or a payment by its order, a message by its sender, a prescription by its file. Ids of
 * records since deleted are left out (the page then reads the name from the entry's own snapshot).
 */
export async function auditRecordNames(db: Database, entries: readonly AuditEntryJson[]): Promise<Record<string, string>> {
  const ids = new Set<string>();
  for (const entry of entries) {
    collectIds(entry.entityId, ids);
    collectIds(entry.actor._id, ids);
    collectIds(entry.before, ids);
    collectIds(entry.after, ids);
  }
  if (ids.size === 0) return {};
  const list = [...ids];
  const [orderRows, productRows, userRows, couponRows, returnRows, paymentRows, messageRows, prescriptionRows, reviewRows] = await Promise.all([
    db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, list)),
    db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, list)),
    db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, list)),
    db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, list)),
    db
      .select({ id: returnRequests.id, orderNumber: orders.orderNumber })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(inArray(returnRequests.id, list)),
    db
      .select({ id: payments.id, provider: payments.provider, amountPaise: payments.amountPaise, orderNumber: orders.orderNumber })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(inArray(payments.id, list)),
    db.select({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email }).from(contactMessages).where(inArray(contactMessages.id, list)),
    db.select({ id: prescriptions.id, fileName: prescriptions.fileName }).from(prescriptions).where(inArray(prescriptions.id, list)),
    db
      .select({ id: reviews.id, name: reviews.name, productName: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(inArray(reviews.id, list)),
  ]);
  const names: Record<string, string> = {};
  for (const row of orderRows) names[row.id] = `order ${row.orderNumber}`;
  for (const row of productRows) names[row.id] = row.name;
  for (const row of userRows) names[row.id] = `${row.name} (${row.email})`;
  for (const row of couponRows) names[row.id] = `coupon ${row.code}`;
  for (const row of returnRows) names[row.id] = `return for order ${row.orderNumber}`;
  for (const row of paymentRows) names[row.id] = `${providerName(row.provider)} payment of ${formatRupees(row.amountPaise)} for order ${row.orderNumber}`;
  for (const row of messageRows) names[row.id] = `message from ${row.name} (${row.email})`;
  for (const row of prescriptionRows) names[row.id] = `prescription ${row.fileName}`;
  for (const row of reviewRows) names[row.id] = `review by ${row.name} of ${row.productName}`;
  return names;
}
