import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceCounters, invoices, outboundEmails } from "#server/db/schema.ts";
import { issueInvoice, loadInvoice } from "#server/modules/invoices/invoices.ts";
import { afterOrderPaid } from "#server/modules/orders/side-effects.ts";
import { usingPostgres } from "../support/database.ts";
import { insertOrder, type TestOrderInput } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { pdfText } from "./invoice-helpers.ts";

let shop: TestShop;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  [owner, stranger, admin] = await Promise.all([
    createCustomer(shop.context),
    createCustomer(shop.context),
    createAdmin(shop.context),
  ]);
});
afterAll(() => shop?.close());

const db = () => shop.context.db;
const seller = () => shop.config.seller;

async function paidOrder(input: TestOrderInput = {}) {
  const order = await insertOrder(shop.context, { userId: owner.id, ...input });
  await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
  return order;
}

async function serialOf(orderId: string) {
  const [row] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
  return row?.serial;
}

describe("invoice numbering", () => {
  it("issues one invoice per paid order, numbered in sequence within the financial year", async () => {
    const a = await insertOrder(shop.context);
    const b = await insertOrder(shop.context);
    const year = await db().transaction(async (tx) => {
      const first = await issueInvoice(tx, a.id, new Date("2031-05-10T10:00:00+05:30"));
      const second = await issueInvoice(tx, b.id, new Date("2031-05-11T10:00:00+05:30"));
      return [first, second];
    });
    expect(year.map((i) => [i.serial, i.financialYear, i.created])).toEqual([
      ["INV/3132/000001", "2031-32", true],
      ["INV/3132/000002", "2031-32", true],
    ]);
  });

  it("is idempotent: paying twice keeps one invoice and one confirmation email", async () => {
    const order = await paidOrder();
    const serial = await serialOf(order.id);
    expect(serial).toMatch(/^INV\/\d{4}\/\d{6}$/);
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    const again = await db().transaction((tx) => issueInvoice(tx, order.id));
    expect(again).toMatchObject({ serial, created: false });
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    const emails = await db().select().from(outboundEmails).where(eq(outboundEmails.to, order.customerEmail));
    expect(emails.filter((e) => e.subject === `Order ${order.orderNumber} confirmed`)).toHaveLength(1);
  });

  it("starts again at 1 on 1 April (India time) and keeps each year's sequence apart", async () => {
    const orders = await Promise.all([1, 2, 3].map(() => insertOrder(shop.context)));
    const issued = await db().transaction(async (tx) => [
      await issueInvoice(tx, orders[0]!.id, new Date("2041-03-31T23:59:00+05:30")),
      await issueInvoice(tx, orders[1]!.id, new Date("2041-03-31T18:31:00Z")), // 1 April 00:01 in India
      await issueInvoice(tx, orders[2]!.id, new Date("2041-04-02T09:00:00+05:30")),
    ]);
    expect(issued.map((i) => i.serial)).toEqual(["INV/4041/000001", "INV/4142/000001", "INV/4142/000002"]);
    expect(issued.every((i) => i.serial.length <= 16)).toBe(true);
  });

  it("has no gaps when an issuing transaction rolls back", async () => {
    const [a, b] = await Promise.all([insertOrder(shop.context), insertOrder(shop.context)]);
    const when = new Date("2051-06-01T10:00:00+05:30");
    await expect(
      db().transaction(async (tx) => {
        await issueInvoice(tx, a.id, when);
        throw new Error("payment bookkeeping failed");
      }),
    ).rejects.toThrow("payment bookkeeping failed");
    expect(await serialOf(a.id)).toBeUndefined();
    const next = await db().transaction((tx) => issueInvoice(tx, b.id, when));
    expect(next.serial).toBe("INV/5152/000001");
  });

  it("gives concurrent transactions distinct, consecutive serials", async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => insertOrder(shop.context)));
    const when = new Date("2061-07-01T10:00:00+05:30");
    const issued = await Promise.all(
      orders.map((order) =>
        db().transaction(async (tx) => {
          const invoice = await issueInvoice(tx, order.id, when);
          // Hold the counter lock a little, so on PostgreSQL the others really wait on it.
          await tx.execute(sql`select pg_sleep(0.01)`);
          return invoice;
        }),
      ),
    );
    const numbers = issued.map((i) => Number(i.serial.slice(-6))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const [counter] = await db().select().from(invoiceCounters).where(eq(invoiceCounters.financialYear, "2061-62"));
    expect(counter?.lastNumber).toBe(12);
  });

  it.runIf(usingPostgres())("on PostgreSQL, separate connections racing for the first number of a year all succeed", async () => {
    // The first insert of a year's counter races on the primary key; ON CONFLICT makes the losers wait and increment.
    const orders = await Promise.all(Array.from({ length: 5 }, () => insertOrder(shop.context)));
    const when = new Date("2071-08-01T10:00:00+05:30");
    const serials = await Promise.all(orders.map((o) => db().transaction((tx) => issueInvoice(tx, o.id, when))));
    expect(new Set(serials.map((s) => s.serial)).size).toBe(5);
  });
});

describe("invoice figures", () => {
  it("splits tax into CGST and SGST for a delivery within the seller's state (Karnataka)", async () => {
    const order = await paidOrder({
      lines: [
        { unitPricePaise: 24050, quantity: 2, gstRateBps: 500, hsnCode: "3004" },
        { unitPricePaise: 99999, quantity: 1, gstRateBps: 1800, hsnCode: "2106" },
      ],
    });
    const invoice = (await loadInvoice(db(), order.id, seller()))!;
    expect(invoice.placeOfSupply).toEqual({ code: "29", name: "Karnataka" });
    expect(invoice.interState).toBe(false);
    expect(invoice.seller).toMatchObject({ gstin: seller().gstin, drugLicence: seller().drugLicence, name: seller().name });
    const line = invoice.lines.find((l) => l.gstRateBps === 1800)!;
    // 99999 × 18/118 = 15254.08 → 15254; halves 7627 + 7627
    expect(line).toMatchObject({ hsnCode: "2106", grossPaise: 99999, taxPaise: 15254, taxablePaise: 84745, cgstPaise: 7627, sgstPaise: 7627, igstPaise: 0 });
    const fivePercent = invoice.lines.find((l) => l.gstRateBps === 500)!;
    // 48100 × 5/105 = 2290.48 → 2290
    expect(fivePercent).toMatchObject({ quantity: 2, unitPricePaise: 24050, grossPaise: 48100, taxPaise: 2290, cgstPaise: 1145, sgstPaise: 1145 });
    expect(invoice.totals).toEqual({
      grossPaise: 148099,
      taxablePaise: 84745 + 45810,
      cgstPaise: 7627 + 1145,
      sgstPaise: 7627 + 1145,
      igstPaise: 0,
      taxPaise: 15254 + 2290,
    });
    expect(invoice.grandTotalPaise).toBe(order.totalPaise);
    expect(invoice.totals.taxPaise).toBe(order.taxPaise);
  });

  it("charges IGST for another state, and for an address outside India", async () => {
    const mumbai = await paidOrder({ address: { city: "Mumbai", postalCode: "400001" } });
    const inMumbai = (await loadInvoice(db(), mumbai.id, seller()))!;
    expect(inMumbai.placeOfSupply.name).toBe("Maharashtra");
    expect(inMumbai.interState).toBe(true);
    expect(inMumbai.totals.cgstPaise + inMumbai.totals.sgstPaise).toBe(0);
    expect(inMumbai.totals.igstPaise).toBe(mumbai.taxPaise);

    const london = await paidOrder({ address: { city: "London", postalCode: "SW1A 1AA", country: "UK" } });
    const abroad = (await loadInvoice(db(), london.id, seller()))!;
    expect(abroad.placeOfSupply).toEqual({ code: "96", name: "Other Country" });
    expect(abroad.totals.igstPaise).toBe(london.taxPaise);
  });

  it("shows batch, expiry and the buyer's name and address", async () => {
    const order = await paidOrder({
      address: { firstName: "Ravi", lastName: "Kumar", address: "4 Lake View", city: "Mysuru", postalCode: "570001" },
      lines: [{ unitPricePaise: 15000, quantity: 3, batchNumber: "LOT-77", expiryDate: "2027-09-30" }],
    });
    const invoice = (await loadInvoice(db(), order.id, seller()))!;
    expect(invoice.buyer.name).toBe("Ravi Kumar");
    expect(invoice.buyer.address).toMatchObject({ address: "4 Lake View", city: "Mysuru", postalCode: "570001" });
    expect(invoice.lines[0]).toMatchObject({ batchNumber: "LOT-77", expiryDate: "2027-09-30", quantity: 3 });
  });

  it("has no invoice for an unpaid order", async () => {
    const order = await insertOrder(shop.context, { userId: owner.id, isPaid: false });
    expect(await loadInvoice(db(), order.id, seller())).toBeNull();
  });
});

describe("GET /api/orders/:id/invoice.pdf", () => {
  const pdfRequest = (orderId: string) =>
    request(shop.app)
      .get(`/api/orders/${orderId}/invoice.pdf`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });

  it("sends the owner a real PDF of the invoice as an attachment", async () => {
    const order = await paidOrder({ lines: [{ name: "Calcium tablets", unitPricePaise: 24050, quantity: 2 }] });
    const serial = (await serialOf(order.id))!;
    const res = await pdfRequest(order.id).set(owner.headers).expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="invoice-${serial.replaceAll("/", "-")}.pdf"`);
    expect(res.headers["cache-control"]).toContain("no-store");
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(body);
    expect(text).toContain(`Invoice no.: ${serial}`);
    expect(text).toContain(`GSTIN: ${seller().gstin}`);
    expect(text).toContain(`Drug licence: ${seller().drugLicence}`);
    expect(text).toContain("Calcium tablets");
    expect(text).toContain("CGST");
    expect(text).toContain("₹481.00"); // total paid, with the rupee sign
  });

  it("lets an admin download any invoice", async () => {
    const order = await paidOrder();
    await pdfRequest(order.id).set(admin.headers).expect(200);
  });

  it("is 404 for another customer, an unknown order and an unpaid order; 401 signed out", async () => {
    const order = await paidOrder();
    const other = await request(shop.app).get(`/api/orders/${order.id}/invoice.pdf`).set(stranger.headers).expect(404);
    expect(other.body).toMatchObject({ message: "Invoice not found" });
    await request(shop.app).get(`/api/orders/${crypto.randomUUID()}/invoice.pdf`).set(owner.headers).expect(404);
    await request(shop.app).get(`/api/orders/not-an-id'/invoice.pdf`).set(owner.headers).expect(404);
    const unpaid = await insertOrder(shop.context, { userId: owner.id, isPaid: false });
    await request(shop.app).get(`/api/orders/${unpaid.id}/invoice.pdf`).set(owner.headers).expect(404);
    await request(shop.app).get(`/api/orders/${order.id}/invoice.pdf`).expect(401);
  });
});
