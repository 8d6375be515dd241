// Subscribe and refill (issue 32, api-contract.md "Reorder and refills", decisions/057): the
// shopper's calls on their own refills and the admin's list. The job that orders them is job.ts.
import type * as z from "zod/mini";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { addIstDays, istDay } from "#common/dates.ts";
import { paiseToRupees } from "#common/money.ts";
import { asSchedule, prescriptionRequiredFor, soldOnline } from "#common/prescriptions.ts";
import {
  REFILL_REMINDER_DAYS,
  type AdminRefillJson,
  type RefillCreateInput,
  type RefillItemInput,
  type RefillJson,
  type RefillPeriod,
  type RefillProductJson,
} from "#common/refills.ts";
import type { ShopContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { shownEmail } from "#server/db/no-email.ts";
import { prescriptions, products, refills, user as users } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";
import { findAddressOfUser } from "#server/modules/addresses/addresses.ts";
import { findServiceability } from "#server/modules/delivery/serviceability.ts";
import { shippingAddressFrom } from "#server/modules/orders/checkout-request.ts";
import { linesBeyondCover } from "#server/modules/prescriptions/cover.ts";
import { dispatchConfig } from "#server/modules/settings/settings.ts";
import { readInput, readQuery, type InvalidInput, type Listed } from "#server/schemas/input.ts";
import { adminRefillsQuerySchema, refillChangeSchema, refillCreateSchema } from "#server/schemas/refills.ts";

type RefillRow = typeof refills.$inferSelect;

/** Refills one shopper may keep (not cancelled). */
export const MAX_OPEN_REFILLS = 20;

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type RefillRefusal =
  | InvalidInput
  | { ok: false; reason: "not-found" | "address-not-found" | "prescription-not-found" | "not-serviceable" | "cod-unavailable" | "online-unavailable" | "cancelled" | "too-many" }
  | { ok: false; reason: "prescription-not-approved" }
  | { ok: false; reason: "unavailable"; productName: string }
  | { ok: false; reason: "over-limit"; productName: string; limit: number }
  | { ok: false; reason: "prescription-required"; productNames: string[] }
  | { ok: false; reason: "not-covered"; productName: string };

export type RefillResult = { ok: true; refill: RefillJson } | RefillRefusal;

/** The refills' JSON, each line joined to its product as sold today. */
export async function refillsJson(db: Executor, rows: readonly RefillRow[]): Promise<RefillJson[]> {
  const ids = [...new Set(rows.flatMap((row) => row.items.map((item) => item.productId)))];
  const found =
    ids.length === 0
      ? []
      : await db
          .select({ id: products.id, name: products.name, pricePaise: products.pricePaise, images: products.images, schedule: products.schedule, published: products.published })
          .from(products)
          .where(inArray(products.id, ids));
  const product = new Map(found.map((row) => [row.id, row]));
  return rows.map((row) => ({
    _id: row.id,
    items: row.items.map((item) => {
      const sold = product.get(item.productId);
      return {
        productId: item.productId,
        quantity: item.quantity,
        name: sold?.name ?? "No longer sold",
        price: sold ? paiseToRupees(sold.pricePaise) : 0,
        image: sold?.images[0]?.url ?? "",
        prescriptionRequired: sold ? prescriptionRequiredFor(asSchedule(sold.schedule)) : false,
      };
    }),
    everyDays: row.everyDays as RefillPeriod,
    nextOrderOn: row.nextOrderOn,
    status: row.status,
    paymentMethod: row.paymentMethod,
    address: row.address,
    ...(row.addressId ? { addressId: row.addressId } : {}),
    ...(row.prescriptionId ? { prescriptionId: row.prescriptionId } : {}),
    ...(row.lastOrderId ? { lastOrderId: row.lastOrderId } : {}),
    ...(row.notice ? { notice: row.notice } : {}),
    createdAt: row.createdAt.toISOString(),
  }));
}

async function oneJson(db: Executor, row: RefillRow): Promise<RefillJson> {
  return (await refillsJson(db, [row]))[0]!;
}

/**
 * The lines may be refilled: each product sold online, within the per-product limit, and the
 * prescription-only ones covered by the shopper's approved prescription on `day` (the first date).
 */
async function checkItems(
  shop: Pick<ShopContext, "db" | "config">,
  userId: string,
  items: readonly RefillItemInput[],
  prescriptionId: string | null | undefined,
  day: string,
): Promise<RefillRefusal | null> {
  const found = await shop.db
    .select({ id: products.id, name: products.name, schedule: products.schedule, published: products.published })
    .from(products)
    .where(inArray(products.id, items.map((item) => item.productId)));
  const product = new Map(found.map((row) => [row.id, row]));
  const { maxUnitsPerProduct } = shop.config.orderLimits;
  const lines = [];
  for (const item of items) {
    const row = product.get(item.productId);
    if (!row || !row.published || !soldOnline(asSchedule(row.schedule))) return { ok: false, reason: "unavailable", productName: row?.name ?? "A product" };
    if (item.quantity > maxUnitsPerProduct) return { ok: false, reason: "over-limit", productName: row.name, limit: maxUnitsPerProduct };
    lines.push({ productId: row.id, name: row.name, schedule: row.schedule, quantity: item.quantity });
  }
  const rx = lines.filter((line) => prescriptionRequiredFor(asSchedule(line.schedule)));
  if (rx.length === 0) return null;
  if (!prescriptionId) return { ok: false, reason: "prescription-required", productNames: rx.map((line) => line.name) };
  const [prescription] = await shop.db
    .select({ status: prescriptions.status })
    .from(prescriptions)
    .where(and(eq(prescriptions.id, prescriptionId), eq(prescriptions.userId, userId)));
  if (!prescription) return { ok: false, reason: "prescription-not-found" };
  if (prescription.status !== "approved") return { ok: false, reason: "prescription-not-approved" };
  const beyond = await linesBeyondCover(shop.db, prescriptionId, rx, day);
  if (beyond.length > 0) return { ok: false, reason: "not-covered", productName: beyond.map((line) => line.name).join(", ") };
  return null;
}

/** POST /api/refills: a refill of the caller's, its first order on `startOn` (today when left out). */
export async function createRefill(shop: ShopContext, customer: { id: string; email: string }, body: unknown, now = new Date()): Promise<RefillResult> {
  const today = istDay(now);
  const read = readInput(refillCreateSchema(today), body);
  if (!read.ok) return read;
  const input: RefillCreateInput = read.input;
  if (!ID_PATTERN.test(input.addressId)) return { ok: false, reason: "address-not-found" };
  const saved = await findAddressOfUser(shop.db, customer.id, input.addressId);
  if (!saved) return { ok: false, reason: "address-not-found" };
  const delivery = await findServiceability(shop.db, saved.postalCode, now, await dispatchConfig(shop));
  if (!delivery.serviceable) return { ok: false, reason: "not-serviceable" };
  if (input.paymentMethod === "cod" && !delivery.cod) return { ok: false, reason: "cod-unavailable" };
  if (input.paymentMethod === "razorpay" && !shop.gateway) return { ok: false, reason: "online-unavailable" };
  const startOn = input.startOn ?? today;
  const refused = await checkItems(shop, customer.id, input.items, input.prescriptionId, startOn);
  if (refused) return refused;
  const [open] = await shop.db
    .select({ n: count() })
    .from(refills)
    .where(and(eq(refills.userId, customer.id), sql`${refills.status} <> 'cancelled'`));
  if ((open?.n ?? 0) >= MAX_OPEN_REFILLS) return { ok: false, reason: "too-many" };
  const address = shippingAddressFrom(saved, shownEmail(customer.email) ?? "");
  address.state ||= delivery.state;
  const [row] = await shop.db
    .insert(refills)
    .values({
      userId: customer.id,
      items: input.items,
      everyDays: input.everyDays,
      nextOrderOn: startOn,
      paymentMethod: input.paymentMethod,
      addressId: saved._id,
      address,
      prescriptionId: input.prescriptionId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { ok: true, refill: await oneJson(shop.db, row!) };
}

async function ownRefill(db: Executor, userId: string, refillId: string): Promise<RefillRow | undefined> {
  if (!ID_PATTERN.test(refillId)) return undefined;
  const [row] = await db.select().from(refills).where(and(eq(refills.id, refillId), eq(refills.userId, userId)));
  return row;
}

/** GET /api/refills: the caller's refills, open ones by next date, cancelled ones last. */
export async function listRefills(db: Database, userId: string): Promise<RefillJson[]> {
  const rows = await db
    .select()
    .from(refills)
    .where(eq(refills.userId, userId))
    .orderBy(sql`(${refills.status} = 'cancelled')`, asc(refills.nextOrderOn), desc(refills.createdAt));
  return refillsJson(db, rows);
}

/** GET /api/refills/:id: one of the caller's; another customer's is not found. */
export async function getRefill(db: Database, userId: string, refillId: string): Promise<RefillResult> {
  const row = await ownRefill(db, userId, refillId);
  return row ? { ok: true, refill: await oneJson(db, row) } : { ok: false, reason: "not-found" };
}

/**
 * PUT /api/refills/:id { items?, everyDays?, status?, prescriptionId? }. Resuming checks the lines
 * again (the prescription, or a newer one sent with it, must cover them now); a date that passed while paused becomes
 * REFILL_REMINDER_DAYS from today, so the reminder goes out before anything is ordered.
 */
export async function changeRefill(shop: ShopContext, userId: string, refillId: string, body: unknown, now = new Date()): Promise<RefillResult> {
  const existing = await ownRefill(shop.db, userId, refillId);
  if (!existing) return { ok: false, reason: "not-found" };
  const read = readInput(refillChangeSchema, body);
  if (!read.ok) return read;
  const input = read.input;
  if (existing.status === "cancelled") return { ok: false, reason: "cancelled" };
  const today = istDay(now);
  const status = input.status ?? existing.status;
  const items = input.items ?? existing.items;
  const resumed = status === "active" && existing.status === "paused";
  const resumeOn = addIstDays(today, REFILL_REMINDER_DAYS);
  const prescriptionId = input.prescriptionId ?? existing.prescriptionId;
  if (input.items || input.prescriptionId || resumed) {
    const firstDate = resumed && existing.nextOrderOn <= today ? resumeOn : existing.nextOrderOn;
    const refused = await checkItems(shop, userId, items, prescriptionId, firstDate);
    if (refused) return refused;
  }
  // The date is never written from what was read (the job may have moved it on meanwhile): only a
  // resume moves a date that has passed, in the same statement.
  const [row] = await shop.db
    .update(refills)
    .set({
      ...(input.items ? { items: input.items } : {}),
      ...(input.everyDays ? { everyDays: input.everyDays } : {}),
      ...(input.prescriptionId ? { prescriptionId: input.prescriptionId } : {}),
      status,
      ...(resumed ? { notice: null, nextOrderOn: sql`case when ${refills.nextOrderOn} <= ${today}::date then ${resumeOn}::date else ${refills.nextOrderOn} end` } : {}),
      updatedAt: now,
    })
    .where(and(eq(refills.id, existing.id), sql`${refills.status} <> 'cancelled'`))
    .returning();
  if (!row) return { ok: false, reason: "cancelled" };
  return { ok: true, refill: await oneJson(shop.db, row) };
}

/** POST /api/refills/:id/skip: the next date moves on one period (a paused refill's too). */
export async function skipRefill(db: Database, userId: string, refillId: string, now = new Date()): Promise<RefillResult> {
  const existing = await ownRefill(db, userId, refillId);
  if (!existing) return { ok: false, reason: "not-found" };
  if (existing.status === "cancelled") return { ok: false, reason: "cancelled" };
  const [row] = await db
    .update(refills)
    .set({ nextOrderOn: sql`${refills.nextOrderOn} + ${refills.everyDays}`, updatedAt: now })
    .where(and(eq(refills.id, existing.id), sql`${refills.status} <> 'cancelled'`))
    .returning();
  if (!row) return { ok: false, reason: "cancelled" };
  return { ok: true, refill: await oneJson(db, row) };
}

/** DELETE /api/refills/:id: cancelled (kept, so its orders still name it); cancelling again changes nothing. */
export async function cancelRefill(db: Database, userId: string, refillId: string, now = new Date()): Promise<RefillResult> {
  const existing = await ownRefill(db, userId, refillId);
  if (!existing) return { ok: false, reason: "not-found" };
  const [row] = await db
    .update(refills)
    .set({ status: "cancelled", updatedAt: now })
    .where(eq(refills.id, existing.id))
    .returning();
  return { ok: true, refill: await oneJson(db, row!) };
}

/** The product a "Subscribe and refill" link names, when it is sold online; null otherwise. */
export async function refillableProduct(db: Executor, productId: string | null): Promise<RefillProductJson | null> {
  if (!productId || !ID_PATTERN.test(productId)) return null;
  const [row] = await db
    .select({ id: products.id, name: products.name, pricePaise: products.pricePaise, schedule: products.schedule })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!row || !soldOnline(asSchedule(row.schedule))) return null;
  return { _id: row.id, name: row.name, price: paiseToRupees(row.pricePaise), prescriptionRequired: prescriptionRequiredFor(asSchedule(row.schedule)) };
}

/** GET /api/admin/refills?status=&page=&limit=: every refill, next date first (cancelled ones last). */
export async function listAdminRefills(db: Database, query: unknown): Promise<Listed<AdminRefillJson, z.infer<typeof adminRefillsQuerySchema>>> {
  const read = readQuery(adminRefillsQuerySchema, query);
  if (!read.ok) return read;
  const { status, page, limit } = read.input;
  const where = status ? eq(refills.status, status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ refill: refills, customer: { _id: users.id, name: users.name, email: users.email } })
      .from(refills)
      .innerJoin(users, eq(users.id, refills.userId))
      .where(where)
      .orderBy(sql`(${refills.status} = 'cancelled')`, asc(refills.nextOrderOn), asc(refills.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(refills).where(where),
  ]);
  const json = await refillsJson(db, rows.map((row) => row.refill));
  const items = json.map((refill, index) => {
    const customer = rows[index]!.customer;
    return { ...refill, customer: { ...customer, email: shownEmail(customer.email) ?? "" } };
  });
  return { ok: true, query: read.input, items, total: counted?.total ?? 0, page, limit };
}

/** The dashboard's card: the next active refills to be ordered, soonest first. */
export async function upcomingRefills(db: Database, limit = 5): Promise<AdminRefillJson[]> {
  const listed = await listAdminRefills(db, { status: "active", limit: String(limit) });
  return listed.ok ? listed.items : [];
}

