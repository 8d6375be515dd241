import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { randomBytes, randomUUID } from "node:crypto";
import type { ShopContext } from "#server/context.ts";
import { cartLines, carts, orderLines, orderStatusHistory, orders, payments, products, user as users, type ShippingAddress } from "#server/db/schema.ts";
import { Rollback, inTransaction, type Transaction } from "#server/db/tx.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import { insertJsonRows, jsonRows } from "#server/db/json-rows.ts";
import { prepared, preparedSql, timePlaceholder, timeValue } from "#server/db/prepared.ts";
import { istDay } from "#common/dates.ts";
import type { Language } from "#common/language.ts";
import { RESERVATION_MINUTES, type CheckoutPayment, type OrderJson, type PaymentMethod } from "#common/orders.ts";
import { checkoutPrescriptions, linkOrderPrescriptions, type CheckoutPrescriptionRefusal } from "#server/modules/prescriptions/checkout.ts";
import { linkProposalApproval, proposalCovering } from "#server/modules/prescriptions/proposal-cover.ts";
import { recordAudit } from "#server/modules/audit/audit.ts";
import { checkCoupon, findCouponById, reserveCouponUse, type CouponRefusal } from "#server/modules/coupons/coupons.ts";
import { checkLimit, countRequest, throttled, type Throttled } from "#server/modules/limits/limiter.ts";
import { ORDERED_PRODUCT_FIELDS, orderableCartLines } from "#server/modules/cart/cart.ts";
import { optInAtCheckout } from "./whatsapp-opt-in.ts";
import { linesBeyondCover } from "#server/modules/prescriptions/cover.ts";
import { ordersJson, type LineRow, type OrderRow } from "./orders.ts";
import { readCheckoutRequest, type CheckoutRequestRefusal } from "./checkout-request.ts";
import { priceOrder } from "./pricing.ts";
import { codDecision, unitsHeldUnpaid } from "./cash-on-delivery.ts";
import { afterCashOnDeliveryPlaced } from "./side-effects.ts";
import { applyStatusChange } from "./status.ts";
import { reserveStock } from "./stock.ts";

/** Razorpay's smallest order. */
export const MINIMUM_ORDER_PAISE = 100;
/** Razorpay's default largest payment (₹5,00,000); also keeps every sum far inside a 32-bit column. */
export const MAXIMUM_ORDER_PAISE = 50_000_000;

export interface CheckoutCustomer {
  id: string;
  name: string;
  email: string;
}

export type CheckoutResult =
  /** `payment` is null for cash on delivery: nothing to pay now. */
  | { ok: true; order: OrderJson; payment: CheckoutPayment | null }
  /** The body, the saved address or the PIN code refused (checkout-request.ts). */
  | CheckoutRequestRefusal
  /** Cash on delivery asked for where it is not offered; `message` says why (cash-on-delivery.ts codDecision). */
  | { ok: false; reason: "cod-unavailable"; message: string }
  | { ok: false; reason: "not-configured" | "empty-cart" | "below-minimum" | "above-maximum" | "gateway-failed" }
  /** A newer checkout of the same customer replaced this one while its payment was being set up. */
  | { ok: false; reason: "superseded" }
  /** More units of one product than one customer may hold reserved (MAX_UNITS_PER_PRODUCT). */
  | { ok: false; reason: "over-limit"; productName: string; limit: number }
  | { ok: false; reason: "out-of-stock"; productName: string; available: number }
  | { ok: false; reason: "unavailable"; productName: string }
  /** Prescription-only lines without a usable prescription, or a Schedule X line (decisions/019). */
  | CheckoutPrescriptionRefusal
  /** The coupon does not apply (any more); `fromCart` when it was the cart's, which checkout then takes off (decisions/025). */
  | (CouponRefusal & { fromCart?: boolean })
  /** Too many coupon codes refused for this customer lately. */
  | Throttled;

/** What the shopper chose at checkout beyond the address. */
export interface CheckoutChoices {
  /** The caller's own prescriptions to attach (required when the cart holds prescription-only lines). */
  prescriptionIds?: readonly string[];
  /** Online (the default) or cash on delivery (decisions/022). */
  paymentMethod?: PaymentMethod;
  /** The delivery PIN code's range offers cash on delivery. */
  pinAllowsCod?: boolean;
  /** A coupon code typed at checkout; absent: the cart's applied coupon. */
  couponCode?: string;
  /** The PIN code's delivery promise now, kept with the order for its confirmation page and emails. */
  estimatedDelivery?: { from: string; to: string };
  /** This order's news on WhatsApp (to its delivery phone); also the account's opt-in (decisions/055). */
  whatsappUpdates?: boolean;
  /** The language of its emails and messages (decisions/064); absent: the account's. */
  language?: Language;
  /**
   * A refill's lines (decisions/057), ordered instead of the cart's: the cart is left as it is and
   * its coupon does not apply; a product no longer sold refuses the order ("unavailable").
   */
  lines?: readonly { productId: string; quantity: number }[];
  /** When an unpaid prepaid order's stock is released (default RESERVATION_MINUTES on): a refill's payment link lives for days. */
  reservationUntil?: Date;
  /** Prescription-only lines only within what the prescriptions cover (prescriptions/cover.ts): refills never go beyond it. */
  withinCover?: boolean;
  /** Place the order inside the caller's transaction (a savepoint): the refill job claims its date in the same one. */
  within?: Transaction;
}

type PlaceOrderFailure = Extract<CheckoutResult, { ok: false }>;

/** "HP-261121-7KQ2M9XA": the Indian day it was placed for people, random part so numbers reveal no sales volume. */
export function newOrderNumber(now: Date): string {
  const date = istDay(now).slice(2).replaceAll("-", "");
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const random = [...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join("");
  return `HP-${date}-${random}`;
}

const lockedCart = prepared("checkout_cart_lock", (db) => db.select().from(carts).where(eq(carts.userId, sql.placeholder("userId"))).for("update"));

/** placeOrder's order row: every column given, so one statement serves every kind of order. */
const insertOrder = prepared("checkout_insert_order", (db) =>
  db
    .insert(orders)
    .values({
      id: sql.placeholder("id"),
      orderNumber: sql.placeholder("orderNumber"),
      userId: sql.placeholder("userId"),
      customerName: sql.placeholder("customerName"),
      customerEmail: sql.placeholder("customerEmail"),
      status: sql.placeholder("status"),
      shippingAddress: sql.placeholder("shippingAddress"),
      paymentMethod: sql.placeholder("paymentMethod"),
      itemsPaise: sql.placeholder("itemsPaise"),
      discountPaise: sql.placeholder("discountPaise"),
      couponCode: sql.placeholder("couponCode"),
      shippingPaise: sql.placeholder("shippingPaise"),
      codFeePaise: sql.placeholder("codFeePaise"),
      taxPaise: sql.placeholder("taxPaise"),
      totalPaise: sql.placeholder("totalPaise"),
      reservationExpiresAt: timePlaceholder("reservationExpiresAt"),
      prescriptionStatus: sql.placeholder("prescriptionStatus"),
      prescriptionReviewedAt: timePlaceholder("prescriptionReviewedAt"),
      prescriptionReviewerId: sql.placeholder("prescriptionReviewerId"),
      prescriptionReviewerName: sql.placeholder("prescriptionReviewerName"),
      prescriptionReviewerRegistration: sql.placeholder("prescriptionReviewerRegistration"),
      prescriberName: sql.placeholder("prescriberName"),
      prescriberRegistration: sql.placeholder("prescriberRegistration"),
      deliveryFrom: sql.placeholder("deliveryFrom"),
      deliveryTo: sql.placeholder("deliveryTo"),
      codConfirmBy: timePlaceholder("codConfirmBy"),
      whatsappUpdatesAt: timePlaceholder("whatsappUpdatesAt"),
      language: sql`coalesce(${sql.placeholder("language")}::text, (select ${users.language} from ${users} where ${users.id} = ${sql.placeholder("userId")}))`,
      createdAt: sql.placeholder("now"),
      updatedAt: sql.placeholder("now"),
    })
    .returning(),
);

const LINE_KEYS = [
  "id",
  "orderId",
  "productId",
  "name",
  "image",
  "sku",
  "hsnCode",
  "gstRateBps",
  "unitPricePaise",
  "mrpPaise",
  "quantity",
  "taxPaise",
  "discountPaise",
  "batchNumber",
  "expiryDate",
  "schedule",
] as const;

/**
 * placeOrder's lines (given as a JSON array), its first history entry and, for cash on delivery,
 * the bought lines out of the cart: one statement, which also answers the lines' order as every
 * read of them sorts them (by name, then id), so the rows in hand serve the email and the answer.
 */
const insertPlaced = preparedSql<{ id: string }>(
  "checkout_insert_lines",
  () => sql`with placed_lines as (
      ${insertJsonRows(orderLines, LINE_KEYS, sql.placeholder("lines"))}
      returning id, name
    ), history as (
      insert into ${orderStatusHistory} (id, order_id, status, note, created_at)
      values (${sql.placeholder("historyId")}, ${sql.placeholder("orderId")}, ${sql.placeholder("status")}, ${sql.placeholder("note")}, ${sql.placeholder("now")}::timestamptz)
    ), bought as (
      delete from ${cartLines} where ${sql.placeholder("outOfCart")}::boolean and cart_id = ${sql.placeholder("cartId")}
        and product_id = any(${sql.placeholder("productIds")}::text[])
    )
    select id from placed_lines order by name, id`,
);

/** The provider order on the order and its payments row (as recordProviderOrder writes it), answering the order's status. */
const storeProviderOrder = preparedSql<{ status: string; updated_at: string | Date }>(
  "checkout_provider_order",
  () => sql`with provider_order as (
      update ${orders} set provider_order_id = ${sql.placeholder("providerOrderId")}, updated_at = ${sql.placeholder("now")}::timestamptz
      where id = ${sql.placeholder("orderId")} returning status, updated_at
    ), payment as (
      insert into ${payments} (id, order_id, provider, provider_order_id, amount_paise, currency, status)
      values (${sql.placeholder("paymentId")}, ${sql.placeholder("orderId")}, ${sql.placeholder("provider")}, ${sql.placeholder("providerOrderId")}, ${sql.placeholder("amountPaise")}::int, 'INR', 'created')
    )
    select status, updated_at from provider_order`,
);

/**
 * Builds a Pending order from the customer's server-side cart at current prices (as this
 * transaction read the cart's lines) and reserves its stock (`reserveStock`, the last statement),
 * all in one transaction, so concurrent buyers can never oversell.
 * Fair stock (decisions/014): the customer's older unpaid orders beyond MAX_UNPAID_ORDERS - 1 are
 * cancelled first (their stock released), and no product may be held reserved by one customer in
 * more than MAX_UNITS_PER_PRODUCT units — so a retry or a new checkout replaces, never stacks.
 */
export async function placeOrder(
  shop: ShopContext,
  customer: CheckoutCustomer,
  shippingAddress: ShippingAddress,
  now = new Date(),
  choices: CheckoutChoices = {},
): Promise<{ ok: true; orderId: string; totalPaise: number; orderNumber: string; order: OrderRow; lines: LineRow[] } | PlaceOrderFailure> {
  return inTransaction(choices.within ?? shop.db, async (tx) => {
    // A refill's order locks the cart too (made if the shopper has none): it serialises the customer's checkouts.
    if (choices.lines) await tx.insert(carts).values({ userId: customer.id }).onConflictDoNothing();
    const [cart] = await lockedCart(tx, { userId: customer.id });
    if (!cart) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "empty-cart" });
    // Unpublished products are not in the cart the shopper sees (cart API), so not in the order either.
    const cartRows = choices.lines ? await givenLines(tx, choices.lines) : await orderableCartLines(tx, cart.id);
    if (cartRows.length === 0) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "empty-cart" });
    const { maxUnitsPerProduct, maxUnpaidOrders } = shop.config.orderLimits;
    const tooMany = cartRows.find((line) => line.quantity > maxUnitsPerProduct);
    if (tooMany) {
      throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "over-limit", productName: tooMany.name, limit: maxUnitsPerProduct });
    }
    const rx = await checkoutPrescriptions(tx, customer.id, cartRows, choices.prescriptionIds);
    if (!rx.ok) throw new Rollback<PlaceOrderFailure>(rx);
    if (choices.withinCover && rx.status !== null) {
      // Under the cart lock above, so two refills of one customer cannot both take the last units.
      const beyond = await linesBeyondCover(tx, rx.prescriptionIds[0]!, cartRows, istDay(now));
      if (beyond.length > 0) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "prescription-required", productNames: beyond.map((line) => line.name) });
    }
    // The cart row lock above serialises one customer's checkouts (any process), so this cannot race.
    const { kept, released } = await replaceOlderUnpaidOrders(shop, tx, customer.id, maxUnpaidOrders - 1, cartRows.map((line) => line.productId));
    // Already short as this transaction read the cart's lines (nothing released since): refused
    // before writing the order and waiting for the product's lock, which every other checkout of it
    // takes (a flash sale's late buyers). reserveStock decides for every other order, under the lock.
    const short = released || choices.lines ? undefined : cartRows.find((line) => line.quantity > line.stock);
    if (short) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "out-of-stock", productName: short.name, available: short.stock });
    // Units already held unpaid (the kept prepaid orders and the COD orders on the way) count against the cap.
    const heldOf = await unitsHeldUnpaid(tx, customer.id, kept);
    const over = cartRows.find((line) => line.quantity + (heldOf.get(line.productId) ?? 0) > maxUnitsPerProduct);
    if (over) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "over-limit", productName: over.name, limit: maxUnitsPerProduct });

    // A pharmacist's proposal covering every prescription-only line approves the order now (decisions/058).
    const preApproved = rx.status === "pending" ? await proposalCovering(tx, customer.id, rx.prescriptionIds, cartRows) : null;

    // The coupon is checked again here, its row locked until this order commits, so its caps hold
    // however many shoppers check out at once (decisions/025); the discount is shared among the lines.
    const cartCoupon = cart.couponId && !choices.lines ? (await findCouponById(tx, cart.couponId))?.code : undefined;
    const couponCode = choices.couponCode ?? cartCoupon;
    let lineDiscounts: number[] = cartRows.map(() => 0);
    let applied: { id: string; code: string; discountPaise: number } | undefined;
    if (couponCode) {
      const lines = cartRows.map((line) => ({
        productId: line.productId,
        category: line.category,
        prescriptionRequired: line.prescriptionRequired,
        unitPricePaise: line.pricePaise,
        quantity: line.quantity,
      }));
      const check = await checkCoupon(tx, couponCode, { userId: customer.id, email: customer.email }, lines, now, { lock: true });
      if (!check.ok) throw new Rollback<PlaceOrderFailure>({ ...check, fromCart: choices.couponCode === undefined });
      lineDiscounts = check.discount.lineDiscounts;
      applied = { id: check.coupon.id, code: check.coupon.code, discountPaise: check.discount.discountPaise };
    }

    const cod = choices.paymentMethod === "cod";
    const priced = priceOrder(
      cartRows.map((line, index) => ({
        unitPricePaise: line.pricePaise,
        quantity: line.quantity,
        gstRateBps: line.gstRateBps,
        discountPaise: lineDiscounts[index],
      })),
      { paymentMethod: choices.paymentMethod ?? "razorpay" },
      shop.config.cod,
    );
    if (cod) {
      // COD stock is held without payment: the same decision the quote showed (decisions/022, 044).
      const offered = await codDecision(tx, customer.id, { pinAllowsCod: choices.pinAllowsCod ?? false, valueBeforeFeePaise: priced.valueBeforeFeePaise }, shop.config);
      if (!offered.allowed) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "cod-unavailable", message: offered.reason });
    }
    const { totals } = priced;
    if (totals.totalPaise < MINIMUM_ORDER_PAISE) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "below-minimum" });
    if (totals.totalPaise > MAXIMUM_ORDER_PAISE) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "above-maximum" });

    const orderNumber = newOrderNumber(now);
    const [order] = await insertOrder(tx, {
      id: randomUUID(),
      orderNumber,
      userId: customer.id,
      customerName: customer.name,
      customerEmail: customer.email,
      // Cash on delivery is Processing at once, unpaid, its stock held without expiry (decisions/022).
      status: cod ? "Processing" : "Pending",
      shippingAddress,
      paymentMethod: cod ? "cod" : "razorpay",
      itemsPaise: totals.itemsPaise,
      discountPaise: totals.discountPaise,
      couponCode: applied?.code ?? null,
      shippingPaise: totals.shippingPaise,
      codFeePaise: totals.codFeePaise,
      taxPaise: totals.taxPaise,
      totalPaise: totals.totalPaise,
      reservationExpiresAt: timeValue(cod ? null : (choices.reservationUntil ?? new Date(now.getTime() + RESERVATION_MINUTES * 60_000))),
      prescriptionStatus: preApproved ? "approved" : rx.status,
      prescriptionReviewedAt: timeValue(preApproved ? now : null),
      prescriptionReviewerId: preApproved?.pharmacist.id ?? null,
      prescriptionReviewerName: preApproved?.pharmacist.name ?? null,
      prescriptionReviewerRegistration: preApproved?.pharmacist.registration ?? null,
      prescriberName: preApproved?.prescriber.name ?? null,
      prescriberRegistration: preApproved?.prescriber.registration ?? null,
      deliveryFrom: choices.estimatedDelivery?.from ?? null,
      deliveryTo: choices.estimatedDelivery?.to ?? null,
      // Confirmed by the shopper or the staff within the window, else cancelled by the job runner (decisions/044).
      codConfirmBy: timeValue(cod ? new Date(now.getTime() + shop.config.cod.confirmHours * 3_600_000) : null),
      whatsappUpdatesAt: timeValue(choices.whatsappUpdates ? now : null),
      // Absent: the account's language.
      language: choices.language ?? null,
      now,
    });
    const placedNote = cod ? "Order placed (cash on delivery)" : "Order placed";
    const lineValues: LineRow[] = cartRows.map((line, index) => ({
        id: randomUUID(),
        orderId: order!.id,
        productId: line.productId,
        name: line.name,
        image: line.images[0]?.url ?? null,
        sku: line.sku,
        hsnCode: line.hsnCode,
        gstRateBps: line.gstRateBps,
        unitPricePaise: line.pricePaise,
        mrpPaise: line.mrpPaise,
        quantity: line.quantity,
        taxPaise: totals.lineTaxes[index]!,
        discountPaise: lineDiscounts[index] ?? 0,
        batchNumber: line.batchNumber,
        expiryDate: line.expiryDate,
        schedule: line.schedule,
      }));
    const sorted = await insertPlaced(tx, {
      lines: jsonRows(orderLines, LINE_KEYS, lineValues),
      orderId: order!.id,
      historyId: randomUUID(),
      status: cod ? "Processing" : "Pending",
      note: placedNote,
      now: now.toISOString(),
      // Cash on delivery: the bought products leave the cart now (a prepaid order's leave when it is paid); a refill's were never in it.
      outOfCart: cod && !choices.lines,
      cartId: cart.id,
      productIds: cartRows.map((line) => line.productId),
    });
    const byId = new Map(lineValues.map((line) => [line.id, line]));
    const lines = sorted.map((row) => byId.get(row.id)!);
    await linkOrderPrescriptions(tx, order!.id, rx.prescriptionIds);
    // The shopper's WhatsApp opt-in, stored with the order it came with (decisions/055).
    if (choices.whatsappUpdates) await optInAtCheckout(tx, customer.id, shippingAddress.phone, now);
    if (applied) {
      // Reserved until paid; a COD order counts at once (api-contract.md, "Details pinned").
      await reserveCouponUse(tx, {
        couponId: applied.id,
        orderId: order!.id,
        userId: customer.id,
        email: customer.email,
        discountPaise: totals.discountPaise,
        confirmed: cod,
        now,
      });
      if (cod && !choices.lines) await tx.update(carts).set({ couponId: null }).where(eq(carts.id, cart.id));
    }
    // Cash on delivery is placed, not moved: no payment will confirm it, so it enters as Processing.
    if (preApproved) {
      const { pharmacist } = preApproved;
      await linkProposalApproval(tx, order!.id, preApproved, rx.prescriptionIds, now);
      const note = `Prescription approved by ${pharmacist.name} (registration ${pharmacist.registration}) with the items they proposed from it`;
      // A moment after "Order placed", so the timeline reads in order.
      await tx.insert(orderStatusHistory).values({ orderId: order!.id, status: cod ? "Processing" : "Pending", note, createdAt: new Date(now.getTime() + 1) });
      await recordAudit(tx, { id: pharmacist.id, name: pharmacist.name, role: "pharmacist" }, {
        action: "order.prescription-approve",
        entity: "order",
        entityId: order!.id,
        after: {
          prescriptionStatus: "approved",
          prescriptionIds: rx.prescriptionIds,
          prescriptionOrderId: preApproved.requestId,
          prescriber: preApproved.prescriber,
          pharmacist: { name: pharmacist.name, registration: pharmacist.registration },
        },
      });
    }
    if (cod) await afterCashOnDeliveryPlaced(shop, tx, order!, lines);
    // The units are taken last, just before the commit: every other checkout of the product waits
    // for this lock, so it is held for one statement and the commit (decisions/068). Product rows
    // are locked in id order (the lines are sorted so), so two checkouts cannot deadlock.
    const taken = await reserveStock(tx, cartRows);
    if (!taken.ok) throw new Rollback<PlaceOrderFailure>(taken);
    return { ok: true as const, orderId: order!.id, totalPaise: totals.totalPaise, orderNumber, order: order!, lines };
  });
}

/**
 * A refill's lines read like a cart's (by product id, the lock order, with what an order takes
 * from each product); a product gone or unpublished refuses the order.
 */
async function givenLines(tx: Transaction, lines: readonly { productId: string; quantity: number }[]) {
  const found = await tx
    .select({ productId: products.id, published: products.published, ...ORDERED_PRODUCT_FIELDS })
    .from(products)
    .where(inArray(products.id, lines.map((line) => line.productId)));
  const byId = new Map(found.map((row) => [row.productId, row]));
  const gone = lines.find((line) => !byId.get(line.productId)?.published);
  if (gone) throw new Rollback<PlaceOrderFailure>({ ok: false, reason: "unavailable", productName: byId.get(gone.productId)?.name ?? "A product" });
  return lines
    .map((line) => ({ ...byId.get(line.productId)!, quantity: line.quantity }))
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/**
 * POST /api/checkout with its raw body (read once by checkout-request.ts: the address, saved or
 * typed, its PIN code's serviceability, the payment method, the prescriptions). Cash on delivery:
 * the order is placed and that is all (`payment: null`). Online: the order and its reservation
 * first, then the provider order; when the provider fails, the order is cancelled and its stock
 * released, so nothing is left half-made.
 */
export async function startCheckout(shop: ShopContext, customer: CheckoutCustomer, body: unknown): Promise<CheckoutResult> {
  const read = await readCheckoutRequest(shop, customer, body);
  if (!read.ok) return read;
  const { shippingAddress, paymentMethod, delivery, prescriptionIds, couponCode, whatsappUpdates, language } = read.request;
  const choices: CheckoutChoices = {
    prescriptionIds,
    paymentMethod,
    pinAllowsCod: delivery.cod,
    couponCode,
    estimatedDelivery: delivery.estimatedDelivery,
    whatsappUpdates,
    language,
  };
  const tooMany = await couponAttemptsLeft(shop, customer.id, couponCode);
  if (tooMany) return tooMany;

  if (paymentMethod === "cod") {
    const placed = await placeOrder(shop, customer, shippingAddress, new Date(), choices);
    if (!placed.ok) return afterCouponRefusal(shop, customer.id, couponCode, placed);
    return { ok: true, order: (await ordersJson(shop.db, [placed.order], { lines: [placed.lines] }))[0]!, payment: null };
  }

  const gateway = shop.gateway;
  if (!gateway) return { ok: false, reason: "not-configured" };

  const placed = await placeOrder(shop, customer, shippingAddress, new Date(), choices);
  if (!placed.ok) return afterCouponRefusal(shop, customer.id, couponCode, placed);

  let providerOrderId: string;
  try {
    const providerOrder = await gateway.createOrder({
      amountPaise: placed.totalPaise,
      receipt: placed.orderNumber,
      notes: { orderId: placed.orderId, orderNumber: placed.orderNumber },
    });
    providerOrderId = providerOrder.id;
  } catch (error) {
    shop.logger.error({ err: error, orderId: placed.orderId }, "payment provider order failed; cancelling the order");
    await cancelUnstartedOrder(shop, placed.orderId, error instanceof GatewayError ? error.message : "provider error");
    return { ok: false, reason: "gateway-failed" };
  }

  // Stored even when a newer checkout replaced the order meanwhile, so a stray payment on it is
  // matched and refunded: the order's provider order and its payments row in one statement (no
  // transaction needed), which answers the order's status as it now is.
  const [stored] = await storeProviderOrder(shop.db, {
    orderId: placed.orderId,
    providerOrderId,
    now: new Date().toISOString(),
    paymentId: randomUUID(),
    provider: gateway.provider,
    amountPaise: placed.totalPaise,
  });
  if (stored?.status !== "Pending") return { ok: false, reason: "superseded" };
  const row: OrderRow = { ...placed.order, providerOrderId, updatedAt: new Date(stored.updated_at) };
  const [order] = await ordersJson(shop.db, [row], { lines: [placed.lines] });
  return {
    ok: true,
    order: order!,
    payment: { provider: gateway.provider, keyId: gateway.keyId, orderId: providerOrderId, amount: placed.totalPaise, currency: "INR" },
  };
}

/**
 * Codes typed at checkout (not the cart's coupon, which POST /api/cart/coupon counted) are limited
 * like the cart's: refused codes count, and once too many were refused the next is not looked at.
 */
export async function couponAttemptsLeft(shop: ShopContext, userId: string, couponCode: string | undefined): Promise<Throttled | null> {
  if (!couponCode) return null;
  const verdict = await checkLimit(shop, "couponAttemptsPerUser", userId);
  return verdict.allowed ? null : throttled("couponAttemptsPerUser", verdict.retryAfterSeconds);
}

/** A refused coupon: a typed code counts against the limit; the cart's own coupon is taken off the cart, so the shopper sees why. */
export async function afterCouponRefusal<F extends PlaceOrderFailure>(shop: ShopContext, userId: string, couponCode: string | undefined, failure: F): Promise<F> {
  if (failure.reason !== "coupon") return failure;
  if (couponCode) await countRequest(shop, "couponAttemptsPerUser", userId);
  if ("fromCart" in failure && failure.fromCart) await shop.db.update(carts).set({ couponId: null }).where(eq(carts.userId, userId));
  return failure;
}

const lockedUnpaidOrders = prepared("checkout_unpaid_orders", (db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder("userId")), eq(orders.status, "Pending"), eq(orders.isPaid, false)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .for("update"),
);

/**
 * Cancels the customer's unpaid orders except the newest `keep`, releasing their stock (no email:
 * the customer is replacing them right now); returns the ids of those kept, and whether any stock was released.
 */
async function replaceOlderUnpaidOrders(
  shop: ShopContext,
  tx: Transaction,
  userId: string,
  keep: number,
  cartProductIds: string[],
): Promise<{ kept: string[]; released: boolean }> {
  const unpaid = await lockedUnpaidOrders(tx, { userId });
  const replaced = unpaid.slice(keep);
  if (replaced.length === 0) return { kept: unpaid.map((order) => order.id), released: false };
  // Every product released here or reserved next is locked now, in id order: releasing first and
  // reserving after would take locks out of order and could deadlock with another checkout.
  const released = tx.select({ id: orderLines.productId }).from(orderLines).where(inArray(orderLines.orderId, replaced.map((order) => order.id)));
  await tx
    .select({ id: products.id })
    .from(products)
    .where(or(inArray(products.id, released), inArray(products.id, cartProductIds)))
    .orderBy(asc(products.id))
    .for("update");
  for (const order of replaced) {
    await applyStatusChange(shop, tx, order, "Cancelled", "Replaced by a newer checkout", { actor: "system", notify: false });
  }
  return { kept: unpaid.slice(0, keep).map((order) => order.id), released: true };
}

async function cancelUnstartedOrder(shop: ShopContext, orderId: string, reason: string) {
  await shop.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, "Pending"), eq(orders.isPaid, false)))
      .for("update");
    if (order) await applyStatusChange(shop, tx, order, "Cancelled", `The payment could not be started (${reason.slice(0, 200)})`, { actor: "system" });
  });
}
