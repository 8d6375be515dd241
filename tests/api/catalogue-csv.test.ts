// The catalogue as CSV (api-contract.md, "Operations (second release)"; decisions/033): the export
// of every product, the template, and the import that creates or updates by SKU through the admin
// product rules — nothing written when a row is wrong, written in batches that let other requests
// through — with row-level errors, and what an attacker might send it.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CSV_HEADER, CATALOGUE_CSV_MESSAGES, MAX_CATALOGUE_IMPORT_ROWS } from "#common/catalogue-csv.ts";
import { auditLog, products } from "#server/db/schema.ts";
import { parseCsv } from "#server/csv.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
let pharmacist: TestUser;

const api = (target: TestShop = shop) => request(target.app);
const exportCsv = async (target: TestShop = shop, user: TestUser = admin) =>
  (await api(target).get("/api/admin/products/export.csv").set(user.headers).expect(200)).text;
const upload = (text: string | Buffer, user: TestUser = admin, target: TestShop = shop) =>
  api(target)
    .post("/api/admin/products/import")
    .set(user.headers)
    .attach("file", typeof text === "string" ? Buffer.from(text, "utf8") : text, { filename: "catalogue.csv", contentType: "text/csv" });
/** The product with this SKU, in any letter case (an import writes the file's letter case). */
const bySku = async (sku: string) => (await shop.context.db.select().from(products).where(sql`lower(${products.sku}) = lower(${sku})`))[0];
const productCount = async (target: TestShop = shop) => (await target.context.db.select({ n: count() }).from(products))[0]?.n ?? 0;

/** The products the tests add beside the demo catalogue: awkward texts, unpublished, alt text, no images. */
const AWKWARD = {
  name: '=HYPERLINK("http://evil.example","Click"), "quoted"',
  description: "Line one, with a comma\nLine two with \"quotes\"\r\nand a Windows line end",
  category: "Women Care",
  sku: "AWK-1",
  price: 99.5,
  mrp: 120,
  countInStock: 0,
  tags: ["-minus", "@at", "plain, with comma"],
  collections: ["women-care"],
  schedule: "H",
  hsnCode: "30049099",
  gstRate: 18,
  batchNumber: "+B1",
  expiryDate: "2028-01-31",
  published: false,
  images: [{ url: "/images/placeholder-product.svg", altText: "A box, seen from the front" }],
  lowStockThreshold: 3,
  parcelWeightG: 180,
  parcelLengthCm: 14,
  parcelBreadthCm: 7,
  parcelHeightCm: 5,
  composition: "Ferrous Ascorbate (100mg), Folic Acid (1.5mg)",
  safetyAdvice: "Pregnancy: Consult your doctor.\nAlcohol: Avoid.",
  manufacturer: "Zenkart Pharma, Plot 12,\nBaddi",
  countryOfOrigin: "India",
};

beforeAll(async () => {
  shop = await createTestShop({ SEED_DEMO: "1" }, { seed: true });
  admin = await createAdmin(shop.context);
  customer = await createCustomer(shop.context);
  pharmacist = await createPharmacist(shop.context);
  await api().post("/api/admin/products").set(admin.headers).send(AWKWARD).expect(201);
  await api()
    .post("/api/admin/products")
    .set(admin.headers)
    .send({ name: "Plain Tablets", description: "Tablets", category: "Kids Nutrition", price: 10, sku: "plain-1" })
    .expect(201);
});
afterAll(() => shop?.close());

describe("who may use it", () => {
  it("is for admins only: 401 signed out, 403 for customers and pharmacists", async () => {
    for (const path of ["/api/admin/products/export.csv", "/api/admin/products/template.csv"]) {
      await api().get(path).expect(401);
      await api().get(path).set(customer.headers).expect(403);
      await api().get(path).set(pharmacist.headers).expect(403);
    }
    await api().post("/api/admin/products/import").attach("file", Buffer.from("sku,name\r\nX,Y\r\n"), "c.csv").expect(401);
    await upload("sku,price\r\nplain-1,1\r\n", customer).expect(403);
    await upload("sku,price\r\nplain-1,1\r\n", pharmacist).expect(403);
    const [plain] = await shop.context.db.select().from(products).where(eq(products.sku, "plain-1"));
    expect(plain?.pricePaise).toBe(1000);
  });
});

describe("GET /api/admin/products/export.csv", () => {
  it("lists every product, published or not, one row each under a header starting with sku", async () => {
    const res = await api().get("/api/admin/products/export.csv").set(admin.headers).expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(res.text)!;
    expect(rows[0]).toEqual(CATALOGUE_CSV_HEADER);
    expect(rows[0]![0]).toBe("sku");
    expect(rows).toHaveLength((await productCount()) + 1);
    const awkward = rows.find((row) => row[0] === "AWK-1")!;
    const cell = (name: string) => awkward[CATALOGUE_CSV_HEADER.indexOf(name)];
    expect(cell("published")).toBe("false");
    expect(cell("schedule")).toBe("H");
    expect(cell("gstRate")).toBe("18");
    expect(cell("hsnCode")).toBe("30049099");
    expect(cell("price")).toBe("99.50");
    expect(cell("images")).toBe("/images/placeholder-product.svg");
    expect(cell("imageAlt")).toBe("A box, seen from the front");
  });

  it("guards cells a spreadsheet would run as formulas (OWASP: a leading apostrophe)", async () => {
    const text = await exportCsv();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click""), ""quoted"""`);
    expect(text).toContain("'+B1");
    const awkward = parseCsv(text)!.find((row) => row[0] === "AWK-1")!;
    expect(awkward[CATALOGUE_CSV_HEADER.indexOf("tags")]).toBe("'-minus|@at|plain, with comma");
    // A cell is never left starting with = + - @ (a list's later items are inside the cell, not at its start).
    for (const row of parseCsv(text)!) for (const value of row) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe("GET /api/admin/products/template.csv", () => {
  it("is the header and one example row, which imports as it is", async () => {
    const res = await api().get("/api/admin/products/template.csv").set(admin.headers).expect(200);
    const rows = parseCsv(res.text)!;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(CATALOGUE_CSV_HEADER);
    const fresh = await createTestShop();
    try {
      const freshAdmin = await createAdmin(fresh.context);
      const imported = await upload(res.text, freshAdmin, fresh).expect(200);
      expect(imported.body).toMatchObject({ created: 1, updated: 0 });
    } finally {
      await fresh.close();
    }
  });
});

describe("POST /api/admin/products/import", () => {
  it("round trip: the export imported into a fresh shop exports the same catalogue", async () => {
    const first = await exportCsv();
    const fresh = await createTestShop();
    try {
      const freshAdmin = await createAdmin(fresh.context);
      const rows = parseCsv(first)!.length - 1;
      const res = await upload(first, freshAdmin, fresh).expect(200);
      expect(res.body).toEqual({ message: CATALOGUE_CSV_MESSAGES.imported(rows, 0), created: rows, updated: 0 });
      expect(await exportCsv(fresh, freshAdmin)).toBe(first);
      // Imported again: every product updated, nothing new, the same file.
      const again = await upload(first, freshAdmin, fresh).expect(200);
      expect(again.body).toMatchObject({ created: 0, updated: rows });
      expect(await exportCsv(fresh, freshAdmin)).toBe(first);
      const [awkward] = await fresh.context.db.select().from(products).where(eq(products.sku, "AWK-1"));
      expect(awkward).toMatchObject({
        name: AWKWARD.name,
        batchNumber: "+B1",
        published: false,
        tags: AWKWARD.tags,
        lowStockThreshold: 3,
        parcelWeightG: 180,
        parcelLengthCm: 14,
        parcelBreadthCm: 7,
        parcelHeightCm: 5,
        composition: AWKWARD.composition,
        safetyAdvice: AWKWARD.safetyAdvice,
        manufacturer: AWKWARD.manufacturer,
      });
    } finally {
      await fresh.close();
    }
  });

  it("updates by SKU (any letter case) only the columns in the file, and creates new SKUs", async () => {
    const before = await bySku("plain-1");
    const file = "\ufeffsku,price,mrp,countInStock\r\nPLAIN-1,12.5,15,7\r\nNEW-1,30,30,3\r\n";
    const failed = await upload(file).expect(400);
    // A new SKU needs what the product form needs: the row says so, and nothing changed.
    expect(failed.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 3, field: "name" }), expect.objectContaining({ row: 3, field: "category" })]),
    );
    expect(await bySku("plain-1")).toEqual(before);

    // The price alone above the stored MRP (₹10) is refused as the product form refuses it.
    const aboveMrp = await upload("sku,price\r\nPLAIN-1,12.5\r\n").expect(400);
    expect(aboveMrp.body.errors).toEqual([{ row: 2, field: "price", message: expect.stringMatching(/MRP/) }]);
    const res = await upload("sku,price,mrp,countInStock\r\nPLAIN-1,12.5,15,7\r\n").expect(200);
    expect(res.body).toMatchObject({ created: 0, updated: 1 });
    expect(await bySku("plain-1")).toMatchObject({ pricePaise: 1250, mrpPaise: 1500, stock: 7, name: "Plain Tablets", id: before!.id, sku: "PLAIN-1" });
  });

  it("a file with bad rows changes nothing and names each row, column and problem", async () => {
    const exported = await exportCsv();
    const header = CATALOGUE_CSV_HEADER.slice(0, 9).join(","); // sku … mrp
    const file = [
      header,
      "GOOD-1,Good Syrup,A syrup,Kids Nutrition,,Syrup,Apex,50,60",
      "BAD-1,Bad Price,A tablet,Women Care,,Tablet,,-5,10",
      "BAD-2,Bad Category,A tablet,Toys,,Tablet,,5,10",
      '"BAD-3","Above MRP",x,Women Care,,,,"20","10"',
    ].join("\r\n");
    const res = await upload(file).expect(400);
    expect(res.body.message).toBe(CATALOGUE_CSV_MESSAGES.badRows);
    expect(res.body.errors).toEqual([
      { row: 3, field: "price", message: expect.any(String) },
      { row: 4, field: "category", message: expect.any(String) },
      { row: 5, field: "price", message: expect.any(String) },
    ]);
    expect(await exportCsv()).toBe(exported);
  });

  it("a refusal only the database can see (price above the stored MRP) rolls back the rows before it", async () => {
    const exported = await exportCsv();
    const res = await upload("sku,name,description,category,price\r\nNEW-OK,New,Fine,Women Care,5\r\nAWK-1,Awkward,d,Women Care,500\r\n").expect(400);
    expect(res.body.errors).toEqual([{ row: 3, field: "price", message: expect.stringMatching(/MRP/) }]);
    expect(await exportCsv()).toBe(exported);
  });

  it("a large import lets other requests through between its batches (issue 26: 5,000 rows froze the shop)", { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `BULK-${i},Bulk ${i},A bulk product,Women Care,99`);
    const order: string[] = [];
    const importing = upload(`sku,name,description,category,price\r\n${rows.join("\r\n")}\r\n`).then((res) => {
      order.push("import");
      return res;
    });
    // Once the import's first batch is written (four more follow), a signed-in request (its session is read from the
    // database). Waiting a fixed time raced the import on a fast database.
    const bulkWritten = async () => (await shop.context.db.select({ n: count() }).from(products).where(sql`${products.sku} like 'BULK-%'`))[0]!.n;
    while ((await bulkWritten()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const profile = await api().get("/api/users/profile").set(customer.headers);
    order.push("profile");
    expect(profile.status).toBe(200);
    const res = await importing;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 500, updated: 0 });
    expect(order).toEqual(["profile", "import"]);
  });

  it("a refusal in a later batch keeps the rows before it, says so, and the corrected file imports again", { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 160 }, (_, i) => `LATE-${i},Late ${i},A late product,Women Care,99`);
    // Row 152 (the header is 1): the stored AWK-1's MRP is below this price, which only the write sees.
    rows[150] = "AWK-1,Awkward,d,Women Care,500";
    const res = await upload(`sku,name,description,category,price\r\n${rows.join("\r\n")}\r\n`).expect(400);
    expect(res.body.errors).toEqual([{ row: 152, field: "price", message: expect.stringMatching(/MRP/) }]);
    expect(res.body.message).toMatch(/^Imported up to the row listed \(\d+ created, 0 updated\), which was refused/);
    expect(await bySku("LATE-0")).toBeDefined();
    expect(await bySku("LATE-159")).toBeUndefined();
    rows[150] = "AWK-1,Awkward,d,Women Care,5";
    const again = await upload(`sku,name,description,category,price\r\n${rows.join("\r\n")}\r\n`).expect(200);
    expect(again.body.created + again.body.updated).toBe(160);
    expect(await bySku("LATE-159")).toBeDefined();
  });

  it("images must be files of the shop: uploaded ones are accepted, missing ones refused", async () => {
    const name = "0123456789abcdef0123456789abcdef.webp";
    await mkdir(path.join(shop.config.dataDir, "uploads"), { recursive: true });
    await writeFile(path.join(shop.config.dataDir, "uploads", name), Buffer.from("RIFF....WEBP"));
    const missing = await upload("sku,images,imageAlt\r\nplain-1,/images/uploads/ffffffffffffffffffffffffffffffff.webp|/images/../secret.webp,a|b\r\n").expect(400);
    expect(missing.body.errors[0]).toMatchObject({ row: 2, field: "images" });
    const res = await upload(`sku,images,imageAlt\r\nplain-1,/images/uploads/${name}|/images/placeholder-product.svg,Front|\r\n`).expect(200);
    expect(res.body).toMatchObject({ updated: 1 });
    const row = await bySku("plain-1");
    expect(row?.images).toEqual([
      { url: `/images/uploads/${name}`, altText: "Front" },
      { url: "/images/placeholder-product.svg", altText: "Plain Tablets" },
    ]);
  });

  it("records the import and every product it changed in the audit log", async () => {
    await upload("sku,countInStock\r\nplain-1,8\r\n").expect(200);
    const [entry] = await shop.context.db.select().from(auditLog).where(eq(auditLog.action, "catalogue.import"));
    expect(entry).toMatchObject({ actorId: admin.id, entity: "catalogue" });
    const updates = await shop.context.db.select().from(auditLog).where(eq(auditLog.action, "product.update"));
    expect(updates.some((u) => (u.after as { countInStock?: number }).countInStock === 8)).toBe(true);
  });
});

describe("attacks", () => {
  it("refuses a file over the size limit with 413 before reading it whole", async () => {
    const huge = Buffer.alloc(9 * 1024 * 1024, "a");
    const res = await upload(huge);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(CATALOGUE_CSV_MESSAGES.tooLarge);
  });

  it("refuses 100,000 rows as a whole, quickly, changing nothing", async () => {
    const before = await productCount();
    const lines = ["sku,name,description,category,price"];
    for (let i = 0; i < 100_000; i++) lines.push(`S${i},N,D,Women Care,1`);
    expect(MAX_CATALOGUE_IMPORT_ROWS).toBeLessThan(100_000);
    const started = Date.now();
    const res = await upload(lines.join("\n")).expect(400);
    expect(res.body.message).toBe(CATALOGUE_CSV_MESSAGES.tooManyRows);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await productCount()).toBe(before);
  });

  it("refuses binary files, a missing or unknown header, an unclosed quote, an empty file", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]);
    expect((await upload(png).expect(400)).body.message).toBe(CATALOGUE_CSV_MESSAGES.notText);
    expect((await upload("name,sku\r\nX,Y\r\n").expect(400)).body).toEqual({
      message: CATALOGUE_CSV_MESSAGES.skuFirst,
      errors: [{ row: 1, message: CATALOGUE_CSV_MESSAGES.skuFirst }],
    });
    expect((await upload("plain-1,5\r\n").expect(400)).body.message).toBe(CATALOGUE_CSV_MESSAGES.skuFirst);
    expect((await upload("sku,price,rating\r\nplain-1,5,5\r\n").expect(400)).body.errors).toEqual([
      { row: 1, field: "rating", message: CATALOGUE_CSV_MESSAGES.unknownColumn("rating") },
    ]);
    expect((await upload("sku,price,price\r\nplain-1,5,6\r\n").expect(400)).body.message).toBe(CATALOGUE_CSV_MESSAGES.repeatedColumn("price"));
    expect((await upload('sku,name\r\nplain-1,"never closed\r\n').expect(400)).body.message).toBe(CATALOGUE_CSV_MESSAGES.unclosedQuote);
    // The answer names the row whose quote opens and never closes (issue 26), blank lines not counted.
    const unclosed = await upload('sku,name\r\nplain-1,Fine\r\n\r\nplain-2,"Also fine, ""quoted"""\r\nplain-3,"never closed\r\nplain-4,More\r\n').expect(400);
    expect(unclosed.body.errors).toEqual([{ row: 4, message: CATALOGUE_CSV_MESSAGES.unclosedQuote }]);
    expect((await upload("sku,price\r\n").expect(400)).body.message).toBe(CATALOGUE_CSV_MESSAGES.empty);
    await api().post("/api/admin/products/import").set(admin.headers).attach("file", Buffer.alloc(0), "empty.csv").expect(400);
    await api().post("/api/admin/products/import").set(admin.headers).send({ file: "sku\nx" }).expect(415);
  });

  it("refuses a SKU twice in one file (any letter case), naming both rows", async () => {
    const res = await upload("sku,price\r\nplain-1,5\r\nAWK-1,100\r\nPlain-1,6\r\n").expect(400);
    expect(res.body.errors).toEqual([{ row: 4, field: "sku", message: CATALOGUE_CSV_MESSAGES.repeatedSku(2) }]);
  });

  it("stores formula-like text as text, and the export guards it again", async () => {
    const res = await upload("sku,name\r\nplain-1,@SUM(1+1)\r\n").expect(200);
    expect(res.body.updated).toBe(1);
    expect((await bySku("plain-1"))?.name).toBe("@SUM(1+1)");
    expect(await exportCsv()).toContain("'@SUM(1+1)");
    // A guarded cell imports as what was guarded.
    await upload("sku,name\r\nplain-1,'=1+1\r\n").expect(200);
    expect((await bySku("plain-1"))?.name).toBe("=1+1");
  });

  it("parses quotes, commas, line breaks in cells, CR-only lines and a byte order mark", async () => {
    const file = '\ufeffsku,description\r"plain-1","Two, parts\r\nand ""quoted"" text"\r';
    await upload(file).expect(200);
    expect((await bySku("plain-1"))?.description).toBe('Two, parts\r\nand "quoted" text');
  });
});
