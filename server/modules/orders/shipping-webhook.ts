// Shiprocket's tracking webhook (issue 31, decisions/052): POST /api/shipping/webhook with the
// account's token in `x-api-key` (compared in constant time). Each scan is added to the shipment
// once; the shipment's status only moves forward in time; DELIVERED makes the order Delivered and
// RTO DELIVERED (or a return delivered) makes any order Cancelled "Returned to sender" with its
// stock back and a paid one refunded (a refund that fails leaves the order Shipped with the reason
// on the shipment, shown to the staff and tried again hourly) — both through the transition table, and only after Shiprocket's own
// tracking (GET /v1/external/courier/track/awb/:awb) says the same, so a forged or stale report
// never changes money or stock. Delivered and Cancelled are final, so nothing moves an order back.
import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { SHIPPING_MESSAGES, type ShipmentEventJson } from "#common/shipping.ts";
import type { ShopContext } from "#server/context.ts";
import { orders, shipments } from "#server/db/schema.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { countWebhook } from "#server/modules/shipping/counters.ts";
import { addShipmentEvents, saveShipmentStep, shipmentByAwb } from "#server/modules/shipping/shipments.ts";
import { ShiprocketError, shiprocketFor } from "#server/modules/shipping/shiprocket.ts";
import { queueOrderMessagesOnce } from "#server/modules/messaging/outbox.ts";
import { changeOrderStatus } from "./status.ts";

export type ShippingWebhookResult =
  | { ok: true; outcome: "ignored" | "recorded"; added: number; orderStatus?: string }
  | { ok: false; reason: "not-configured" }
  | { ok: false; reason: "unauthorised" }
  | { ok: false; reason: "invalid"; message: string }
  /** Shiprocket's tracking could not be read to confirm a delivery or a return: nothing changed; Shiprocket sends it again. */
  | { ok: false; reason: "unconfirmed"; message: string }
  | Throttled;

export const WEBHOOK_MESSAGES = {
  notConfigured: "Shipments through Shiprocket are not configured",
  unauthorised: "The x-api-key header does not match this shop's Shiprocket webhook token",
  invalid: "The body must be Shiprocket's tracking update as JSON with an awb",
  unconfirmed: "Shiprocket's tracking could not be read to confirm this status; send it again later",
} as const;

/** At most this many scans are read from one update (a parcel's whole journey is a few dozen). */
const MAX_SCANS = 300;
const MAX_TEXT = 500;

/** Whether `given` is the token, in time that does not depend on where they differ. */
export function tokenMatches(given: unknown, token: string): boolean {
  if (typeof given !== "string" || given.length === 0) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(token));
}

const clip = (value: unknown): string => (typeof value === "string" ? value.trim().slice(0, MAX_TEXT) : typeof value === "number" ? String(value) : "");

/**
 * Shiprocket's times are India's wall clock without a zone: "2026-11-30 14:05:00",
 * "30 11 2026 14:05:00" or "30-11-2026 14:05:00". Null when it is none of these.
 */
export function parseShiprocketTime(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  const isoLike = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  const dayFirst = isoLike ? null : /^(\d{2})[ -](\d{2})[ -](\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  const parts = isoLike ?? dayFirst;
  if (!parts) return null;
  const [year, month, day] = isoLike ? [parts[1], parts[2], parts[3]] : [parts[3], parts[2], parts[1]];
  const numbers = [year, month, day, parts[4] ?? "0", parts[5] ?? "0", parts[6] ?? "0"].map(Number) as [number, number, number, number, number, number];
  const [y, mo, d, h, mi, se] = numbers;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) return null;
  // India is UTC+05:30 all year.
  return new Date(Date.UTC(y, mo - 1, d, h, mi, se) - IST_OFFSET_MS);
}

const IST_OFFSET_MS = 330 * 60 * 1000;

interface Update {
  awb: string;
  currentStatus: string;
  at: Date | null;
  etd: string | null;
  isReturn: boolean;
  scans: ShipmentEventJson[];
}

function readUpdate(body: unknown): Update | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const input = body as Record<string, unknown>;
  const awb = clip(input.awb);
  if (!awb) return null;
  const scans: ShipmentEventJson[] = [];
  for (const scan of Array.isArray(input.scans) ? input.scans.slice(0, MAX_SCANS) : []) {
    if (!scan || typeof scan !== "object") continue;
    const entry = scan as Record<string, unknown>;
    const at = parseShiprocketTime(entry.date);
    if (!at) continue;
    scans.push({ at: at.toISOString(), status: clip(entry.status), activity: clip(entry.activity), location: clip(entry.location) });
  }
  const etd = parseShiprocketTime(input.etd);
  return {
    awb,
    currentStatus: clip(input.current_status).toUpperCase(),
    at: parseShiprocketTime(input.current_timestamp),
    // The expected day in India (the time is the courier's promise, the day is what the pages show).
    etd: etd ? new Date(etd.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10) : null,
    isReturn: input.is_return === true || input.is_return === 1 || input.is_return === "1" || input.is_return === "true",
    scans,
  };
}

type Outcome = "Delivered" | "Returned";

/** What a status means for the order: delivered, back with the shop, or nothing yet. */
function outcomeOf(status: string, isReturn: boolean): Outcome | null {
  if (status === "RTO DELIVERED" || (isReturn && status === "DELIVERED")) return "Returned";
  if (status === "DELIVERED") return "Delivered";
  return null;
}

/** POST /api/shipping/webhook, counted for /metrics by what became of it. */
export async function handleShippingWebhook(shop: ShopContext, headers: { apiKey: unknown; clientIp: string }, body: unknown): Promise<ShippingWebhookResult> {
  const result = await handleUpdate(shop, headers, body);
  if (result.ok) countWebhook(result.outcome);
  else if (result.reason !== "not-configured") countWebhook("refused");
  return result;
}

async function handleUpdate(shop: ShopContext, headers: { apiKey: unknown; clientIp: string }, body: unknown): Promise<ShippingWebhookResult> {
  const settings = shop.config.shiprocket;
  const client = shiprocketFor(shop.config);
  if (!settings || !client) return { ok: false, reason: "not-configured" };
  const throttled = await countRequests(shop, [["shippingWebhooksPerAddress", headers.clientIp]]);
  if (throttled) return throttled;
  if (!tokenMatches(headers.apiKey, settings.webhookToken)) return { ok: false, reason: "unauthorised" };
  const update = readUpdate(body);
  if (!update) return { ok: false, reason: "invalid", message: WEBHOOK_MESSAGES.invalid };

  const shipment = await shipmentByAwb(shop.db, update.awb);
  // A parcel this shop did not ship through Shiprocket (or one of another store on the account).
  if (!shipment) return { ok: true, outcome: "ignored", added: 0 };
  const [order] = await shop.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, shipment.orderId));
  if (!order) return { ok: true, outcome: "ignored", added: 0 };

  let outcome = outcomeOf(update.currentStatus, update.isReturn);
  if (outcome && order.status === "Shipped") {
    // Money and stock move only on what Shiprocket's own tracking says now.
    try {
      const tracked = await client.trackAwb(update.awb);
      if (tracked.currentStatus === null || outcomeOf(tracked.currentStatus, update.isReturn) !== outcome) {
        shop.logger.warn({ awb: update.awb, reported: update.currentStatus, tracked: tracked.currentStatus }, "shiprocket webhook status not confirmed by tracking");
        outcome = null;
      }
    } catch (error) {
      if (!(error instanceof ShiprocketError)) throw error;
      shop.logger.warn({ awb: update.awb, err: error.message }, "shiprocket tracking could not be read to confirm a webhook");
      return { ok: false, reason: "unconfirmed", message: WEBHOOK_MESSAGES.unconfirmed };
    }
  }

  const added = await addShipmentEvents(shop.db, shipment.id, update.scans);
  const latestScan = update.scans.reduce<Date | null>((latest, scan) => (latest && latest.getTime() >= Date.parse(scan.at) ? latest : new Date(scan.at)), null);
  const at = update.at ?? latestScan ?? new Date();
  // A late or replayed update never takes the shipment's status back.
  if (!shipment.lastEventAt || at.getTime() >= shipment.lastEventAt.getTime()) {
    await saveShipmentStep(shop.db, shipment.id, {
      ...(update.currentStatus ? { currentStatus: update.currentStatus } : {}),
      lastEventAt: at,
      lastCheckedAt: new Date(),
      ...(update.etd ? { expectedDelivery: update.etd } : {}),
    });
  }

  if (update.currentStatus && order.status === "Shipped") await tellOutForDelivery(shop, shipment.id, order.id, update.currentStatus);
  const orderStatus = outcome && order.status === "Shipped" ? await applyOutcome(shop, order.id, update.awb, outcome) : order.status;
  return { ok: true, outcome: "recorded", added, orderStatus };
}

/**
 * The courier's OUT FOR DELIVERY scan tells the shopper (SMS, and WhatsApp where they asked for it),
 * once per order however often the scan is reported: the shipment's row lock serialises a webhook
 * and its replay, or the recheck job.
 */
async function tellOutForDelivery(shop: ShopContext, shipmentId: string, orderId: string, status: string): Promise<void> {
  if (status !== "OUT FOR DELIVERY") return;
  await shop.db.transaction(async (tx) => {
    await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, shipmentId)).for("update");
    await queueOrderMessagesOnce(shop, tx, orderId, { template: "order_out_for_delivery" });
  });
}

/**
 * Delivered, or back with the shop, through the transition table (Delivered: a COD order paid;
 * returned: cancelled with its stock back, a paid order refunded as any cancellation is). A return
 * whose refund fails leaves the order Shipped and the reason on the shipment (`return_problem`):
 * the admin's order page shows it, and the recheck job tries again every hour.
 */
async function applyOutcome(shop: ShopContext, orderId: string, awb: string, outcome: Outcome): Promise<string> {
  const changed =
    outcome === "Delivered"
      ? await changeOrderStatus(shop, orderId, "Delivered", { actor: "system", note: SHIPPING_MESSAGES.delivered })
      : await changeOrderStatus(shop, orderId, "Cancelled", { actor: "system", note: SHIPPING_MESSAGES.returnedToSender, returnedToSender: true });
  const shipment = await shipmentByAwb(shop.db, awb);
  if (changed.ok) {
    if (shipment?.returnProblem) await saveShipmentStep(shop.db, shipment.id, { returnProblem: null });
    return changed.to;
  }
  shop.logger.warn({ orderId, awb, outcome, reason: changed.reason }, "shiprocket outcome not applied to the order");
  if (outcome === "Returned" && changed.reason === "refund-failed" && shipment) {
    await saveShipmentStep(shop.db, shipment.id, { returnProblem: changed.message.slice(0, 500) });
  }
  return "Shipped";
}

/** A shipment with no news for this long has its tracking read again (a webhook Shiprocket never sent). */
export const SILENT_SHIPMENT_MS = 2 * 24 * 60 * 60 * 1000;
/** ...at most once a day each. */
const RECHECK_EVERY_MS = 24 * 60 * 60 * 1000;
const RECHECK_BATCH = 20;

/**
 * Reads Shiprocket's tracking of shipped orders silent for two days (no scan, or none since the
 * pickup) and acts on it as on a webhook: the status recorded, DELIVERED / RTO DELIVERED applied.
 * Each shipment is claimed by moving its `last_checked_at` with the same condition, so of several
 * processes one reads it; returns how many were read.
 */
export async function recheckSilentShipments(shop: ShopContext, options: { now?: Date; signal?: AbortSignal } = {}): Promise<number> {
  const client = shiprocketFor(shop.config);
  if (!client) return 0;
  await retryReturns(shop, options.signal);
  const now = options.now ?? new Date();
  const silentSince = new Date(now.getTime() - SILENT_SHIPMENT_MS);
  const checkedBefore = new Date(now.getTime() - RECHECK_EVERY_MS);
  // Due: shipped, silent since `silentSince`, not read within a day; least recently read first.
  const due = await shop.db.execute<{ id: string }>(sql`
    select s.id from ${shipments} s join ${orders} o on o.id = s.order_id
    where o.status = 'Shipped' and s.awb is not null
      and coalesce(s.last_event_at, s.pickup_booked_at, s.created_at) < ${silentSince.toISOString()}::timestamptz
      and (s.last_checked_at is null or s.last_checked_at < ${checkedBefore.toISOString()}::timestamptz)
    order by s.last_checked_at nulls first, s.id
    limit ${RECHECK_BATCH}`);
  const ids = due.rows.map((row) => row.id);
  if (ids.length === 0) return 0;
  // Claimed by moving last_checked_at; a process that read the same rows before this commit finds them no longer due.
  const claimed = await shop.db
    .update(shipments)
    .set({ lastCheckedAt: now })
    .where(and(inArray(shipments.id, ids), or(isNull(shipments.lastCheckedAt), lt(shipments.lastCheckedAt, checkedBefore))))
    .returning();
  let read = 0;
  for (const shipment of claimed) {
    if (options.signal?.aborted) break;
    try {
      const tracked = await client.trackAwb(shipment.awb!);
      read += 1;
      if (!tracked.currentStatus) continue;
      if (tracked.currentStatus !== shipment.currentStatus) await saveShipmentStep(shop.db, shipment.id, { currentStatus: tracked.currentStatus });
      await tellOutForDelivery(shop, shipment.id, shipment.orderId, tracked.currentStatus);
      const outcome = outcomeOf(tracked.currentStatus, false);
      if (outcome) await applyOutcome(shop, shipment.orderId, shipment.awb!, outcome);
    } catch (error) {
      if (!(error instanceof ShiprocketError)) throw error;
      shop.logger.warn({ awb: shipment.awb, err: error.message }, "shiprocket tracking could not be read for a silent shipment");
    }
  }
  return read;
}

/**
 * Parcels back with the shop whose cancellation failed on its refund (`return_problem`): tried
 * again (the return was confirmed by the tracking when the problem was recorded). Two processes
 * may both try; the order's row lock lets one cancel it, and the other finds it Cancelled.
 */
async function retryReturns(shop: ShopContext, signal?: AbortSignal): Promise<void> {
  const stuck = await shop.db
    .select({ orderId: shipments.orderId, awb: shipments.awb })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(orders.status, "Shipped"), sql`${shipments.returnProblem} is not null`))
    .limit(RECHECK_BATCH);
  for (const shipment of stuck) {
    if (signal?.aborted) break;
    if (shipment.awb) await applyOutcome(shop, shipment.orderId, shipment.awb, "Returned");
  }
}

export const SHIPMENT_RECHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The hourly re-read of silent shipments (server/jobs/shop-jobs.ts); nothing to do without Shiprocket. */
export function shipmentRecheckJob(shop: ShopContext, intervalMs = SHIPMENT_RECHECK_INTERVAL_MS): PeriodicJob {
  return {
    name: "shipment-recheck",
    intervalMs,
    async run(signal) {
      await recheckSilentShipments(shop, { signal });
    },
  };
}
