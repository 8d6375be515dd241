// The refill job (issue 32, decisions/057): every minute, on every process, it (1) places the
// order of each active refill whose date has come, (2) sends the payment link of each prepaid
// refill order that has none yet, and (3) reminds shoppers REFILL_REMINDER_DAYS before a date.
// What keeps each of them once across processes: (1) the refill row locked FOR UPDATE SKIP LOCKED
// and a refill_runs row keyed (refill, date) inserted in the same transaction as the order; (2)
// the order row locked SKIP LOCKED and re-checked for a link; (3) a conditional update of
// `reminded_for` that only one process can win.
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { addIstDays, formatLongDate, istDay } from "#common/dates.ts";
import { formatAmount, formatRupees } from "#common/money.ts";
import { REFILL_MESSAGES, REFILL_REMINDER_DAYS } from "#common/refills.ts";
import type { ShopContext } from "#server/context.ts";
import { orders, refillRuns, refills, user as users } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";
import { findServiceability } from "#server/modules/delivery/serviceability.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { queueAccountMessage } from "#server/modules/messaging/outbox.ts";
import { placeOrder, type CheckoutResult } from "#server/modules/orders/checkout.ts";
import { ORDER_MESSAGES } from "#server/modules/orders/replies.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import { recordProviderOrder } from "#server/modules/payments/rows.ts";
import { dispatchConfig } from "#server/modules/settings/settings.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";

type RefillRow = typeof refills.$inferSelect;

export const REFILL_JOB_INTERVAL_MS = 60_000;
/** A prepaid refill's payment link, and the order's reservation, last this long. */
export const PAYMENT_LINK_DAYS = 3;
const BATCH = 50;

/** The shopper's refills page, where every refill message points (they sign in to act). */
export function refillsPageUrl(publicUrl: string): string {
  return `${publicUrl}/profile/refills`;
}

/** Why an order of a refill was not placed, in the shopper's words. */
export function notPlacedReason(failure: Extract<CheckoutResult, { ok: false }>): string {
  switch (failure.reason) {
    case "out-of-stock":
      return `${failure.productName} is out of stock.`;
    case "unavailable":
    case "not-sold-online":
      return `${ORDER_MESSAGES.unavailable(failure.productName)}.`;
    case "cod-unavailable":
      return failure.message.endsWith(".") ? failure.message : `${failure.message}.`;
    case "over-limit":
      return `${REFILL_MESSAGES.overLimit(failure.productName, failure.limit)}.`;
    case "not-serviceable":
      return `${REFILL_MESSAGES.notServiceable}.`;
    case "below-minimum":
      return `${ORDER_MESSAGES.belowMinimum}.`;
    case "above-maximum":
      return ORDER_MESSAGES.aboveMaximum;
    default:
      return "The order could not be placed today.";
  }
}

interface Shopper {
  name: string;
  email: string;
  whatsapp: boolean;
}

/** Tells the shopper by message (SMS, and WhatsApp when they chose it) and email, in the caller's transaction. */
async function tell(
  tx: Transaction,
  refill: RefillRow,
  shopper: Shopper,
  message: { template: "refill_reminder" | "refill_not_placed" | "refill_payment"; params: string[]; subject: string; text: string; orderId?: string },
) {
  await queueAccountMessage(tx, { phone: refill.address.phone, template: message.template, params: message.params, whatsapp: shopper.whatsapp, orderId: message.orderId });
  await queueEmail(tx, { to: shopper.email, subject: message.subject, text: `Hello ${shopper.name},\n\n${message.text}\n` });
}

async function shopperOf(tx: Transaction, refill: RefillRow): Promise<Shopper> {
  const [row] = await tx.select({ name: users.name, email: users.email, whatsapp: users.whatsappUpdatesAt }).from(users).where(eq(users.id, refill.userId));
  return { name: row?.name ?? refill.address.firstName, email: row?.email ?? "", whatsapp: Boolean(row?.whatsapp) };
}

/** The first date after `today` in the refill's rhythm (a date missed while the shop was down orders once, not once per missed period). */
function nextDateAfter(refill: Pick<RefillRow, "nextOrderOn" | "everyDays">, today: string): string {
  let next = addIstDays(refill.nextOrderOn, refill.everyDays);
  while (next <= today) next = addIstDays(next, refill.everyDays);
  return next;
}

/**
 * Orders one due refill, in one transaction: the refill locked (SKIP LOCKED: another process
 * has it), its (refill, date) run inserted (a date acted on before is never acted on again), the
 * order placed by checkout's placeOrder at today's prices inside it, the date moved on. Out of
 * stock, a PIN no longer served, COD no longer offered: no order, the shopper is told why, the
 * refill stays active with its next date. Beyond the prescription's cover: no order, the refill
 * pauses and the shopper is asked for a new prescription. Resolves with the placed order's id.
 */
export async function orderRefill(shop: ShopContext, refillId: string, now = new Date()): Promise<{ orderId: string } | { outcome: "not-placed" | "paused" } | null> {
  const today = istDay(now);
  const dispatch = await dispatchConfig(shop);
  return shop.db.transaction(async (tx) => {
    const [refill] = await tx
      .select()
      .from(refills)
      .where(and(eq(refills.id, refillId), eq(refills.status, "active"), lte(refills.nextOrderOn, today)))
      .for("update", { skipLocked: true });
    if (!refill) return null;
    const next = nextDateAfter(refill, today);
    const [claimed] = await tx
      .insert(refillRuns)
      .values({ refillId: refill.id, orderOn: refill.nextOrderOn, outcome: "not-placed", createdAt: now })
      .onConflictDoNothing()
      .returning({ orderOn: refillRuns.orderOn });
    if (!claimed) {
      // This date was acted on already (never again): only the date moves on.
      await tx.update(refills).set({ nextOrderOn: next, updatedAt: now }).where(eq(refills.id, refill.id));
      return null;
    }
    const shopper = await shopperOf(tx, refill);
    const delivery = await findServiceability(tx, refill.address.postalCode, now, dispatch);
    const placed: Awaited<ReturnType<typeof placeOrder>> = delivery.serviceable
      ? await placeOrder(shop, { id: refill.userId, name: shopper.name, email: refill.address.email || shopper.email }, refill.address, now, {
          lines: refill.items,
          paymentMethod: refill.paymentMethod,
          pinAllowsCod: delivery.cod,
          prescriptionIds: refill.prescriptionId ? [refill.prescriptionId] : undefined,
          withinCover: true,
          reservationUntil: new Date(now.getTime() + PAYMENT_LINK_DAYS * 86_400_000),
          estimatedDelivery: delivery.estimatedDelivery,
          within: tx,
        })
      : { ok: false, reason: "not-serviceable" };
    const link = refillsPageUrl(shop.config.publicUrl);
    const name = refill.address.firstName.trim() || "there";

    if (placed.ok) {
      await tx.update(refillRuns).set({ outcome: "placed", orderId: placed.orderId }).where(and(eq(refillRuns.refillId, refill.id), eq(refillRuns.orderOn, refill.nextOrderOn)));
      await tx.update(refills).set({ nextOrderOn: next, lastOrderId: placed.orderId, notice: null, updatedAt: now }).where(eq(refills.id, refill.id));
      return { orderId: placed.orderId };
    }
    const rxBlocked = placed.reason === "prescription-required" || placed.reason === "prescription-not-usable";
    if (rxBlocked) {
      const names = "productNames" in placed && placed.productNames.length > 0 ? placed.productNames.join(", ") : "a medicine";
      const notice = REFILL_MESSAGES.notCovered(names);
      await tx.update(refillRuns).set({ outcome: "paused", message: notice }).where(and(eq(refillRuns.refillId, refill.id), eq(refillRuns.orderOn, refill.nextOrderOn)));
      await tx.update(refills).set({ status: "paused", notice, updatedAt: now }).where(eq(refills.id, refill.id));
      await tell(tx, refill, shopper, {
        template: "refill_not_placed",
        params: [name, `${notice} Your refill is paused.`, link],
        subject: "Your refill is paused: a new prescription is needed",
        text: `We could not place your refill order of ${formatLongDate(refill.nextOrderOn)}. ${notice}\n\nYour refill is paused. Once a new prescription is approved, resume it here: ${link}`,
      });
      return { outcome: "paused" };
    }
    const reason = notPlacedReason(placed);
    const notice = `Not ordered on ${formatLongDate(refill.nextOrderOn)}: ${reason} The next order is on ${formatLongDate(next)}.`;
    await tx.update(refillRuns).set({ message: reason }).where(and(eq(refillRuns.refillId, refill.id), eq(refillRuns.orderOn, refill.nextOrderOn)));
    await tx.update(refills).set({ nextOrderOn: next, notice, updatedAt: now }).where(eq(refills.id, refill.id));
    await tell(tx, refill, shopper, {
      template: "refill_not_placed",
      params: [name, `${reason} The next one is on ${formatLongDate(next)}.`, link],
      subject: "Your refill order could not be placed",
      text: `We could not place your refill order of ${formatLongDate(refill.nextOrderOn)}: ${reason}\n\nNothing was charged. Your refill stays on; the next order is on ${formatLongDate(next)}. Your refills: ${link}`,
    });
    return { outcome: "not-placed" };
  });
}

/**
 * Sends the payment link of a prepaid refill order that has none yet: Razorpay Payment Links
 * (`POST /v1/payment_links`, the link's id kept as the order's provider order, so the webhook's
 * `payment_link.paid` pays it through mark-paid like any payment), or with the offline test
 * gateway the order's page. The order row is locked SKIP LOCKED while the link is made, so two
 * processes never make two; a provider failure leaves it for the next run.
 */
export async function sendPaymentLink(shop: ShopContext, orderId: string, now = new Date()): Promise<boolean> {
  const gateway = shop.gateway;
  if (!gateway) return false;
  return shop.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, "Pending"), eq(orders.isPaid, false), isNull(orders.providerOrderId)))
      .for("update", { skipLocked: true });
    if (!order || !order.reservationExpiresAt || order.reservationExpiresAt <= now) return false;
    const [run] = await tx.select({ refillId: refillRuns.refillId }).from(refillRuns).where(eq(refillRuns.orderId, order.id));
    const [refill] = run ? await tx.select().from(refills).where(eq(refills.id, run.refillId)) : [];
    if (!refill) return false;
    const orderPage = `${shop.config.publicUrl}/order/${order.id}`;
    let link: { id: string; url: string };
    try {
      link = await gateway.createPaymentLink({
        amountPaise: order.totalPaise,
        referenceId: order.orderNumber,
        description: `Refill order ${order.orderNumber}`,
        customer: { name: order.customerName, contact: order.shippingAddress.phone, ...(order.customerEmail ? { email: order.customerEmail } : {}) },
        expireBy: order.reservationExpiresAt,
        callbackUrl: orderPage,
        notes: { orderId: order.id, orderNumber: order.orderNumber, refillId: refill.id },
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      shop.logger.warn({ err: error, orderId: order.id }, "refill payment link could not be made; tried again next run");
      return false;
    }
    await tx.update(orders).set({ providerOrderId: link.id, updatedAt: now }).where(eq(orders.id, order.id));
    await recordProviderOrder(tx, { orderId: order.id, provider: gateway.provider, providerOrderId: link.id, amountPaise: order.totalPaise });
    const shopper = await shopperOf(tx, refill);
    const name = order.shippingAddress.firstName.trim() || "there";
    await tell(tx, refill, shopper, {
      template: "refill_payment",
      params: [name, order.orderNumber, formatAmount(order.totalPaise), link.url],
      subject: `Refill order ${order.orderNumber}: please pay ${formatRupees(order.totalPaise)}`,
      text: `Your refill order ${order.orderNumber} is ready at today's prices: ${formatRupees(order.totalPaise)}. Please pay here by ${formatLongDate(istDay(order.reservationExpiresAt))} to have it shipped: ${link.url}\n\nIf it is not paid by then, the order is cancelled and your refill carries on with its next date. Your order: ${orderPage}`,
      orderId: order.id,
    });
    return true;
  });
}

/** Reminds the shopper of each active refill whose date is 1 to REFILL_REMINDER_DAYS days away, once per date. */
export async function remindRefills(shop: ShopContext, now = new Date(), batch = BATCH): Promise<number> {
  const today = istDay(now);
  const due = and(
    eq(refills.status, "active"),
    gt(refills.nextOrderOn, today),
    lte(refills.nextOrderOn, addIstDays(today, REFILL_REMINDER_DAYS)),
    or(isNull(refills.remindedFor), sql`${refills.remindedFor} <> ${refills.nextOrderOn}`),
  );
  const rows = await shop.db.select({ id: refills.id }).from(refills).where(due).orderBy(asc(refills.nextOrderOn)).limit(batch);
  let reminded = 0;
  for (const { id } of rows) {
    const done = await shop.db.transaction(async (tx) => {
      const [refill] = await tx.update(refills).set({ remindedFor: sql`${refills.nextOrderOn}` }).where(and(eq(refills.id, id), due)).returning();
      if (!refill) return false;
      const shopper = await shopperOf(tx, refill);
      const link = refillsPageUrl(shop.config.publicUrl);
      const date = formatLongDate(refill.nextOrderOn);
      await tell(tx, refill, shopper, {
        template: "refill_reminder",
        params: [refill.address.firstName.trim() || "there", date, link],
        subject: `Your refill will be ordered on ${date}`,
        text: `Your refill will be ordered on ${date} at that day's prices, ${refill.paymentMethod === "cod" ? "to be paid in cash on delivery" : "with a link to pay online"}.\n\nTo skip this one or pause the refill, sign in and open your refills: ${link}`,
      });
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}

/** One run: due refills ordered, payment links sent (retried until made), reminders queued. */
export async function runRefills(shop: ShopContext, now = new Date(), signal?: AbortSignal): Promise<{ placed: number; links: number; reminded: number }> {
  const today = istDay(now);
  let placed = 0;
  for (;;) {
    const due = await shop.db
      .select({ id: refills.id })
      .from(refills)
      .where(and(eq(refills.status, "active"), lte(refills.nextOrderOn, today)))
      .orderBy(asc(refills.nextOrderOn), asc(refills.id))
      .limit(BATCH);
    let acted = 0;
    for (const { id } of due) {
      const outcome = await orderRefill(shop, id, now);
      if (outcome) acted += 1;
      if (outcome && "orderId" in outcome) placed += 1;
    }
    if (due.length < BATCH || acted === 0 || signal?.aborted) break;
  }
  const unlinked = await shop.db
    .select({ id: orders.id })
    .from(refillRuns)
    .innerJoin(orders, eq(orders.id, refillRuns.orderId))
    .where(and(eq(orders.status, "Pending"), eq(orders.isPaid, false), eq(orders.paymentMethod, "razorpay"), isNull(orders.providerOrderId)))
    .limit(BATCH);
  let links = 0;
  for (const { id } of unlinked) if (await sendPaymentLink(shop, id, now)) links += 1;
  const reminded = await remindRefills(shop, now);
  return { placed, links, reminded };
}

/** The refill job (server/jobs/shop-jobs.ts): first run at start, then every minute, so a refill due today is ordered within two minutes. */
export function refillJob(shop: ShopContext & { logger: Logger }, intervalMs = REFILL_JOB_INTERVAL_MS): PeriodicJob {
  return {
    name: "refills",
    intervalMs,
    runAtStart: true,
    async run(signal) {
      const { placed, links, reminded } = await runRefills(shop, new Date(), signal);
      if (placed + links + reminded > 0) shop.logger.info({ placed, links, reminded }, "refills: orders placed, payment links sent, reminders queued");
    },
  };
}
