// GST credit notes (issue 17 item 4, decisions/032): a cancelled invoiced order gets one in the
// cancelling transaction, in its own gap-free series; the invoice is marked cancelled (never
// changed), both PDFs are downloadable by the owner and admins only; partial credit notes add up to
// the paisa (property test over random orders and random partial returns); archiving keeps them.
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditNoteCounters, creditNotes, invoices, orders, outboundEmails } from "#server/db/schema.ts";
import { couponDiscount } from "#server/modules/coupons/discount.ts";
import { creditShare, issueCreditNote, loadCreditNote } from "#server/modules/invoices/credit-notes.ts";
import { loadInvoice } from "#server/modules/invoices/invoices.ts";
import { gstIncludedPaise, splitTax } from "#server/modules/invoices/tax.ts";
import { usingPostgres } from "../support/database.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { placePaidOrder } from "./aftercare-helpers.ts";
import { pdfText } from "./invoice-helpers.ts";

let shop: TestShop;
let admin: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  [admin, stranger] = await Promise.all([createAdmin(shop.context), createCustomer(shop.context)]);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const db = () => shop.context.db;
const notesOf = (orderId: string) => db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId));

let seed = 20_261_124;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe("credit note arithmetic", () => {
  it("adds up to the paisa over 3000 random orders returned in random parts", () => {
    for (let run = 0; run < 3000; run++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, i) => ({
        productId: `p${i}`,
        category: "Sports Nutrition",
        prescriptionRequired: false,
        unitPricePaise: 1 + Math.floor(random() * 300_000),
        quantity: 1 + Math.floor(random() * 9),
        gstRateBps: [0, 500, 1800, 4000][Math.floor(random() * 4)]!,
      }));
      const discount = couponDiscount(
        { type: "percent", percentBps: Math.floor(random() * 10_000) + 1, amountPaise: null, maxDiscountPaise: null, categories: [], productIds: [], includeRx: true },
        lines,
      );
      for (const [index, line] of lines.entries()) {
        const discountPaise = random() < 0.5 ? discount.lineDiscounts[index]! : 0;
        const gross = line.unitPricePaise * line.quantity - discountPaise;
        const order = { unitPricePaise: line.unitPricePaise, quantity: line.quantity, discountPaise, taxPaise: gstIncludedPaise(gross, line.gstRateBps) };
        // Return the units in random parts (one return per part), as several partial credit notes would.
        let credited = 0;
        const sums = { amount: 0, discount: 0, tax: 0, cgst: 0, sgst: 0, taxable: 0 };
        while (credited < line.quantity) {
          const units = 1 + Math.floor(random() * (line.quantity - credited));
          const share = creditShare(order, credited, units);
          const split = splitTax(share.amountPaise - share.discountPaise, share.taxPaise, random() < 0.5);
          expect(split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(share.taxPaise);
          expect(split.taxablePaise + split.taxPaise).toBe(share.amountPaise - share.discountPaise);
          sums.amount += share.amountPaise;
          sums.discount += share.discountPaise;
          sums.tax += share.taxPaise;
          sums.taxable += split.taxablePaise;
          credited += units;
        }
        expect(sums.amount).toBe(line.unitPricePaise * line.quantity);
        expect(sums.discount).toBe(order.discountPaise);
        expect(sums.tax).toBe(order.taxPaise);
        expect(sums.taxable).toBe(gross - order.taxPaise);
      }
    }
  });

  it("refuses to credit more units than the line has left", () => {
    const line = { unitPricePaise: 1000, quantity: 3, discountPaise: 0, taxPaise: 143 };
    expect(() => creditShare(line, 2, 2)).toThrow(RangeError);
    expect(() => creditShare(line, 0, 0)).toThrow(RangeError);
  });
});

describe("cancelling an invoiced order", () => {
  it("issues a full credit note in the cancelling transaction, marks the invoice cancelled and emails its number", async () => {
    const { buyer, orderId } = await placePaidOrder(shop, [
      { pricePaise: 24050, quantity: 2 },
      { pricePaise: 99999, quantity: 1, gstRateBps: 1800 },
    ]);
    const invoiceBefore = (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!;
    await api().post(`/api/orders/${orderId}/cancel`).set(buyer.headers).expect(200);

    const [note, ...others] = await notesOf(orderId);
    expect(others).toHaveLength(0);
    expect(note).toMatchObject({ kind: "cancellation", invoiceId: invoiceBefore.id, reason: "Cancelled by the customer", totalPaise: 148099 });
    expect(note!.serial).toMatch(/^CN\/\d{4}\/\d{6}$/);
    // The invoice row is as it was; its document says it is cancelled and names the credit note.
    expect((await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]).toEqual(invoiceBefore);
    const invoice = (await loadInvoice(db(), orderId, shop.config.seller))!;
    expect(invoice.creditNotes).toEqual([expect.objectContaining({ serial: note!.serial, kind: "cancellation", totalPaise: 148099 })]);

    const document = (await loadCreditNote(db(), note!.id, shop.config.seller))!;
    expect(document.creditNote).toMatchObject({ kind: "cancellation", invoiceSerial: invoiceBefore.serial });
    expect(document.totals).toEqual(invoice.totals);
    expect(document.lines.map((line) => [line.quantity, line.grossPaise, line.taxPaise])).toEqual(invoice.lines.map((line) => [line.quantity, line.grossPaise, line.taxPaise]));
    expect(document.grandTotalPaise).toBe(invoice.grandTotalPaise);

    const [email] = await db().select().from(outboundEmails).where(sql`${outboundEmails.subject} like ${`Order % cancelled`} and ${outboundEmails.text} like ${`%${note!.serial}%`}`);
    expect(email?.text).toContain(`Your invoice has been cancelled by credit note ${note!.serial}`);

    // Cancelling again is refused and issues nothing more.
    await api().post(`/api/orders/${orderId}/cancel`).set(buyer.headers).expect(409);
    expect(await notesOf(orderId)).toHaveLength(1);
  });

  it("serves the credit note PDF to the owner and admins only, and the invoice PDF names it", async () => {
    const { buyer, orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Cancelled" }).expect(200);
    const [note] = await notesOf(orderId);
    const path = `/api/orders/${orderId}/credit-notes/${note!.id}.pdf`;
    const pdf = await api().get(path).set(buyer.headers).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`credit-note-${note!.serial.replaceAll("/", "-")}.pdf`);
    expect(pdf.headers["cache-control"]).toBe("private, no-store");
    await api().get(path).set(admin.headers).expect(200);
    await api().get(path).set(stranger.headers).expect(404);
    await api().get(path).expect(401);
    await api().get(`/api/orders/${orderId}/credit-notes/not-a-note.pdf`).set(buyer.headers).expect(404);

    const document = (await loadCreditNote(db(), note!.id, shop.config.seller))!;
    const { renderInvoicePdf } = await import("#server/modules/invoices/pdf.ts");
    const text = pdfText(await renderInvoicePdf(document, { compress: false }));
    expect(text).toContain("Credit Note");
    expect(text).toContain(`Credit note no.: ${note!.serial}`);
    expect(text).toContain("Against invoice: INV/");
    expect(text).toContain("Total credited");
    const invoiceText = pdfText(await renderInvoicePdf((await loadInvoice(db(), orderId, shop.config.seller))!, { compress: false }));
    expect(invoiceText).toContain(`Cancelled: see credit note ${note!.serial}`);
  });

  it("issues nothing for an order without an invoice (cancelled unpaid)", async () => {
    const { buyer, orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }], { cod: true });
    await api().post(`/api/orders/${orderId}/cancel`).set(buyer.headers).expect(200);
    expect(await notesOf(orderId)).toHaveLength(0);
  });

  it("credits a COD order refused at the door (invoiced at dispatch), its fee and shipping included", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 45000, quantity: 1 }], { cod: true });
    await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Shipped", courier: "dtdc", awb: "D12345678" }).expect(200);
    await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Cancelled" }).expect(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const [note] = await notesOf(orderId);
    expect(note).toMatchObject({ kind: "cancellation", reason: "Returned to sender", totalPaise: order!.totalPaise, codFeePaise: order!.codFeePaise });
  });

  it("is kept when the order is deleted (archived, never erased)", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Cancelled" }).expect(200);
    const res = await api().delete(`/api/admin/orders/${orderId}`).set(admin.headers).expect(200);
    expect(res.body.archived).toBe(true);
    expect(await notesOf(orderId)).toHaveLength(1);
    // Not even a stray SQL delete of the invoice it credits loses it.
    await expect(db().delete(invoices).where(eq(invoices.orderId, orderId))).rejects.toThrow();
  });
});

describe("credit note numbering", () => {
  it("has its own series, consecutive within the financial year, with no gap after a rollback", async () => {
    const placed = await Promise.all([1, 2, 3].map(() => placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }])));
    const when = new Date("2031-05-10T10:00:00+05:30");
    await expect(
      db().transaction(async (tx) => {
        await issueCreditNote(tx, { orderId: placed[0]!.orderId, kind: "cancellation", reason: "Test", issuedAt: when });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const issued = [];
    for (const { orderId } of placed) issued.push(await db().transaction((tx) => issueCreditNote(tx, { orderId, kind: "cancellation", reason: "Test", issuedAt: when })));
    expect(issued.map((note) => note?.serial)).toEqual(["CN/3132/000001", "CN/3132/000002", "CN/3132/000003"]);
    const [counter] = await db().select().from(creditNoteCounters).where(eq(creditNoteCounters.financialYear, "2031-32"));
    expect(counter?.lastNumber).toBe(3);
    // Issuing a cancellation again returns the same note.
    const again = await db().transaction((tx) => issueCreditNote(tx, { orderId: placed[0]!.orderId, kind: "cancellation", reason: "Test", issuedAt: when }));
    expect(again).toMatchObject({ serial: "CN/3132/000001", created: false });
  });

  it.runIf(usingPostgres())("on PostgreSQL, concurrent issuers get distinct consecutive numbers", async () => {
    const placed = await Promise.all(Array.from({ length: 6 }, () => placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }])));
    const when = new Date("2041-06-01T10:00:00+05:30");
    const issued = await Promise.all(placed.map(({ orderId }) => db().transaction((tx) => issueCreditNote(tx, { orderId, kind: "cancellation", reason: "Test", issuedAt: when }))));
    expect(issued.map((note) => Number(note!.serial.slice(-6))).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
