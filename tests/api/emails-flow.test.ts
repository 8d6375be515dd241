// The whole path through the real API: checkout with the test gateway, verify, admin status
// changes, cancellation with a refund — each leaves the invoice and the emails it should, and
// the dispatcher delivers them to an SMTP server.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "#common/money.ts";
import type { ShopContext } from "#server/context.ts";
import { invoices, orders, outboundEmails } from "#server/db/schema.ts";
import { deliverPendingEmails } from "#server/modules/email/dispatcher.ts";
import { loadInvoice } from "#server/modules/invoices/invoices.ts";
import { startFakeSmtp, type FakeSmtp } from "../support/fake-smtp.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";
import { buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

let shop: TestShop;
let admin: TestUser;
let smtp: FakeSmtp;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await shop?.close();
});

const api = () => request(shop.app);
const db = () => shop.context.db;
const emailsTo = (to: string) => db().select().from(outboundEmails).where(eq(outboundEmails.to, to)).orderBy(outboundEmails.createdAt);

/** A buyer pays for `quantity` units at `pricePaise` with the test gateway; returns the paid order. */
async function paidOrder(pricePaise: number, quantity: number, gstRateBps = 500) {
  const item = await makeProduct(shop.context, { pricePaise, gstRateBps, hsnCode: gstRateBps === 500 ? "3004" : "2106" });
  const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity }]);
  const { body } = await checkout(shop, buyer).expect(201);
  const signed = await api().post(`/api/payments/test/${body.order._id}/pay`).set(buyer.headers).expect(200);
  await api().post(`/api/checkout/${body.order._id}/verify`).set(buyer.headers).send(signed.body).expect(200);
  const [order] = await db().select().from(orders).where(eq(orders.id, body.order._id));
  const verifyAgain = () => api().post(`/api/checkout/${body.order._id}/verify`).set(buyer.headers).send(signed.body).expect(200);
  return { order: order!, buyer, item, verifyAgain };
}

describe("order emails and invoice through the API", () => {
  it("paying issues one invoice and one confirmation whose figures match the charge", async () => {
    const { order, buyer, verifyAgain } = await paidOrder(33333, 3, 1800);
    // Verifying again (the browser and a webhook both report the payment) changes nothing.
    await verifyAgain();
    const invoiceRows = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoiceRows).toHaveLength(1);

    const invoice = (await loadInvoice(db(), order.id, shop.config.seller))!;
    expect(invoice.grandTotalPaise).toBe(order.totalPaise);
    expect(invoice.totals.taxPaise).toBe(order.taxPaise);
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBe(order.taxPaise);
    expect(invoice.totals.taxablePaise + invoice.totals.taxPaise).toBe(order.itemsPaise);

    const emails = await emailsTo(buyer.email);
    expect(emails.map((e) => e.subject)).toEqual([`Order ${order.orderNumber} confirmed`]);
    expect(emails[0]!.text).toContain(`Total: ${formatRupees(order.totalPaise)}`);
    expect(emails[0]!.text).toContain(`GST included: ${formatRupees(order.taxPaise)}`);
  });

  it("an admin shipping and delivering the order emails the customer each time", async () => {
    const { order, buyer } = await paidOrder(24050, 1);
    await api().put(`/api/admin/orders/${order.id}`).set(admin.headers).send({ status: "Shipped", courier: "delhivery", awb: "1234567890123" }).expect(200);
    await api().put(`/api/admin/orders/${order.id}`).set(admin.headers).send({ status: "Delivered" }).expect(200);
    const subjects = (await emailsTo(buyer.email)).map((e) => e.subject);
    expect(subjects).toEqual([
      `Order ${order.orderNumber} confirmed`,
      `Order ${order.orderNumber}: Shipped`,
      `Order ${order.orderNumber}: Delivered`,
    ]);
  });

  it("cancelling a paid order emails the refund; cancelling an unpaid one says nothing was taken", async () => {
    const { order, buyer } = await paidOrder(24050, 2);
    await api().post(`/api/orders/${order.id}/cancel`).set(buyer.headers).expect(200);
    const [, cancelled] = await emailsTo(buyer.email);
    expect(cancelled!.subject).toBe(`Order ${order.orderNumber} cancelled`);
    expect(cancelled!.text).toContain(`A refund of ${formatRupees(order.totalPaise)} has been issued`);

    const item = await makeProduct(shop.context);
    const unpaidBuyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const { body } = await checkout(shop, unpaidBuyer).expect(201);
    await api().post(`/api/orders/${body.order._id}/cancel`).set(unpaidBuyer.headers).expect(200);
    const [unpaidEmail, ...more] = await emailsTo(unpaidBuyer.email);
    expect(more).toHaveLength(0);
    expect(unpaidEmail!.text).toContain("No payment was taken for this order.");
  });

  it("the dispatcher delivers every queued email to the SMTP server", async () => {
    const { buyer } = await paidOrder(15000, 1);
    const withSmtp: ShopContext = { ...shop.context, config: { ...shop.config, smtpUrl: smtp.url } };
    const queued = await db().select().from(outboundEmails).where(eq(outboundEmails.status, "queued"));
    expect(await deliverPendingEmails(withSmtp, { limit: 100 })).toEqual({ sent: queued.length, failed: 0 });
    await smtp.waitFor(queued.length);
    expect(smtp.received.some((m) => m.to.includes(buyer.email))).toBe(true);
    expect(await db().select().from(outboundEmails).where(eq(outboundEmails.status, "queued"))).toHaveLength(0);
  });
});
