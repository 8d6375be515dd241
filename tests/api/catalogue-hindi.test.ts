// Products in Hindi (issue 34 item 4, api-contract "Third release" > "Hindi", decisions/063): the
// admin's i18n.hi texts and their refusals, the CSV's Hindi columns, catalogue reads with ?lang=hi
// or Accept-Language (Hindi where given, English where not), search by a Hindi name, and caches
// that never answer one language for the other.
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CATALOGUE_CSV_HEADER } from "#common/catalogue-csv.ts";
import { TRANSLATABLE_PRODUCT_FIELDS } from "#common/language.ts";
import { safetyAdviceLines } from "#common/medicine-information.ts";
import { parseCsv } from "#server/csv.ts";
import { DEMO_HINDI } from "#server/db/seed/hindi.ts";
import { demoMedicineColumns } from "#server/db/seed/medicine-information.ts";
import { DEMO_PRODUCTS } from "#server/db/seed/products.ts";
import { preferredLanguage } from "#server/http/language.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
/** Requests that reached Express's router (a kept answer never does). */
let routed = 0;

const api = () => request(shop.app);
const create = (body: Record<string, unknown>) => api().post("/api/admin/products").set(admin.headers).send(body);
const update = (id: string, body: Record<string, unknown>) => api().put(`/api/admin/products/${id}`).set(admin.headers).send(body);

const SYRUP = {
  name: "Zincovit Syrup",
  description: "A multivitamin syrup with zinc.",
  category: "Kids Nutrition",
  price: 120,
  composition: "Zinc Sulphate 20 mg + Lysine",
  uses: "Poor appetite in children.",
};
const SYRUP_HI = { name: "  ज़िंकोविट सिरप  ", description: "ज़िंक वाला मल्टीविटामिन सिरप।" };

let syrupId: string;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
  const router = (shop.app as unknown as { router: { handle: (...args: unknown[]) => unknown } }).router;
  const handle = router.handle.bind(router);
  vi.spyOn(router, "handle").mockImplementation((...args: unknown[]) => {
    routed++;
    return handle(...args);
  });
  const res = await create({ ...SYRUP, sku: "HI-SYRUP", i18n: { hi: SYRUP_HI } }).expect(201);
  syrupId = res.body._id;
});
afterAll(() => shop?.close());
beforeEach(() => {
  routed = 0;
});

describe("admin product calls with i18n", () => {
  it("create keeps the trimmed Hindi text and reads it back; the public English answer is unchanged", async () => {
    const read = await api().get(`/api/admin/products?search=HI-SYRUP`).set(admin.headers).expect(200);
    expect(read.body[0].i18n).toEqual({ hi: { name: "ज़िंकोविट सिरप", description: SYRUP_HI.description } });
    const english = await api().get(`/api/products/${syrupId}`).expect(200);
    expect(english.body.name).toBe(SYRUP.name);
    expect(english.body).not.toHaveProperty("i18n");
    expect(english.body).not.toHaveProperty("lang");
  });

  it("update changes the fields given, removes the empty ones and keeps the rest; null removes all", async () => {
    const { body: made } = await create({ ...SYRUP, sku: "HI-UPD", i18n: { hi: { name: "पुराना नाम", description: "विवरण" } } }).expect(201);
    const changed = await update(made._id, { i18n: { hi: { description: "", uses: "  कम भूख\r\nबच्चों में  " } } }).expect(200);
    expect(changed.body.i18n).toEqual({ hi: { name: "पुराना नाम", uses: "कम भूख\nबच्चों में" } });
    // Other fields may change without touching the Hindi text.
    const priced = await update(made._id, { price: 99 }).expect(200);
    expect(priced.body.i18n).toEqual(changed.body.i18n);
    const cleared = await update(made._id, { i18n: { hi: null } }).expect(200);
    expect(cleared.body.i18n).toEqual({});
    await update(made._id, { i18n: { hi: { name: "नया नाम" } } }).expect(200);
    expect((await update(made._id, { i18n: null }).expect(200)).body.i18n).toEqual({});
  });

  it("refuses bad Hindi text with a message per field, and writes nothing", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ hi: { name: "न".repeat(201) } }, "i18n.hi.name", /Hindi name is too long \(200 characters at most\)/],
      [{ hi: { description: 42 } }, "i18n.hi.description", /Hindi description must be text/],
      [{ hi: { composition: "पहली पंक्ति\nदूसरी" } }, "i18n.hi.composition", /Hindi salt composition on one line/],
      [{ hi: { uses: "उ".repeat(2001) } }, "i18n.hi.uses", /Hindi uses within 2,000 characters/],
      [{ hi: { brand: "x" } }, "i18n.hi.brand", /"brand" cannot be translated/],
      [{ hi: ["नाम"] }, "i18n.hi", /Hindi text must be an object/],
      [{ fr: { name: "Nom" } }, "i18n.fr", /"fr" is not a language of the shop/],
      [{ en: { name: "Name" } }, "i18n.en", /English text goes in the product's own fields/],
      ["हिन्दी", "i18n", /Translations must be given as/],
      [[{ hi: {} }], "i18n", /Translations must be given as/],
    ];
    for (const [i18n, field, message] of cases) {
      const res = await update(syrupId, { i18n, name: "Should not be saved" }).expect(400);
      expect(res.body.errors[field], JSON.stringify(i18n)).toMatch(message);
      const created = await create({ ...SYRUP, sku: "HI-BAD", i18n }).expect(400);
      expect(created.body.errors[field]).toMatch(message);
    }
    const stored = await api().get(`/api/products/${syrupId}`).expect(200);
    expect(stored.body.name).toBe(SYRUP.name);
    expect((await api().get("/api/admin/products?search=HI-BAD").set(admin.headers).expect(200)).body).toEqual([]);
  });
});

describe("catalogue reads in Hindi", () => {
  it("?lang=hi answers each field in Hindi where given and English where not, and lists the English ones", async () => {
    const res = await api().get(`/api/products/${syrupId}?lang=hi`).expect(200);
    expect(res.body).toMatchObject({ name: "ज़िंकोविट सिरप", description: SYRUP_HI.description, composition: SYRUP.composition, uses: SYRUP.uses, lang: "hi" });
    expect(res.body.untranslated).toEqual(["composition", "uses"]);
    // The language came from the address, not the header.
    expect(res.headers.vary ?? "").not.toMatch(/accept-language/i);
  });

  it("Accept-Language whose first language is Hindi answers in Hindi, and the answer varies on it", async () => {
    const hindi = await api().get(`/api/products/${syrupId}`).set("Accept-Language", "hi-IN,hi;q=0.9,en;q=0.8").expect(200);
    expect(hindi.body.name).toBe("ज़िंकोविट सिरप");
    expect(hindi.headers.vary).toMatch(/Accept-Language/i);
    const english = await api().get(`/api/products/${syrupId}`).set("Accept-Language", "en-IN,hi;q=0.9").expect(200);
    expect(english.body.name).toBe(SYRUP.name);
    expect(english.headers.vary).toMatch(/Accept-Language/i);
    // ?lang wins over the header.
    const asked = await api().get(`/api/products/${syrupId}?lang=en`).set("Accept-Language", "hi").expect(200);
    expect(asked.body.name).toBe(SYRUP.name);
  });

  it("reads the header's most preferred language, English for any other", () => {
    expect(preferredLanguage("hi")).toBe("hi");
    expect(preferredLanguage("en;q=0.5, hi-IN;q=0.8")).toBe("hi");
    expect(preferredLanguage("ta-IN,hi;q=0.9")).toBe("en");
    expect(preferredLanguage("*")).toBe("en");
    expect(preferredLanguage("hi;q=0")).toBe("en");
    expect(preferredLanguage(undefined)).toBe("en");
    expect(preferredLanguage("garbage;;;,,")).toBe("en");
  });

  it("refuses a lang the shop does not have", async () => {
    const res = await api().get("/api/products?lang=fr").expect(400);
    expect(res.body.errors.lang).toBe("lang must be one of en, hi");
    await api().get(`/api/products/${syrupId}?lang=HI`).expect(200, /ज़िंकोविट/);
    // An empty lang is no choice: the header chooses.
    await api().get(`/api/products/${syrupId}?lang=`).expect(200, /Zincovit/);
  });

  it("list, new arrivals, similar and substitutes answer in Hindi too", async () => {
    const { body: twin } = await create({ ...SYRUP, name: "Zinc Twin Syrup", sku: "HI-TWIN", price: 90 }).expect(201);
    const list = await api().get("/api/products?lang=hi&category=kids-nutrition").expect(200);
    const syrup = list.body.find((product: { _id: string }) => product._id === syrupId);
    expect(syrup.name).toBe("ज़िंकोविट सिरप");
    const untranslated = list.body.find((product: { _id: string }) => product._id === twin._id);
    expect(untranslated).toMatchObject({ name: "Zinc Twin Syrup", lang: "hi", untranslated: ["name", "description", "composition", "uses"] });
    const arrivals = await api().get("/api/products/new-arrivals?lang=hi").expect(200);
    expect(arrivals.body.map((product: { name: string }) => product.name)).toContain("ज़िंकोविट सिरप");
    const similar = await api().get(`/api/products/similar/${twin._id}?lang=hi`).expect(200);
    expect(similar.body.map((product: { name: string }) => product.name)).toContain("ज़िंकोविट सिरप");
    const nameOf = (body: { _id: string; name: string }[]) => body.find((product) => product._id === syrupId)?.name;
    const substitutes = await api().get(`/api/products/${twin._id}/substitutes?lang=hi`).expect(200);
    expect(nameOf(substitutes.body)).toBe("ज़िंकोविट सिरप");
    const english = await api().get(`/api/products/${twin._id}/substitutes`).expect(200);
    expect(nameOf(english.body)).toBe(SYRUP.name);
  });
});

describe("search by a Hindi name", () => {
  it("finds the product by its Hindi name, whole or a prefix, in either language's answer", async () => {
    const hindi = await api().get(`/api/products?search=${encodeURIComponent("ज़िंकोविट")}&lang=hi`).expect(200);
    expect(hindi.body.map((product: { _id: string }) => product._id)).toEqual([syrupId]);
    expect(hindi.body[0].name).toBe("ज़िंकोविट सिरप");
    const prefix = await api().get(`/api/products?search=${encodeURIComponent("ज़िंको")}`).expect(200);
    expect(prefix.body.map((product: { name: string }) => product.name)).toEqual([SYRUP.name]);
    const both = await api().get(`/api/products?search=${encodeURIComponent("सिरप ज़िंकोविट")}`).expect(200);
    expect(both.headers["x-total-count"]).toBe("1");
  });

  it("suggestions offer the Hindi name to a Hindi request and the English one otherwise", async () => {
    const q = encodeURIComponent("ज़िंकोविट");
    const hindi = await api().get(`/api/products/suggestions?q=${q}&lang=hi`).expect(200);
    expect(hindi.body.products).toMatchObject([{ _id: syrupId, name: "ज़िंकोविट सिरप", composition: SYRUP.composition }]);
    const english = await api().get(`/api/products/suggestions?q=${q}`).expect(200);
    expect(english.body.products).toMatchObject([{ _id: syrupId, name: SYRUP.name }]);
  });

  it("follows a changed Hindi name at once", async () => {
    const { body: made } = await create({ ...SYRUP, name: "Calcirise Drops", sku: "HI-SEARCH", i18n: { hi: { name: "कैल्सीराइज़ ड्रॉप्स" } } }).expect(201);
    const find = (text: string) => api().get(`/api/products?search=${encodeURIComponent(text)}`).expect(200);
    expect((await find("कैल्सीराइज़")).body.map((product: { _id: string }) => product._id)).toEqual([made._id]);
    await update(made._id, { i18n: { hi: { name: "बोनराइज़ ड्रॉप्स" } } }).expect(200);
    expect((await find("कैल्सीराइज़")).body).toEqual([]);
    expect((await find("बोनराइज़")).body.map((product: { _id: string }) => product._id)).toEqual([made._id]);
  });
});

describe("caches keep the languages apart", () => {
  it("a kept English answer is never served to a Hindi request, nor a Hindi one to an English request", async () => {
    const { body: made } = await create({ ...SYRUP, name: "Cache Syrup", sku: "HI-CACHE", i18n: { hi: { name: "कैश सिरप" } } }).expect(201);
    for (const url of [`/api/products/${made._id}`, "/api/products?category=kids-nutrition&limit=100", "/api/products/new-arrivals"]) {
      const names = (body: unknown) => JSON.stringify(body);
      const first = await api().get(url).expect(200);
      expect(names(first.body)).toContain("Cache Syrup");
      for (let round = 0; round < 2; round++) {
        routed = 0;
        const hindi = await api().get(url).set("Accept-Language", "hi-IN").expect(200);
        expect(names(hindi.body), url).toContain("कैश सिरप");
        expect(names(hindi.body)).not.toContain("Cache Syrup");
        const english = await api().get(url).set("Accept-Language", "en-IN").expect(200);
        expect(names(english.body), url).toContain("Cache Syrup");
        expect(names(english.body)).not.toContain("कैश सिरप");
        const none = await api().get(url).expect(200);
        expect(names(none.body)).toContain("Cache Syrup");
        // The second round is answered from the kept answers, before Express.
        if (round === 1) expect(routed, url).toBe(0);
      }
    }
  });

  it("suggestions kept for one language are not offered in the other", async () => {
    const q = encodeURIComponent("कैश");
    expect((await api().get(`/api/products/suggestions?q=${q}&lang=hi`).expect(200)).body.products[0].name).toBe("कैश सिरप");
    expect((await api().get(`/api/products/suggestions?q=${q}&lang=en`).expect(200)).body.products[0].name).toBe("Cache Syrup");
  });
});

describe("the catalogue CSV's Hindi columns", () => {
  it("come after the existing columns, in the export and the template", async () => {
    const hindiColumns = TRANSLATABLE_PRODUCT_FIELDS.map((field) => `${field}_hi`);
    expect(CATALOGUE_CSV_HEADER.slice(-hindiColumns.length)).toEqual(hindiColumns);
    expect(CATALOGUE_CSV_HEADER.slice(0, 2)).toEqual(["sku", "name"]);
    const template = parseCsv((await api().get("/api/admin/products/template.csv").set(admin.headers).expect(200)).text)!;
    expect(template[0]).toEqual([...CATALOGUE_CSV_HEADER]);
    expect(template[1]![template[0]!.indexOf("name_hi")]).toMatch(/[\u0900-\u097F]/);
  });

  it("round-trip: exported Hindi text imports back unchanged, a changed cell updates it, an empty one removes it", async () => {
    const exported = (await api().get("/api/admin/products/export.csv").set(admin.headers).expect(200)).text;
    const rows = parseCsv(exported)!;
    const header = rows[0]!;
    const row = rows.find((cells) => cells[0] === "HI-SYRUP")!;
    expect(row[header.indexOf("name_hi")]).toBe("ज़िंकोविट सिरप");
    expect(row[header.indexOf("description_hi")]).toBe(SYRUP_HI.description);
    await upload(exported).expect(200);
    const same = await api().get(`/api/admin/products?search=HI-SYRUP`).set(admin.headers).expect(200);
    expect(same.body[0].i18n).toEqual({ hi: { name: "ज़िंकोविट सिरप", description: SYRUP_HI.description } });

    const csv = 'sku,name_hi,description_hi,sideEffects_hi\r\nHI-SYRUP,ज़िंकोविट सिरप 200 ml,,"मतली\nपेट खराब"\r\n';
    const res = await upload(csv).expect(200);
    expect(res.body.updated).toBe(1);
    const changed = await api().get(`/api/admin/products?search=HI-SYRUP`).set(admin.headers).expect(200);
    expect(changed.body[0].i18n).toEqual({ hi: { name: "ज़िंकोविट सिरप 200 ml", sideEffects: "मतली\nपेट खराब" } });
    await update(syrupId, { i18n: { hi: SYRUP_HI } }).expect(200);
  });

  it("a bad Hindi cell is refused on its row and column, and nothing is imported", async () => {
    const csv = `sku,name,name_hi\r\nHI-SYRUP,Changed,ठीक\r\nHI-CSV-NEW,New product,${"न".repeat(201)}\r\n`;
    const res = await upload(csv).expect(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ row: 3, field: "name_hi", message: expect.stringMatching(/Hindi name is too long/) })]));
    expect((await api().get(`/api/products/${syrupId}`).expect(200)).body.name).toBe(SYRUP.name);
  });
});

describe("the demo catalogue in Hindi", () => {
  it("has a Hindi name and description for every product, and Hindi medicine information wherever the English has it", () => {
    expect(Object.keys(DEMO_HINDI).sort()).toEqual(DEMO_PRODUCTS.map((product) => product.sku).sort());
    for (const product of DEMO_PRODUCTS) {
      const hindi = DEMO_HINDI[product.sku]!;
      const english = { name: product.name, description: product.description, ...demoMedicineColumns(product.sku, product.brand) };
      for (const field of TRANSLATABLE_PRODUCT_FIELDS) {
        if (!english[field]) continue;
        expect(hindi[field], `${product.sku} ${field}`).toMatch(/[\u0900-\u097F]/);
      }
      // Safety advice keeps one line per topic, as the English does.
      if (english.safetyAdvice) expect(hindi.safetyAdvice!.split("\n")).toHaveLength(english.safetyAdvice.split("\n").length);
    }
  });

  it("writes safety advice under Hindi topics the product page reads as topics", () => {
    const topics = safetyAdviceLines(DEMO_HINDI["HP-WC-003"]!.safetyAdvice!).map((line) => line.topic);
    expect(topics).toEqual(["गर्भावस्था", "स्तनपान", "शराब", "ड्राइविंग"]);
  });
});

function upload(text: string) {
  return api()
    .post("/api/admin/products/import")
    .set(admin.headers)
    .attach("file", Buffer.from(text, "utf8"), { filename: "catalogue.csv", contentType: "text/csv" });
}
