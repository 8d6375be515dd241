import { and, asc, desc, eq, exists, gt, inArray, or, sql } from "drizzle-orm";
import type { DeletionCheck } from "#common/account.ts";
import type { OrderStatus } from "#common/orders.ts";
import { RETURN_WINDOW_DAYS, returnWindowEndsAt } from "#common/returns.ts";
import { paiseToRupees } from "#common/money.ts";
import type { Database } from "#server/db/client.ts";
import {
  addresses,
  invoices,
  newsletterSubscribers,
  orderLines,
  orders,
  outboundEmails,
  prescriptions,
  prescriptionOrders,
  products,
  rateLimit,
  returnRequests,
  reviews,
  session as sessions,
  user as users,
  verification,
} from "#server/db/schema.ts";
import { inTransaction, Rollback, type Executor } from "#server/db/tx.ts";
import { ORDER_TRANSITIONS } from "#server/modules/orders/transitions.ts";
import { countRequests, LIMITS, limitKey, type LimitName, type Throttled } from "#server/modules/limits/limiter.ts";
import type { Config } from "#server/config.ts";
import { deleteAccountSchema } from "#server/schemas/account.ts";
import { deleteByCodeSchema } from "#server/schemas/phone.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";
import { checkPassword, sessionHeaders, type NotSignedIn, type SelfServiceContext } from "./self-service.ts";
import { hasPassword } from "./passwords.ts";
import { checkCode } from "./phone-codes.ts";
import { signOut } from "./session.ts";

/**
 * "Your data" (issue 16, decisions/023): everything the shop holds about a customer as one JSON
 * document, and the deletion of the account: personal data erased or anonymised, the records the
 * law makes the shop keep (orders and their tax invoices, prescriptions) kept without the profile.
 */

/** The name a deleted customer's reviews keep (the review stays; its author is no longer anyone). */
export const FORMER_CUSTOMER_NAME = "Former customer";

/** The export's shape, version 1. Each section is read from its table; a new table adds a section here. */
export interface AccountExport {
  format: "healthcare-pharma-account-export/1";
  exportedAt: string;
  profile: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    phone: string | null;
    role: string;
    createdAt: string;
    updatedAt: string;
  };
  signIns: { createdAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
  addresses: {
    id: string;
    fullName: string;
    phone: string;
    line1: string;
    line2: string | null;
    landmark: string | null;
    city: string;
    state: string;
    postalCode: string;
    isDefault: boolean;
    createdAt: string;
  }[];
  orders: {
    id: string;
    orderNumber: string;
    createdAt: string;
    status: string;
    customerName: string;
    customerEmail: string;
    shippingAddress: unknown;
    paymentMethod: string;
    isPaid: boolean;
    paidAt: string | null;
    /** Rupees, as every amount in the API. */
    itemsPrice: number;
    shippingPrice: number;
    taxPrice: number;
    totalPrice: number;
    items: { name: string; sku: string; quantity: number; unitPrice: number }[];
    invoice: { serial: string; issuedAt: string } | null;
  }[];
  reviews: { productId: string; productName: string; rating: number; comment: string; name: string; hidden: boolean; createdAt: string }[];
  newsletter: { email: string; confirmed: boolean; subscribedAt: string; confirmedAt: string | null } | null;
  /** The metadata of uploaded prescriptions; the files themselves are shown on the orders' pages. */
  prescriptions: {
    id: string;
    status: string;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    patientName: string | null;
    doctorName: string | null;
    rejectReason: string | null;
    reviewedAt: string | null;
    createdAt: string;
  }[];
  /** Requests to build an order from a prescription (decisions/058) and their answers. */
  prescriptionOrders: {
    id: string;
    prescriptionId: string;
    status: string;
    note: string | null;
    items: { productId: string; name: string; quantity: number }[];
    message: string | null;
    declineReason: string | null;
    decidedAt: string | null;
    createdAt: string;
  }[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Everything held about one customer; null when the account does not exist. Reads only rows owned by `userId`. */
export async function exportAccountData(db: Database, userId: string): Promise<AccountExport | null> {
  const [profile] = await db.select().from(users).where(eq(users.id, userId));
  if (!profile) return null;

  const [signIns, addressRows, orderRows, reviewRows, subscription, prescriptionRows, requestRows] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)),
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)),
    db
      .select({ review: reviews, productName: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt)),
    db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, profile.email)),
    db.select().from(prescriptions).where(eq(prescriptions.userId, userId)).orderBy(desc(prescriptions.createdAt)),
    db.select().from(prescriptionOrders).where(eq(prescriptionOrders.userId, userId)).orderBy(desc(prescriptionOrders.createdAt)),
  ]);

  const orderIds = orderRows.map((order) => order.id);
  const [lines, invoiceRows] = orderIds.length
    ? await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.name)),
        db.select().from(invoices).where(inArray(invoices.orderId, orderIds)),
      ])
    : [[], []];

  const subscriber = subscription[0];
  return {
    format: "healthcare-pharma-account-export/1",
    exportedAt: new Date().toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      emailVerified: profile.emailVerified,
      phone: profile.phone,
      role: profile.role,
      createdAt: profile.createdAt.toISOString(),
      updatedAt: profile.updatedAt.toISOString(),
    },
    signIns: signIns.map((s) => ({ createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString(), ipAddress: s.ipAddress, userAgent: s.userAgent })),
    addresses: addressRows.map((a) => ({
      id: a.id,
      fullName: a.fullName,
      phone: a.phone,
      line1: a.line1,
      line2: a.line2,
      landmark: a.landmark,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode,
      isDefault: a.isDefault,
      createdAt: a.createdAt.toISOString(),
    })),
    orders: orderRows.map((order) => {
      const invoice = invoiceRows.find((row) => row.orderId === order.id);
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        createdAt: order.createdAt.toISOString(),
        status: order.status,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        shippingAddress: order.shippingAddress,
        paymentMethod: order.paymentMethod,
        isPaid: order.isPaid,
        paidAt: iso(order.paidAt),
        itemsPrice: paiseToRupees(order.itemsPaise),
        shippingPrice: paiseToRupees(order.shippingPaise),
        taxPrice: paiseToRupees(order.taxPaise),
        totalPrice: paiseToRupees(order.totalPaise),
        items: lines
          .filter((line) => line.orderId === order.id)
          .map((line) => ({ name: line.name, sku: line.sku, quantity: line.quantity, unitPrice: paiseToRupees(line.unitPricePaise) })),
        invoice: invoice ? { serial: invoice.serial, issuedAt: invoice.issuedAt.toISOString() } : null,
      };
    }),
    reviews: reviewRows.map(({ review, productName }) => ({
      productId: review.productId,
      productName,
      rating: review.rating,
      comment: review.comment,
      name: review.name,
      hidden: review.hiddenAt !== null,
      createdAt: review.createdAt.toISOString(),
    })),
    newsletter: subscriber
      ? { email: subscriber.email, confirmed: subscriber.confirmedAt !== null, subscribedAt: subscriber.createdAt.toISOString(), confirmedAt: iso(subscriber.confirmedAt) }
      : null,
    prescriptions: prescriptionRows.map((p) => ({
      id: p.id,
      status: p.status,
      fileName: p.fileName,
      contentType: p.contentType,
      sizeBytes: p.sizeBytes,
      patientName: p.patientName,
      doctorName: p.doctorName,
      rejectReason: p.rejectReason,
      reviewedAt: iso(p.reviewedAt),
      createdAt: p.createdAt.toISOString(),
    })),
    prescriptionOrders: requestRows.map((r) => ({
      id: r.id,
      prescriptionId: r.prescriptionId,
      status: r.status,
      note: r.note,
      items: r.items ?? [],
      message: r.message,
      declineReason: r.declineReason,
      decidedAt: iso(r.decidedAt),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Orders not finished yet: a status the order can still move on from (ORDER_TRANSITIONS, so
 * Pending, Processing and Shipped), or a return request still waiting for the shop's reply.
 */
const OPEN_STATUSES = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((status) => Object.keys(ORDER_TRANSITIONS[status]).length > 0);

/** The customer's open and still-returnable orders, newest first (the profile's warning and the deletion's refusal). */
export async function deletionCheck(db: Executor, userId: string, now = new Date()): Promise<DeletionCheck> {
  const pendingReturn = exists(
    db
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, orders.id), eq(returnRequests.status, "requested"))),
  );
  const windowStart = new Date(now.getTime() - RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, deliveredAt: orders.deliveredAt, returnPending: sql<boolean>`${pendingReturn}` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(inArray(orders.status, OPEN_STATUSES), pendingReturn, and(eq(orders.status, "Delivered"), gt(orders.deliveredAt, windowStart))),
      ),
    )
    .orderBy(desc(orders.createdAt));
  const open = rows.filter((row) => OPEN_STATUSES.includes(row.status) || row.returnPending);
  return {
    openOrders: open.map((row) => ({ id: row.id, orderNumber: row.orderNumber, status: row.status, returnPending: Boolean(row.returnPending) })),
    returnable: rows
      .filter((row) => !open.includes(row) && row.deliveredAt)
      .map((row) => ({ id: row.id, orderNumber: row.orderNumber, returnUntil: returnWindowEndsAt(row.deliveredAt!).toISOString() })),
  };
}

export type DeleteAccountResult =
  | { ok: true; cookies: string[] }
  | { ok: false; reason: "wrong-password" }
  | { ok: false; reason: "wrong-code" }
  /** A code sent by an account with a password, or a password by one without (decisions/053). */
  | { ok: false; reason: "password-expected" }
  | { ok: false; reason: "code-expected" }
  | { ok: false; reason: "staff" }
  | { ok: false; reason: "open-orders"; orderNumbers: string[] }
  | Throttled
  | NotSignedIn
  | InvalidInput;
/** The limits whose counts are kept per email address: an erased account's address leaves them too. */
const EMAIL_LIMITS = (Object.keys(LIMITS) as LimitName[]).filter((name) => LIMITS[name].per === "email");
/** The same for the limits kept per mobile number: an erased account's verified number leaves them. */
const PHONE_LIMITS = (Object.keys(LIMITS) as LimitName[]).filter((name) => LIMITS[name].per === "phone");

/**
 * Deletes the signed-in customer's account after checking the password again — or, for an
 * account without one (made by phone, decisions/053), the code sent to its verified number by
 * `requestDeletionCode` (`{ code }`; a password from such an account, or a code from one with a
 * password, is refused with what to send instead). In one
 * transaction: reviews keep their text and rating under "Former customer", the newsletter
 * subscription, pending reset tokens, every outbox email to the address (sent, failed or still
 * queued) and the address's throttle counts
 * are erased, and the `user` row is deleted — with it (foreign keys) its sessions, password,
 * cart and saved addresses; orders (with their invoices), prescriptions and audit entries lose
 * only the link to the account (set null) and stay as the law requires. The email is free to
 * register again. Staff accounts are removed by an administrator instead.
 *
 * Refused while an order still needs the account (`deletionCheck`, decisions/047): following,
 * cancelling or returning it and its invoice are reached through the account. The check runs under
 * the `user` row's lock, so an order placed at the same moment is either seen here or refused for
 * its vanished account — never left open without one.
 */
export async function deleteAccount(
  context: SelfServiceContext & { config: Pick<Config, "authSecret"> },
  userId: string | undefined,
  requestHeaders: Headers,
  body: unknown,
): Promise<DeleteAccountResult> {
  if (!userId) return { ok: false, reason: "not-signed-in" };
  const sent = (body ?? {}) as Record<string, unknown>;
  const withPassword = await hasPassword(context.db, userId);
  if (withPassword && sent.code !== undefined && sent.password === undefined) return { ok: false, reason: "password-expected" };
  if (!withPassword && sent.password !== undefined) return { ok: false, reason: "code-expected" };
  const read = withPassword ? readInput(deleteAccountSchema, body) : readInput(deleteByCodeSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const refused = await countRequests(context, [["passwordChecksPerUser", userId]]);
  if (refused) return refused;
  const [account] = await context.db
    .select({ email: users.email, role: users.role, phone: users.phone, phoneVerified: users.phoneVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return { ok: false, reason: "not-signed-in" };
  if (account.role !== "customer") return { ok: false, reason: "staff" };
  if ("password" in input) {
    const checked = await checkPassword(context, sessionHeaders(requestHeaders), input.password);
    if (checked === "not-signed-in") return { ok: false, reason: "not-signed-in" };
    if (checked === "wrong") return { ok: false, reason: "wrong-password" };
  } else {
    // The code sent to the account's verified number for this purpose (requestDeletionCode); every try counts.
    if (!account.phone || !account.phoneVerified) return { ok: false, reason: "wrong-code" };
    const store = { db: context.db, secret: context.config.authSecret };
    const code = await checkCode(store, { phone: account.phone, code: input.code, userId, purpose: "delete-account" });
    if (!code.ok) return { ok: false, reason: "wrong-code" };
    // An order still open keeps the code good for its remaining minutes; the transaction below checks again.
    const { openOrders } = await deletionCheck(context.db, userId);
    if (openOrders.length) return { ok: false, reason: "open-orders", orderNumbers: openOrders.map((order) => order.orderNumber) };
    if (!(await code.use())) return { ok: false, reason: "wrong-code" };
  }

  const deleted = await inTransaction(context.db, async (tx): Promise<DeleteAccountResult | null> => {
    // Placing an order takes a key-share lock on this row; holding it for update makes the check below final.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const { openOrders } = await deletionCheck(tx, userId);
    if (openOrders.length) throw new Rollback<DeleteAccountResult>({ ok: false, reason: "open-orders", orderNumbers: openOrders.map((order) => order.orderNumber) });
    await tx.update(reviews).set({ name: FORMER_CUSTOMER_NAME }).where(eq(reviews.userId, userId));
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, account.email));
    await tx.delete(verification).where(eq(verification.value, userId));
    // Every outbox row to the address goes, whatever its state: sent, failed, or still queued (an
    // email about an account its owner asked to erase is not sent afterwards). Compared without case:
    // order emails go to the address as typed at checkout. One already handed to the mail server by
    // a running dispatcher may still arrive; its row is gone either way.
    await tx.delete(outboundEmails).where(sql`lower(${outboundEmails.to}) = ${account.email.toLowerCase()}`);
    const keys = EMAIL_LIMITS.map((name) => limitKey(name, account.email));
    if (account.phone && account.phoneVerified) keys.push(...PHONE_LIMITS.map((name) => limitKey(name, account.phone!)));
    if (keys.length) await tx.delete(rateLimit).where(inArray(rateLimit.key, keys));
    await tx.delete(users).where(eq(users.id, userId));
    return null;
  });
  if (deleted) return deleted;
  return { ok: true, cookies: await signOut(context, requestHeaders) };
}
