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
import type { Language } from "#common/language.ts";
import { formatAmount, formatRupees } from "#common/money.ts";
import { REFILL_MESSAGES, REFILL_REMINDER_DAYS } from "#common/refills.ts";
import type { ShopContext } from "#server/context.ts";
import { orders, refillRuns, refills, user as users } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";
import { findServiceability } from "#server/modules/delivery/serviceability.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { greetingName, queueAccountMessage } from "#server/modules/messaging/outbox.ts";
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

/** Why an order of a refill was not placed, in the shopper's words (and language, decisions/064). */
export function notPlacedReason(failure: Extract<CheckoutResult, { ok: false }>, language: Language = "en"): string {
  if (language === "hi") return hindiNotPlacedReason(failure);
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

function hindiNotPlacedReason(failure: Extract<CheckoutResult, { ok: false }>): string {
  switch (failure.reason) {
    case "out-of-stock":
      return `${failure.productName} स्टॉक में नहीं है।`;
    case "unavailable":
    case "not-sold-online":
      return `${failure.productName} अब उपलब्ध नहीं है।`;
    case "cod-unavailable":
      return "इस पते के लिए कैश ऑन डिलीवरी अब उपलब्ध नहीं है; ऑनलाइन भुगतान चुनें।";
    case "over-limit":
      return `एक बार में ${failure.productName} की ज़्यादा से ज़्यादा ${failure.limit} यूनिट ऑर्डर की जा सकती हैं।`;
    case "not-serviceable":
      return "हम अब इस पिन कोड पर डिलीवरी नहीं करते।";
    case "below-minimum":
      return "ऑर्डर की कुल राशि कम से कम ₹1 होनी चाहिए।";
    case "above-maximum":
      return "ऑर्डर की कुल राशि ज़्यादा से ज़्यादा ₹5,00,000 हो सकती है।";
    default:
      return "आज ऑर्डर नहीं किया जा सका।";
  }
}

/** The refill emails' and messages' words in each language (decisions/064); dates come written in it. */
const REFILL_TEXT: Record<
  Language,
  {
    hello: (name: string) => string;
    pausedSubject: string;
    paused: (date: string, names: string, link: string) => string;
    pausedReason: (names: string) => string;
    notPlacedSubject: string;
    notPlaced: (date: string, reason: string, next: string, link: string) => string;
    nextOne: (reason: string, next: string) => string;
    paymentSubject: (orderNumber: string, amount: string) => string;
    payment: (orderNumber: string, amount: string, by: string, url: string, orderPage: string) => string;
    reminderSubject: (date: string) => string;
    reminder: (date: string, cod: boolean, link: string) => string;
  }
> = {
  en: {
    hello: (name) => `Hello ${name},`,
    pausedSubject: "Your refill is paused: a new prescription is needed",
    paused: (date, names, link) =>
      `We could not place your refill order of ${date}. ${REFILL_MESSAGES.notCovered(names)}\n\nYour refill is paused. Once a new prescription is approved, resume it here: ${link}`,
    pausedReason: (names) => `${REFILL_MESSAGES.notCovered(names)} Your refill is paused.`,
    notPlacedSubject: "Your refill order could not be placed",
    notPlaced: (date, reason, next, link) =>
      `We could not place your refill order of ${date}: ${reason}\n\nNothing was charged. Your refill stays on; the next order is on ${next}. Your refills: ${link}`,
    nextOne: (reason, next) => `${reason} The next one is on ${next}.`,
    paymentSubject: (n, amount) => `Refill order ${n}: please pay ${amount}`,
    payment: (n, amount, by, url, orderPage) =>
      `Your refill order ${n} is ready at today's prices: ${amount}. Please pay here by ${by} to have it shipped: ${url}\n\nIf it is not paid by then, the order is cancelled and your refill carries on with its next date. Your order: ${orderPage}`,
    reminderSubject: (date) => `Your refill will be ordered on ${date}`,
    reminder: (date, cod, link) =>
      `Your refill will be ordered on ${date} at that day's prices, ${cod ? "to be paid in cash on delivery" : "with a link to pay online"}.\n\nTo skip this one or pause the refill, sign in and open your refills: ${link}`,
  },
  hi: {
    hello: (name) => `नमस्ते ${name} जी,`,
    pausedSubject: "आपका रिफ़िल रोक दिया गया है: नया प्रिस्क्रिप्शन चाहिए",
    paused: (date, names, link) =>
      `हम ${date} का आपका रिफ़िल ऑर्डर नहीं कर सके। आपका मंज़ूर प्रिस्क्रिप्शन अगले रिफ़िल के लिए ${names} को कवर नहीं करता। कृपया नया प्रिस्क्रिप्शन अपलोड करें।\n\nआपका रिफ़िल रोक दिया गया है। नया प्रिस्क्रिप्शन मंज़ूर होने के बाद इसे यहाँ फिर से शुरू करें: ${link}`,
    pausedReason: (names) => `आपका प्रिस्क्रिप्शन ${names} को कवर नहीं करता; नया प्रिस्क्रिप्शन अपलोड करें। आपका रिफ़िल रोक दिया गया है।`,
    notPlacedSubject: "आपका रिफ़िल ऑर्डर नहीं हो सका",
    notPlaced: (date, reason, next, link) =>
      `हम ${date} का आपका रिफ़िल ऑर्डर नहीं कर सके: ${reason}\n\nआपसे कोई पैसा नहीं लिया गया। आपका रिफ़िल चालू है; अगला ऑर्डर ${next} को होगा। आपके रिफ़िल: ${link}`,
    nextOne: (reason, next) => `${reason} अगला ऑर्डर ${next} को होगा।`,
    paymentSubject: (n, amount) => `रिफ़िल ऑर्डर ${n}: कृपया ${amount} का भुगतान करें`,
    payment: (n, amount, by, url, orderPage) =>
      `आपका रिफ़िल ऑर्डर ${n} आज की कीमतों पर तैयार है: ${amount}। इसे भेजने के लिए कृपया ${by} तक यहाँ भुगतान करें: ${url}\n\nतब तक भुगतान न होने पर ऑर्डर रद्द हो जाएगा और आपका रिफ़िल अपनी अगली तारीख से जारी रहेगा। आपका ऑर्डर: ${orderPage}`,
    reminderSubject: (date) => `आपका रिफ़िल ऑर्डर ${date} को किया जाएगा`,
    reminder: (date, cod, link) =>
      `आपका रिफ़िल ऑर्डर ${date} को उस दिन की कीमतों पर किया जाएगा, ${cod ? "जिसका भुगतान कैश ऑन डिलीवरी से होगा" : "और ऑनलाइन भुगतान के लिए आपको एक लिंक भेजा जाएगा"}।\n\nइस बार का ऑर्डर छोड़ने या रिफ़िल रोकने के लिए साइन इन करके अपने रिफ़िल खोलें: ${link}`,
  },
};

interface Shopper {
  name: string;
  email: string;
  whatsapp: boolean;
  /** The account's language (decisions/064): the emails' and messages' words and dates. */
  language: Language;
}

/**
 * Tells the shopper by message (SMS, and WhatsApp when they chose it) and email, in the caller's
 * transaction, in their language: `params` and `email` are given the language and write in it.
 */
async function tell(
  shop: Pick<ShopContext, "config">,
  tx: Transaction,
  refill: RefillRow,
  shopper: Shopper,
  message: {
    template: "refill_reminder" | "refill_not_placed" | "refill_payment";
    params: (language: Language) => string[];
    email: (language: Language) => { subject: string; text: string };
    orderId?: string;
  },
) {
  await queueAccountMessage(shop, tx, {
    phone: refill.address.phone,
    template: message.template,
    language: shopper.language,
    params: message.params,
    whatsapp: shopper.whatsapp,
    orderId: message.orderId,
  });
  const { subject, text } = message.email(shopper.language);
  await queueEmail(tx, { to: shopper.email, subject, text: `${REFILL_TEXT[shopper.language].hello(shopper.name)}\n\n${text}\n` });
}

async function shopperOf(tx: Transaction, refill: RefillRow): Promise<Shopper> {
  const [row] = await tx
    .select({ name: users.name, email: users.email, whatsapp: users.whatsappUpdatesAt, language: users.language })
    .from(users)
    .where(eq(users.id, refill.userId));
  return { name: row?.name ?? refill.address.firstName, email: row?.email ?? "", whatsapp: Boolean(row?.whatsapp), language: row?.language ?? "en" };
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
      await tell(shop, tx, refill, shopper, {
        template: "refill_not_placed",
        params: (language) => [greetingName(refill.address.firstName, language), REFILL_TEXT[language].pausedReason(names), link],
        email: (language) => ({ subject: REFILL_TEXT[language].pausedSubject, text: REFILL_TEXT[language].paused(formatLongDate(refill.nextOrderOn, language), names, link) }),
      });
      return { outcome: "paused" };
    }
    const reason = notPlacedReason(placed);
    const notice = `Not ordered on ${formatLongDate(refill.nextOrderOn)}: ${reason} The next order is on ${formatLongDate(next)}.`;
    await tx.update(refillRuns).set({ message: reason }).where(and(eq(refillRuns.refillId, refill.id), eq(refillRuns.orderOn, refill.nextOrderOn)));
    await tx.update(refills).set({ nextOrderOn: next, notice, updatedAt: now }).where(eq(refills.id, refill.id));
    await tell(shop, tx, refill, shopper, {
      template: "refill_not_placed",
      params: (language) => [greetingName(refill.address.firstName, language), REFILL_TEXT[language].nextOne(notPlacedReason(placed, language), formatLongDate(next, language)), link],
      email: (language) => ({
        subject: REFILL_TEXT[language].notPlacedSubject,
        text: REFILL_TEXT[language].notPlaced(formatLongDate(refill.nextOrderOn, language), notPlacedReason(placed, language), formatLongDate(next, language), link),
      }),
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
    const expires = istDay(order.reservationExpiresAt);
    await tell(shop, tx, refill, shopper, {
      template: "refill_payment",
      params: (language) => [greetingName(order.shippingAddress.firstName, language), order.orderNumber, formatAmount(order.totalPaise), link.url],
      email: (language) => ({
        subject: REFILL_TEXT[language].paymentSubject(order.orderNumber, formatRupees(order.totalPaise)),
        text: REFILL_TEXT[language].payment(order.orderNumber, formatRupees(order.totalPaise), formatLongDate(expires, language), link.url, orderPage),
      }),
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
      await tell(shop, tx, refill, shopper, {
        template: "refill_reminder",
        params: (language) => [greetingName(refill.address.firstName, language), formatLongDate(refill.nextOrderOn, language), link],
        email: (language) => ({
          subject: REFILL_TEXT[language].reminderSubject(formatLongDate(refill.nextOrderOn, language)),
          text: REFILL_TEXT[language].reminder(formatLongDate(refill.nextOrderOn, language), refill.paymentMethod === "cod", link),
        }),
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
