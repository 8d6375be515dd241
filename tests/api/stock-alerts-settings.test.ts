// Settings, stock alerts and the GST reform (issue 17 items 6 and 9, decisions/031):
// GET/PUT /api/admin/settings (admins only, audited, checked), the dispatch cut-off the delivery
// promise reads, GET /api/admin/low-stock (each product's threshold or the default), the daily
// low-stock email (once per India day, whatever the number of runs at once) and migration 0019's
// GST mapping (12 → 5, 28 → 18, an audit row per product, order lines keep their rate).
import { readFileSync } from "node:fs";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_MESSAGES } from "#common/settings.ts";
import { auditLog, dailyJobRuns, orderLines, outboundEmails, products } from "#server/db/schema.ts";
import { dispatchConfig, gstReformChanges } from "#server/modules/settings/settings.ts";
import { LOW_STOCK_JOB, runLowStockEmail } from "#server/modules/stock-alerts/daily-email.ts";
import { makeProduct } from "./cart-helpers.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
let secondAdmin: TestUser;
let customer: TestUser;
let pharmacist: TestUser;
const api = () => request(shop.app);
const putSettings = (body: unknown, who: TestUser = admin) => api().put("/api/admin/settings").set(who.headers).send(body as object);

beforeAll(async () => {
  shop = await createTestShop();
  [admin, secondAdmin, customer, pharmacist] = await Promise.all([
    createAdmin(shop.context),
    createAdmin(shop.context),
    createCustomer(shop.context),
    createPharmacist(shop.context),
  ]);
});
afterAll(() => shop?.close());

describe("settings", () => {
  it("starts from the defaults: threshold 10 and the configured cut-off", async () => {
    const res = await api().get("/api/admin/settings").set(admin.headers).expect(200);
    expect(res.body).toMatchObject({
      lowStockThreshold: 10,
      dispatchCutoff: shop.config.dispatch.dispatchCutoff,
      dispatchCutoffIsDefault: true,
      defaultDispatchCutoff: shop.config.dispatch.dispatchCutoff,
    });
  });

  it("is for admins only: 401 signed out, 403 for customers and pharmacists, nothing changed", async () => {
    await api().get("/api/admin/settings").expect(401);
    await api().put("/api/admin/settings").send({ lowStockThreshold: 1 }).expect(401);
    for (const who of [customer, pharmacist]) {
      await api().get("/api/admin/settings").set(who.headers).expect(403);
      await putSettings({ lowStockThreshold: 1 }, who).expect(403);
    }
    const res = await api().get("/api/admin/settings").set(admin.headers).expect(200);
    expect(res.body.lowStockThreshold).toBe(10);
  });

  it("refuses bad values with a sentence per field and changes nothing", async () => {
    const bad: [unknown, string, string][] = [
      [{ lowStockThreshold: -1 }, "lowStockThreshold", SETTINGS_MESSAGES.thresholdInvalid],
      [{ lowStockThreshold: 2.5 }, "lowStockThreshold", SETTINGS_MESSAGES.thresholdInvalid],
      [{ lowStockThreshold: "ten" }, "lowStockThreshold", SETTINGS_MESSAGES.thresholdInvalid],
      [{ lowStockThreshold: 1e12 }, "lowStockThreshold", SETTINGS_MESSAGES.thresholdInvalid],
      [{ lowStockThreshold: { $gt: 1 } }, "lowStockThreshold", SETTINGS_MESSAGES.thresholdInvalid],
      [{ dispatchCutoff: "24:00" }, "dispatchCutoff", SETTINGS_MESSAGES.cutoffInvalid],
      [{ dispatchCutoff: "2pm" }, "dispatchCutoff", SETTINGS_MESSAGES.cutoffInvalid],
      [{ dispatchCutoff: 14 }, "dispatchCutoff", SETTINGS_MESSAGES.cutoffInvalid],
    ];
    for (const [body, field, message] of bad) {
      const res = await putSettings(body).expect(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual({ [field]: message });
      expect(res.body.message).toBe(message);
    }
    expect((await putSettings({}).expect(400)).body.message).toBe(SETTINGS_MESSAGES.nothingToChange);
    expect((await putSettings([1, 2]).expect(400)).body.message).toBe(SETTINGS_MESSAGES.invalid);
    const res = await api().get("/api/admin/settings").set(admin.headers).expect(200);
    expect(res.body).toMatchObject({ lowStockThreshold: 10, dispatchCutoffIsDefault: true });
  });

  it("saves, audits with before and after, and the delivery promise reads the cut-off", async () => {
    const res = await putSettings({ lowStockThreshold: "12", dispatchCutoff: "11:30" }).expect(200);
    expect(res.body).toMatchObject({
      message: SETTINGS_MESSAGES.saved,
      settings: { lowStockThreshold: 12, dispatchCutoff: "11:30", dispatchCutoffIsDefault: false },
    });
    expect(await dispatchConfig(shop.context)).toEqual({ dispatchCutoff: "11:30" });
    const [entry] = await shop.context.db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));
    expect(entry).toMatchObject({
      actorId: admin.id,
      entity: "settings",
      before: { lowStockThreshold: 10, dispatchCutoff: null },
      after: { lowStockThreshold: 12, dispatchCutoff: "11:30" },
    });

    // null (or empty) returns to the configured cut-off; the threshold stays.
    const back = await putSettings({ dispatchCutoff: null }).expect(200);
    expect(back.body.settings).toMatchObject({ lowStockThreshold: 12, dispatchCutoff: shop.config.dispatch.dispatchCutoff, dispatchCutoffIsDefault: true });
    expect(await dispatchConfig(shop.context)).toEqual(shop.config.dispatch);
    await putSettings({ lowStockThreshold: 10 }).expect(200);
  });
});

describe("low stock", () => {
  it("lists published products at or below their own threshold or the default, fewest first", async () => {
    const low = await makeProduct(shop.context, { name: "Low Default Syrup", stock: 3 });
    const atDefault = await makeProduct(shop.context, { name: "At Default Tablets", stock: 10 });
    const ownHigh = await makeProduct(shop.context, { name: "Own Threshold Powder", stock: 15, lowStockThreshold: 20 });
    const ownLow = await makeProduct(shop.context, { name: "Own Low Capsules", stock: 5, lowStockThreshold: 2 });
    const hidden = await makeProduct(shop.context, { name: "Unpublished Gel", stock: 0, published: false });
    const plenty = await makeProduct(shop.context, { name: "Plenty Drops", stock: 11 });

    const res = await api().get("/api/admin/low-stock").set(admin.headers).expect(200);
    const ids = res.body.items.map((item: { _id: string }) => item._id);
    expect(ids).toEqual([low.id, atDefault.id, ownHigh.id]);
    expect(res.body).toMatchObject({ total: 3, defaultThreshold: 10 });
    expect(res.body.items[2]).toMatchObject({ countInStock: 15, threshold: 20, ownThreshold: true });
    for (const id of [ownLow.id, hidden.id, plenty.id]) expect(ids).not.toContain(id);

    // A lower default leaves only the products at or below it (and those with their own).
    await putSettings({ lowStockThreshold: 3 }).expect(200);
    const lower = await api().get("/api/admin/low-stock").set(admin.headers).expect(200);
    expect(lower.body.items.map((item: { _id: string }) => item._id)).toEqual([low.id, ownHigh.id]);
    await putSettings({ lowStockThreshold: 10 }).expect(200);

    await api().get("/api/admin/low-stock").set(pharmacist.headers).expect(403);
  });

  it("a product's own threshold is set, cleared and checked through the product API", async () => {
    const product = await makeProduct(shop.context, { name: "Threshold Edit Syrup", stock: 30 });
    const set = await api().put(`/api/products/${product.id}`).set(admin.headers).send({ lowStockThreshold: 40 }).expect(200);
    expect(set.body.lowStockThreshold).toBe(40);
    const listed = await api().get("/api/admin/low-stock").set(admin.headers).expect(200);
    expect(listed.body.items.map((item: { _id: string }) => item._id)).toContain(product.id);

    const cleared = await api().put(`/api/products/${product.id}`).set(admin.headers).send({ lowStockThreshold: "" }).expect(200);
    expect(cleared.body.lowStockThreshold).toBeNull();
    for (const bad of [-1, 1.5, "lots", 10_000_000]) {
      const res = await api().put(`/api/products/${product.id}`).set(admin.headers).send({ lowStockThreshold: bad }).expect(400);
      expect(res.body.errors.lowStockThreshold).toBe(SETTINGS_MESSAGES.productThresholdInvalid);
    }
    const [row] = await shop.context.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.lowStockThreshold).toBeNull();
  });
});

describe("the daily low-stock email", () => {
  const lowStockEmails = () =>
    shop.context.db.select().from(outboundEmails).where(like(outboundEmails.subject, "%low on stock%"));

  it("waits for 08:00 India time, then goes to every admin once that day", async () => {
    await makeProduct(shop.context, { name: "Daily Email Sachet", stock: 1 });
    // 2026-11-24 07:59 IST is 02:29 UTC.
    expect(await runLowStockEmail(shop.context, new Date("2026-11-24T02:29:00Z"))).toEqual({ ran: false, reason: "too-early" });
    expect(await lowStockEmails()).toHaveLength(0);

    const first = await runLowStockEmail(shop.context, new Date("2026-11-24T02:30:00Z"));
    expect(first).toMatchObject({ ran: true, day: "2026-11-24", emails: 2 });
    const sent = await lowStockEmails();
    expect(sent.map((email) => email.to).sort()).toEqual([admin.email, secondAdmin.email].sort());
    expect(sent[0]!.text).toContain("Daily Email Sachet");
    expect(sent[0]!.text).toMatch(/1 left, alert at 10/);
    expect(sent[0]!.subject).toContain("(2026-11-24)");

    // Later that day (and just before midnight IST): nothing more.
    expect(await runLowStockEmail(shop.context, new Date("2026-11-24T12:00:00Z"))).toEqual({ ran: false, reason: "already-ran" });
    expect(await runLowStockEmail(shop.context, new Date("2026-11-24T18:29:00Z"))).toEqual({ ran: false, reason: "already-ran" });
    expect(await lowStockEmails()).toHaveLength(2);
  });

  it("runs once when several runs (processes, a restart) race on the same day", async () => {
    const at = new Date("2026-11-25T04:00:00Z");
    const runs = await Promise.all(Array.from({ length: 4 }, () => runLowStockEmail(shop.context, at)));
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(runs.filter((run) => !run.ran && run.reason === "already-ran")).toHaveLength(3);
    expect(await lowStockEmails()).toHaveLength(4);
    const claims = await shop.context.db
      .select()
      .from(dailyJobRuns)
      .where(and(eq(dailyJobRuns.job, LOW_STOCK_JOB), eq(dailyJobRuns.day, "2026-11-25")));
    expect(claims).toHaveLength(1);
    expect(claims[0]!.finishedAt).not.toBeNull();
    expect(claims[0]!.detail).toMatchObject({ emails: 2 });
  });

  it("claims the day without an email when nothing is low", async () => {
    await shop.context.db.update(products).set({ stock: 1000 });
    const run = await runLowStockEmail(shop.context, new Date("2026-11-26T04:00:00Z"));
    expect(run).toMatchObject({ ran: true, products: 0, emails: 0 });
    expect(await lowStockEmails()).toHaveLength(4);
  });
});

describe("GST slabs from 22 September 2025", () => {
  it("the product API takes 0, 5, 18 and 40 and refuses 12 and 28", async () => {
    const product = await makeProduct(shop.context, { name: "GST Slab Drink" });
    for (const rate of [0, 5, 18, 40]) {
      const res = await api().put(`/api/products/${product.id}`).set(admin.headers).send({ gstRate: rate }).expect(200);
      expect(res.body.gstRate).toBe(rate);
    }
    for (const rate of [12, 28]) {
      const res = await api().put(`/api/products/${product.id}`).set(admin.headers).send({ gstRate: rate }).expect(400);
      expect(res.body.errors.gstRate).toBe("GST rate must be one of 0, 5, 18, 40 (percent)");
    }
  });

  it("migration 0019 moves 12% to 5% and 28% to 18% with an audit row each; order lines keep their rate", async () => {
    const { db } = shop.context;
    const twelve = await makeProduct(shop.context, { name: "Twelve Percent Syrup", sku: "GST-12", gstRateBps: 1200 });
    const twentyEight = await makeProduct(shop.context, { name: "Twenty Eight Drink", sku: "GST-28", gstRateBps: 2800 });
    const five = await makeProduct(shop.context, { name: "Five Percent Tablets", gstRateBps: 500 });
    const order = await insertOrder(shop.context, { lines: [{ unitPricePaise: 11200, quantity: 1, gstRateBps: 1200 }] });
    const orderProductIds = (await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).map((line) => line.productId!);

    // The migration's GST statements, as written in the file (the rest of it changes the schema).
    const file = readFileSync(new URL("../../server/db/migrations/0019_stock_alerts_settings_gst.sql", import.meta.url), "utf8");
    const statements = file.split("--> statement-breakpoint").filter((statement) => statement.includes("gst_rate_bps"));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await db.execute(sql.raw(statement));

    const rows = await db.select().from(products).where(inArray(products.id, [twelve.id, twentyEight.id, five.id, ...orderProductIds]));
    const rate = (id: string) => rows.find((row) => row.id === id)!.gstRateBps;
    expect([rate(twelve.id), rate(twentyEight.id), rate(five.id), rate(orderProductIds[0]!)]).toEqual([500, 1800, 500, 500]);

    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "product.gst_reform"));
    expect(audits).toHaveLength(3);
    expect(audits.find((row) => row.entityId === twelve.id)).toMatchObject({
      actorId: null,
      actorRole: "system",
      entity: "product",
      before: { gstRate: 12, name: "Twelve Percent Syrup", sku: "GST-12" },
      after: { gstRate: 5 },
    });
    expect(audits.find((row) => row.entityId === twentyEight.id)).toMatchObject({ before: { gstRate: 28 }, after: { gstRate: 18 } });

    // Sold lines keep the rate they were invoiced at.
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line!.gstRateBps).toBe(1200);

    // The admin's report (the settings page) lists each moved product.
    const report = await gstReformChanges(db);
    expect(report.find((change) => change.productId === twentyEight.id)).toMatchObject({ name: "Twenty Eight Drink", sku: "GST-28", fromRate: 28, toRate: 18 });
    expect(report).toHaveLength(3);
  });
});
