import { eq, inArray } from "drizzle-orm";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ShopContext } from "#server/context.ts";
import { invoices, outboundEmails } from "#server/db/schema.ts";
import { deliverPendingEmails, outboxDirectory, emailDispatchJob, retryDelayMs } from "#server/modules/email/dispatcher.ts";
import { every } from "#server/jobs/scheduler.ts";
import { afterOrderCancelled, afterOrderPaid, afterStatusChange } from "#server/modules/orders/side-effects.ts";
import { withEmailShop, withSmtp as withSmtpAt } from "../support/email-shop.ts";
import type { FakeSmtp } from "../support/fake-smtp.ts";
import { insertOrder } from "../support/orders.ts";
import type { TestShop } from "../support/test-shop.ts";

const PUBLIC_URL = "https://shop.example.in";

let shop: TestShop;
let smtp: FakeSmtp;
withEmailShop(PUBLIC_URL, (started, server) => {
  shop = started;
  smtp = server;
});

const db = () => shop.context.db;
const queued = () => db().select().from(outboundEmails).orderBy(outboundEmails.createdAt);
const withSmtp = (): ShopContext => withSmtpAt(shop, smtp);

describe("order emails in the outbox", () => {
  it("afterOrderPaid queues the confirmation: order number, lines, totals in rupees, address, link", async () => {
    const order = await insertOrder(shop.context, {
      customerName: "Asha Rao",
      lines: [
        { name: "Calcium tablets", unitPricePaise: 24050, quantity: 2 },
        { name: "Whey protein", unitPricePaise: 199900, quantity: 1, gstRateBps: 1800 },
      ],
    });
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    const [email, ...others] = await queued();
    expect(others).toHaveLength(0);
    expect(email).toMatchObject({ to: order.customerEmail, subject: `Order ${order.orderNumber} confirmed`, status: "queued", attempts: 0 });
    expect(email!.text).toContain("Hello Asha Rao,");
    expect(email!.text).toContain("- Calcium tablets × 2: ₹481");
    expect(email!.text).toContain("- Whey protein × 1: ₹1,999");
    expect(email!.text).toContain("Shipping: FREE");
    expect(email!.text).toContain(`Total: ₹2,480`);
    expect(email!.text).toContain("12 MG Road");
    expect(email!.text).toContain("Bengaluru 560001");
    expect(email!.text).toContain(`${PUBLIC_URL}/order/${order.id}`);
    expect(email!.text).toContain(`${PUBLIC_URL}/order/${order.id}/invoice`);
    expect(email!.html).toContain("<strong>₹2,480</strong>");
    expect(email!.html).toContain(`href="${PUBLIC_URL}/order/${order.id}"`);
  });

  it("escapes customer text in the HTML body", async () => {
    const order = await insertOrder(shop.context, { customerName: "<script>x</script>", address: { address: "1 <b>Road</b>" } });
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    const [email] = await queued();
    expect(email!.html).not.toContain("<script>");
    expect(email!.html).not.toContain("<b>Road");
    expect(email!.html).toContain("&#60;script&#62;");
  });

  it("writes the email in the caller's transaction: rolled back with it, together with the invoice", async () => {
    const order = await insertOrder(shop.context);
    await expect(
      db().transaction(async (tx) => {
        await afterOrderPaid(shop.context, tx, order.id);
        expect(await tx.select().from(outboundEmails)).toHaveLength(1);
        throw new Error("the payment update failed");
      }),
    ).rejects.toThrow("the payment update failed");
    expect(await queued()).toHaveLength(0);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(0);
  });

  it("emails Shipped and Delivered, not Processing (the confirmation covers it)", async () => {
    const order = await insertOrder(shop.context);
    await db().transaction((tx) => afterStatusChange(shop.context, tx, order.id, "Pending", "Processing"));
    expect(await queued()).toHaveLength(0);
    await db().transaction((tx) => afterStatusChange(shop.context, tx, order.id, "Processing", "Shipped"));
    await db().transaction((tx) => afterStatusChange(shop.context, tx, order.id, "Shipped", "Delivered"));
    const emails = await queued();
    expect(emails.map((e) => e.subject)).toEqual([`Order ${order.orderNumber}: Shipped`, `Order ${order.orderNumber}: Delivered`]);
    expect(emails[0]!.text).toContain(`your order ${order.orderNumber} has been shipped`);
    expect(emails[1]!.text).toContain(`Your order ${order.orderNumber} has been delivered`);
  });

  it("emails a cancellation, stating the refund when there is one", async () => {
    const paid = await insertOrder(shop.context, { lines: [{ unitPricePaise: 24050, quantity: 2 }] });
    const unpaid = await insertOrder(shop.context, { isPaid: false });
    await db().transaction((tx) => afterOrderCancelled(shop.context, tx, paid.id, { refundedPaise: 48100 }));
    await db().transaction((tx) => afterOrderCancelled(shop.context, tx, unpaid.id, { refundedPaise: 0 }));
    const [refunded, notRefunded] = await queued();
    expect(refunded!.subject).toBe(`Order ${paid.orderNumber} cancelled`);
    expect(refunded!.text).toContain("A refund of ₹481 has been issued to your original payment method.");
    expect(notRefunded!.text).toContain("No payment was taken for this order.");
    expect(notRefunded!.text).not.toContain("refund");
  });
});

describe("email dispatcher", () => {
  it("without SMTP_URL writes each email as an .eml file under DATA_DIR/outbox and marks it sent", async () => {
    const order = await insertOrder(shop.context);
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    expect(await deliverPendingEmails(shop.context)).toEqual({ sent: 1, failed: 0 });
    const [row] = await queued();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);

    const directory = outboxDirectory(shop.context);
    expect(directory).toBe(path.join(shop.config.dataDir, "outbox"));
    const files = (await readdir(directory)).filter((f) => f.includes(row!.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(directory, files[0]!), "utf8");
    expect(eml).toContain(`To: ${order.customerEmail}\r\n`);
    expect(eml).toMatch(/^From: .*<care@healthcarepharma\.in>\r$/m);
    expect(eml).toContain(`Subject: Order ${order.orderNumber} confirmed`);
    expect(eml).toContain(`Message-ID: <${row!.id}@shop.example.in>`);
    expect(eml).toContain("Content-Type: multipart/alternative");
    // Nothing left to do: a second run sends nothing again.
    expect(await deliverPendingEmails(shop.context)).toEqual({ sent: 0, failed: 0 });
  });

  it("with SMTP_URL sends through the SMTP server", async () => {
    const order = await insertOrder(shop.context, { customerEmail: "buyer@example.com" });
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    expect(await deliverPendingEmails(withSmtp())).toEqual({ sent: 1, failed: 0 });
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(["buyer@example.com"]);
    expect(message!.from).toBe(shop.config.seller.email);
    expect(message!.raw).toContain(`Subject: Order ${order.orderNumber} confirmed`);
    const [row] = await queued();
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps a failed email, records the error and retries it with backoff until it goes through", async () => {
    const order = await insertOrder(shop.context);
    await db().transaction((tx) => afterStatusChange(shop.context, tx, order.id, "Processing", "Shipped"));
    const start = new Date(Date.now() + 1000);
    smtp.failNext(2);

    expect(await deliverPendingEmails(withSmtp(), { now: start })).toEqual({ sent: 0, failed: 1 });
    let [row] = await queued();
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
    expect(row!.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));

    // Not due yet: nothing is tried.
    expect(await deliverPendingEmails(withSmtp(), { now: new Date(start.getTime() + retryDelayMs(1) - 1) })).toEqual({ sent: 0, failed: 0 });

    const second = new Date(start.getTime() + retryDelayMs(1));
    expect(await deliverPendingEmails(withSmtp(), { now: second })).toEqual({ sent: 0, failed: 1 });
    [row] = await queued();
    expect(row).toMatchObject({ status: "queued", attempts: 2 });
    expect(row!.nextAttemptAt.getTime()).toBe(second.getTime() + retryDelayMs(2));

    expect(await deliverPendingEmails(withSmtp(), { now: new Date(second.getTime() + retryDelayMs(2)) })).toEqual({ sent: 1, failed: 0 });
    [row] = await queued();
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it("retries an unreachable SMTP server too, never dropping the email", async () => {
    const order = await insertOrder(shop.context);
    await db().transaction((tx) => afterStatusChange(shop.context, tx, order.id, "Shipped", "Delivered"));
    const unreachable: ShopContext = { ...shop.context, config: { ...shop.config, smtpUrl: "smtp://127.0.0.1:1" } };
    expect(await deliverPendingEmails(unreachable)).toEqual({ sent: 0, failed: 1 });
    const [row] = await queued();
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it("two dispatchers running at once send each email exactly once", async () => {
    const orderList = await Promise.all([1, 2, 3, 4, 5].map(() => insertOrder(shop.context)));
    for (const order of orderList) await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    const [a, b] = await Promise.all([deliverPendingEmails(withSmtp()), deliverPendingEmails(withSmtp())]);
    expect(a!.sent + b!.sent).toBe(5);
    expect(a!.failed + b!.failed).toBe(0);
    await smtp.waitFor(5);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received).toHaveLength(5);
    expect(new Set(smtp.received.map((m) => /Message-ID: (<[^>]+>)/i.exec(m.raw)?.[1])).size).toBe(5);
  });

  it("an email claimed by a dispatcher that died mid-send is sent after the claim lapses", async () => {
    const order = await insertOrder(shop.context);
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    const now = new Date(Date.now() + 1000);
    // What a claim leaves behind: one attempt, not due for five minutes.
    await db().update(outboundEmails).set({ attempts: 1, nextAttemptAt: new Date(now.getTime() + 5 * 60_000) });
    expect(await deliverPendingEmails(withSmtp(), { now })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverPendingEmails(withSmtp(), { now: new Date(now.getTime() + 5 * 60_000) })).toEqual({ sent: 1, failed: 0 });
    const [row] = await queued();
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(50)).toBe(60 * 60 * 1000);
  });

  it("runs in the background once started, and stops", async () => {
    const order = await insertOrder(shop.context, { customerEmail: "background@example.com" });
    const stop = every(emailDispatchJob(withSmtp(), 50), shop.context.logger);
    try {
      await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
      const [message] = await smtp.waitFor(1);
      expect(message!.to).toEqual(["background@example.com"]);
    } finally {
      await stop();
    }
    const rows = await db().select().from(outboundEmails).where(inArray(outboundEmails.to, ["background@example.com"]));
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
  });
});
