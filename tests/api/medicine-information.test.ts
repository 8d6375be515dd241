// Medicine information (issue 19, decisions/027): the structured fields in every product JSON,
// written by the admin with one rule (length, one line where it must be, no control characters,
// a sentence per problem), searchable by salt, and filled for every demo product.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "#common/catalog.ts";
import { MEDICINE_FIELDS, medicineTextProblem, safetyAdviceLines } from "#common/medicine-information.ts";
import { products } from "#server/db/schema.ts";
import { DEMO_PRODUCTS } from "#server/db/seed/products.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;

const api = () => request(shop.app);
const asAdmin = (req: request.Test) => req.set(admin.headers);

const MEDICINE = {
  composition: "Tranexamic Acid 500 mg",
  uses: "Heavy menstrual bleeding.",
  directions: "Take one tablet three times a day during bleeding,\r\nas prescribed.",
  sideEffects: "Nausea and stomach upset.",
  safetyAdvice: "Pregnancy: Ask your doctor.\nBreastfeeding: Ask your doctor.\nAlcohol: Avoid.\nDriving: Not known to affect driving.",
  storage: "Store below 30°C.",
  manufacturer: "Demo Formulations Pvt. Ltd.,\nPlot 1, MIDC, Satara, Maharashtra 415004",
  marketer: "Demo Marketing LLP, Bengaluru",
  countryOfOrigin: "India",
};

const BASE = { name: "Hemostop 500", description: "Tablets for heavy periods.", category: "Women Care", price: 120, schedule: "H" };

beforeAll(async () => {
  shop = await createTestShop({ SEED_DEMO: "1" });
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

describe("medicine information", () => {
  it("fills every field of every demo product, each within the admin's own rules", async () => {
    const res = await api().get("/api/products?limit=100").expect(200);
    const all = res.body as ProductJson[];
    expect(all).toHaveLength(DEMO_PRODUCTS.length);
    for (const product of all) {
      for (const field of MEDICINE_FIELDS) {
        const value = product[field.name];
        expect(value, `${product.sku} ${field.name}`).toEqual(expect.any(String));
        expect(medicineTextProblem(value!, field), `${product.sku} ${field.name}`).toBeUndefined();
      }
      expect(safetyAdviceLines(product.safetyAdvice!).map((line) => line.topic)).toEqual([
        "Pregnancy",
        "Breastfeeding",
        "Alcohol",
        "Driving",
      ]);
    }
    const tranexamic = all.find((p) => p.sku === "HP-WC-010")!;
    expect(tranexamic.composition).toBe("Tranexamic Acid 500 mg + Mefenamic Acid 250 mg");
    expect(tranexamic.expiryDate).toBe("2028-01-31");
  });

  it("is written by the admin on create and update, cleaned, cleared with null or an empty text", async () => {
    const created = await asAdmin(api().post("/api/admin/products")).send({ ...BASE, ...MEDICINE }).expect(201);
    expect(created.body).toMatchObject({
      ...MEDICINE,
      directions: "Take one tablet three times a day during bleeding,\nas prescribed.",
    });
    const id = created.body._id as string;
    const shown = await api().get(`/api/products/${id}`).expect(200);
    expect(shown.body.composition).toBe("Tranexamic Acid 500 mg");

    const updated = await asAdmin(api().put(`/api/admin/products/${id}`))
      .send({ uses: "  Heavy periods.  ", sideEffects: null, marketer: "" })
      .expect(200);
    expect(updated.body).toMatchObject({ uses: "Heavy periods.", sideEffects: null, marketer: null, storage: "Store below 30°C." });
    const [row] = await shop.context.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ uses: "Heavy periods.", sideEffects: null, marketer: null, countryOfOrigin: "India" });
  });

  it("finds a brand by its salt: the composition is part of the search", async () => {
    const created = await asAdmin(api().post("/api/admin/products"))
      .send({ ...BASE, name: "Menoblock", description: "For heavy periods.", composition: "Ethamsylate 500 mg" })
      .expect(201);
    const found = await api().get("/api/products").query({ search: "ethamsylate" }).expect(200);
    expect(found.body.map((p: ProductJson) => p._id)).toEqual([created.body._id]);
    // A changed composition changes what a search finds.
    await asAdmin(api().put(`/api/admin/products/${created.body._id}`)).send({ composition: "Dicycloverine 10 mg" }).expect(200);
    expect((await api().get("/api/products").query({ search: "ethamsylate" }).expect(200)).body).toEqual([]);
    const typo = await api().get("/api/products").query({ search: "dicyclovrine" }).expect(200);
    expect(typo.body.map((p: ProductJson) => p._id)).toEqual([created.body._id]);
  });

  it("refuses bad input with a sentence beside each field, and changes nothing", async () => {
    const product = await asAdmin(api().post("/api/admin/products")).send({ ...BASE, name: "Rule Check" }).expect(201);
    const id = product.body._id as string;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ composition: 42 }, "composition", "The salt composition field must be text."],
      [{ uses: ["a"] }, "uses", "The uses field must be text."],
      [{ sideEffects: { text: "x" } }, "sideEffects", "The side effects field must be text."],
      [{ storage: "a".repeat(501) }, "storage", "Please keep the storage advice within 500 characters."],
      [{ uses: "b".repeat(2001) }, "uses", "Please keep the uses within 2,000 characters."],
      [{ countryOfOrigin: "India\nNepal" }, "countryOfOrigin", "Please write the country of origin on one line."],
      [{ composition: "Folic\u0007acid" }, "composition", "The salt composition field contains a character that cannot be shown; please retype that part."],
      [{ safetyAdvice: "Alcohol: avoid\u001b[31m" }, "safetyAdvice", "The safety advice field contains a character that cannot be shown; please retype that part."],
      [{ manufacturer: "x".repeat(301) }, "manufacturer", "Please keep the manufacturer within 300 characters."],
    ];
    for (const [body, field, message] of cases) {
      const res = await asAdmin(api().put(`/api/admin/products/${id}`)).send(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    const created = await asAdmin(api().post("/api/admin/products")).send({ ...BASE, directions: 7 });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe("The directions field must be text.");
    const after = await api().get(`/api/products/${id}`).expect(200);
    for (const field of MEDICINE_FIELDS) expect(after.body[field.name]).toBeNull();
  });
});
