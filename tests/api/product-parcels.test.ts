// A product's parcel (issue 31, decisions/052): weight in grams and box in centimetres on the admin
// product calls, the form's rules and the catalogue CSV's columns; "Ship with Shiprocket" starts
// from them — the units' weights added up when every product has one, the largest box.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARCEL_MESSAGES } from "#common/admin-product.ts";
import { PARCEL_DEFAULTS } from "#common/shipping.ts";
import { orderLines, products } from "#server/db/schema.ts";
import { suggestParcels } from "#server/modules/orders/shiprocket.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const BASE = { description: "Tablets", category: "Women Care", price: 120 };
const create = (fields: Record<string, unknown>) => api().post("/api/admin/products").set(admin.headers).send({ ...BASE, name: `Parcel ${crypto.randomUUID().slice(0, 8)}`, ...fields });
const rowOf = async (id: string) => (await shop.context.db.select().from(products).where(eq(products.id, id)))[0]!;

describe("a product's parcel on the admin product calls", () => {
  it("stores grams and centimetres, answers them to admins only, and clears them with null or empty", async () => {
    const res = await create({ parcelWeightG: 150, parcelLengthCm: "12", parcelBreadthCm: 6, parcelHeightCm: 4 }).expect(201);
    expect(res.body).toMatchObject({ parcelWeightG: 150, parcelLengthCm: 12, parcelBreadthCm: 6, parcelHeightCm: 4 });
    expect(await rowOf(res.body._id)).toMatchObject({ parcelWeightG: 150, parcelLengthCm: 12, parcelBreadthCm: 6, parcelHeightCm: 4 });
    const publicView = await api().get(`/api/products/${res.body._id}`).expect(200);
    expect(publicView.body).not.toHaveProperty("parcelWeightG");

    const changed = await api().put(`/api/admin/products/${res.body._id}`).set(admin.headers).send({ parcelWeightG: null, parcelHeightCm: "" }).expect(200);
    expect(changed.body).toMatchObject({ parcelWeightG: null, parcelLengthCm: 12, parcelBreadthCm: 6, parcelHeightCm: null });
    const untouched = await api().put(`/api/admin/products/${res.body._id}`).set(admin.headers).send({ name: "Renamed parcel product" }).expect(200);
    expect(untouched.body).toMatchObject({ parcelLengthCm: 12, parcelBreadthCm: 6 });
  });

  it.each([
    [{ parcelWeightG: 0 }, "parcelWeightG", PARCEL_MESSAGES.weight],
    [{ parcelWeightG: 100_001 }, "parcelWeightG", PARCEL_MESSAGES.weight],
    [{ parcelWeightG: 12.5 }, "parcelWeightG", PARCEL_MESSAGES.weight],
    [{ parcelWeightG: "heavy" }, "parcelWeightG", PARCEL_MESSAGES.weight],
    [{ parcelWeightG: [1] }, "parcelWeightG", PARCEL_MESSAGES.weight],
    [{ parcelLengthCm: 301 }, "parcelLengthCm", PARCEL_MESSAGES.size],
    [{ parcelBreadthCm: -3 }, "parcelBreadthCm", PARCEL_MESSAGES.size],
    [{ parcelHeightCm: "1e2" }, "parcelHeightCm", PARCEL_MESSAGES.size],
  ])("refuses %j with the field's message", async (fields, field, message) => {
    const res = await create(fields).expect(400);
    expect(res.body.errors).toMatchObject({ [field]: message });
  });
});

describe("the catalogue CSV's parcel columns", () => {
  it("exports them and imports them through the same rules", async () => {
    const made = await create({ sku: `PARCEL-${Date.now()}`, parcelWeightG: 90 }).expect(201);
    const csv = (await api().get("/api/admin/products/export.csv").set(admin.headers).expect(200)).text;
    const [header, ...rows] = csv.split("\r\n");
    const columns = header!.split(",");
    expect(columns).toEqual(expect.arrayContaining(["parcelWeightG", "parcelLengthCm", "parcelBreadthCm", "parcelHeightCm"]));
    const row = rows.find((line) => line.startsWith(`${made.body.sku},`))!.split(",");
    expect(row[columns.indexOf("parcelWeightG")]).toBe("90");
    expect(row[columns.indexOf("parcelLengthCm")]).toBe("");

    const upload = (text: string) => api().post("/api/admin/products/import").set(admin.headers).attach("file", Buffer.from(text, "utf8"), { filename: "c.csv", contentType: "text/csv" });
    const refused = await upload(`sku,parcelWeightG,parcelLengthCm\r\n${made.body.sku},250,0\r\n`).expect(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ row: 2, field: "parcelLengthCm", message: PARCEL_MESSAGES.size })]);
    await upload(`sku,parcelWeightG,parcelLengthCm,parcelBreadthCm,parcelHeightCm\r\n${made.body.sku},250,20,10,8\r\n`).expect(200);
    expect(await rowOf(made.body._id)).toMatchObject({ parcelWeightG: 250, parcelLengthCm: 20, parcelBreadthCm: 10, parcelHeightCm: 8 });
  });
});

describe("Ship with Shiprocket's starting parcel (suggestParcels)", () => {
  it("adds up the units' weights, takes the largest box, and uses the shop's defaults where products say nothing", async () => {
    const order = await insertOrder(shop.context, { lines: [{ unitPricePaise: 10_000, quantity: 3 }, { unitPricePaise: 5_000, quantity: 1 }] });
    const lines = await shop.context.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const three = lines.find((line) => line.quantity === 3)!;
    const one = lines.find((line) => line.quantity === 1)!;
    const setParcel = (productId: string, values: Partial<typeof products.$inferInsert>) => shop.context.db.update(products).set(values).where(eq(products.id, productId));

    // Nothing on the products: the defaults.
    expect((await suggestParcels(shop.context.db, [order.id]))[order.id]).toEqual({ ...PARCEL_DEFAULTS, weightFromProducts: false, boxFromProducts: false });

    // One weight missing: the default weight; one box given: that box.
    await setParcel(three.productId, { parcelWeightG: 120, parcelLengthCm: 10, parcelBreadthCm: 8, parcelHeightCm: 4 });
    expect((await suggestParcels(shop.context.db, [order.id]))[order.id]).toEqual({
      weightKg: PARCEL_DEFAULTS.weightKg,
      lengthCm: 10,
      breadthCm: 8,
      heightCm: 4,
      weightFromProducts: false,
      boxFromProducts: true,
    });

    // Every weight given: 3 × 120 g + 1 × 455 g = 815 g → 0.82 kg (the form's two decimals); the larger box wins.
    await setParcel(one.productId, { parcelWeightG: 455, parcelLengthCm: 25, parcelBreadthCm: 5, parcelHeightCm: 5 });
    const both = await suggestParcels(shop.context.db, [order.id, "no-such-order"]);
    expect(both[order.id]).toEqual({ weightKg: 0.82, lengthCm: 25, breadthCm: 5, heightCm: 5, weightFromProducts: true, boxFromProducts: true });
    expect(both["no-such-order"]).toEqual({ ...PARCEL_DEFAULTS, weightFromProducts: false, boxFromProducts: false });
  });
});
