import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAuth } from "#server/auth.ts";
import { loadConfig } from "#server/config.ts";
import { createShopContext, type ShopContext } from "#server/context.ts";
import { createLogger } from "#server/logger.ts";
import { projectPath } from "#server/paths.ts";
import { openDatabase } from "../client.ts";
import { products, researchArticles, user } from "../schema.ts";
import { ADMIN_CREDENTIALS_FILE, DEV_ADMIN_EMAIL, ensureFirstAdmin } from "./admin.ts";
import { DEMO_ARTICLES } from "./articles.ts";
import { seedDatabase } from "./index.ts";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function openShop(env: Record<string, string> = {}): Promise<ShopContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env });
  const database = await openDatabase({ kind: "pglite-memory" });
  cleanups.push(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await database.migrate();
  const auth = createAuth(config, database.db);
  return createShopContext({ config, database, auth, logger: createLogger(config) });
}

async function tableCounts(shop: ShopContext) {
  const [p] = await shop.db.select({ n: count() }).from(products);
  const [a] = await shop.db.select({ n: count() }).from(researchArticles);
  const [u] = await shop.db.select({ n: count() }).from(user);
  return { products: p.n, articles: a.n, users: u.n };
}

const publicFile = (url: string) => projectPath("public", url.replace(/^\//, ""));

describe("seedDatabase", () => {
  it("seeds the demo catalogue, articles and a development admin once", { timeout: 60_000 }, async () => {
    const shop = await openShop();
    await seedDatabase(shop);
    const first = await tableCounts(shop);
    await seedDatabase(shop);
    expect(await tableCounts(shop)).toEqual(first);

    const rows = await shop.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(36);
    expect(new Set(rows.map((p) => p.sku)).size).toBe(rows.length);

    const macnurish = rows.filter((p) => p.name === "Macnurish");
    expect(macnurish).toHaveLength(1);
    expect(macnurish[0]).toMatchObject({ pricePaise: 6900, packText: "/Sachet", category: "Women Care" });
    expect(macnurish[0].tags).toContain("Women");
    for (const ingredient of ["L-Arginine", "Proanthocyanidins", "Lycopene 10%", "L-Methyl Folate", "Zinc"]) {
      expect(macnurish[0].description).toContain(ingredient);
    }

    for (const category of ["Women Care", "Sports Nutrition", "Kids Nutrition"]) {
      const inCategory = rows.filter((p) => p.category === category);
      expect(new Set(inCategory.map((p) => p.subcategory)).size, category).toBeGreaterThanOrEqual(3);
      expect(new Set(inCategory.map((p) => p.brand)).size, category).toBeGreaterThanOrEqual(2);
      expect(inCategory.every((p) => p.collections.includes(category.toLowerCase().replace(" ", "-")))).toBe(true);
    }

    expect(rows.some((p) => p.prescriptionRequired)).toBe(true);
    // A Schedule H1 medicine, so the H1 register has something to record in a demo (issue 27).
    expect(rows.filter((p) => p.schedule === "H1").map((p) => p.name)).toEqual(["Cefixime 200 mg Tablets"]);
    expect(rows.some((p) => !p.prescriptionRequired)).toBe(true);
    expect(rows.some((p) => p.stock === 0)).toBe(true);
    expect(rows.some((p) => p.stock > 0 && p.stock <= 5)).toBe(true);
    expect(rows.some((p) => p.pricePaise < p.mrpPaise)).toBe(true);
    expect(rows.some((p) => p.collections.includes("bestsellers"))).toBe(true);
    expect(rows.filter((p) => p.collections.includes("new-arrivals")).length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((p) => p.createdAt.getTime())).size).toBe(rows.length);

    for (const p of rows) {
      expect(p.pricePaise, p.sku).toBeGreaterThanOrEqual(0);
      expect(p.pricePaise, p.sku).toBeLessThanOrEqual(100_000);
      expect(p.pricePaise, p.sku).toBeLessThanOrEqual(p.mrpPaise);
      expect(["Tablet", "Syrup", "Capsule", "Powder", "Topical", "Injection"]).toContain(p.form);
      // No invented social proof: a demo product has no reviews, so no rating (decisions/026).
      expect([p.rating, p.numReviews, p.ratingScore], p.sku).toEqual([0, 0, 3]);
      expect(p.gstRateBps, p.sku).toBe(p.hsnCode === "3004" ? 500 : 1800);
      expect(p.expiryDate?.slice(0, 4), p.sku).toMatch(/^202[78]$/);
      expect(p.searchVector, p.sku).toBeTruthy();
      expect(p.images.length, p.sku).toBeGreaterThanOrEqual(1);
      for (const image of p.images) {
        expect(image.url).toMatch(/^\/images\/products\/[a-z0-9-]+\.webp$/);
        expect(image.altText.length).toBeGreaterThan(10);
        expect(existsSync(publicFile(image.url)), image.url).toBe(true);
        expect(statSync(publicFile(image.url)).size, image.url).toBeLessThan(48_000);
      }
    }

    const articles = await shop.db.select().from(researchArticles);
    expect(articles.map((a) => [a.title, a.category, a.publishedOn]).sort()).toEqual([
      ["Myo-Inositol vs Metformin in PCOS", "research", "2024-03-15"],
      ["Oligohydramnios", "clinical", "2024-01-10"],
      ["PCOS vs PCOD", "education", "2024-02-28"],
    ]);
    for (const article of articles) expect(existsSync(publicFile(article.image)), article.image).toBe(true);
    // "Read Full Study" opens the study's own PubMed record, never a search (issue 27 item 7).
    for (const article of articles) expect(article.link, article.slug).toMatch(/^https:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/\d+\/$/);

    const admins = await shop.db.select().from(user).where(eq(user.role, "admin"));
    expect(admins).toHaveLength(1);
    expect(admins[0].email).toBe(DEV_ADMIN_EMAIL);
    const credentialsFile = path.join(shop.config.dataDir, ADMIN_CREDENTIALS_FILE);
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);
    const password = /Password: (\S+)/.exec(readFileSync(credentialsFile, "utf8"))?.[1];
    const signIn = await shop.auth.api.signInEmail({ body: { email: DEV_ADMIN_EMAIL, password: password! } });
    expect(signIn.token).toBeTruthy();
  });

  it("never adds demo products to a catalogue that already has products", { timeout: 60_000 }, async () => {
    const shop = await openShop();
    await shop.db.insert(products).values({
      name: "Operator Product",
      description: "Added by the operator.",
      pricePaise: 10_000,
      mrpPaise: 10_000,
      category: "Women Care",
      sku: "OP-1",
    });
    await seedDatabase(shop);
    expect(await tableCounts(shop)).toMatchObject({ products: 1, articles: 3 });
  });

  it("with SEED_DEMO=0 adds no demo data but still creates the first admin", { timeout: 60_000 }, async () => {
    const shop = await openShop({ SEED_DEMO: "0" });
    await seedDatabase(shop);
    expect(await tableCounts(shop)).toEqual({ products: 0, articles: 0, users: 1 });
  });

  it("creates the admin named by ADMIN_EMAIL and ADMIN_PASSWORD", { timeout: 60_000 }, async () => {
    const shop = await openShop({ ADMIN_EMAIL: "Owner@Shop.example", ADMIN_PASSWORD: "correct-horse-9" });
    await seedDatabase(shop);
    await seedDatabase(shop);
    const admins = await shop.db.select().from(user).where(eq(user.role, "admin"));
    expect(admins.map((a) => a.email)).toEqual(["owner@shop.example"]);
    const signIn = await shop.auth.api.signInEmail({
      body: { email: "owner@shop.example", password: "correct-horse-9" },
    });
    expect(signIn.token).toBeTruthy();
    expect(existsSync(path.join(shop.config.dataDir, ADMIN_CREDENTIALS_FILE))).toBe(false);
  });

  it("makes the ADMIN_EMAIL account admin again when a restart finds no admin at all", { timeout: 60_000 }, async () => {
    const shop = await openShop({ SEED_DEMO: "0", ADMIN_EMAIL: "Owner@Shop.example", ADMIN_PASSWORD: "correct-horse-9" });
    await seedDatabase(shop);
    const admins = () => shop.db.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    // The only admin demoted outside the shop's rules (as Better Auth's set-role once allowed).
    await shop.db.update(user).set({ role: "customer" }).where(eq(user.email, "owner@shop.example"));
    expect(await admins()).toEqual([]);

    const warn = vi.spyOn(shop.logger, "warn");
    expect(await ensureFirstAdmin(shop)).toEqual({ created: false, restored: true, email: "owner@shop.example" });
    expect(await admins()).toEqual([{ email: "owner@shop.example" }]);
    expect(warn).toHaveBeenCalledWith({ email: "owner@shop.example" }, expect.stringContaining("made admin again"));

    // ADMIN_EMAIL alone is enough to restore: no password is needed for an account that exists.
    await shop.db.update(user).set({ role: "customer" }).where(eq(user.email, "owner@shop.example"));
    const emailOnly = { ...shop, config: { ...shop.config, admin: { email: "owner@shop.example", password: undefined } } };
    expect(await ensureFirstAdmin(emailOnly)).toMatchObject({ restored: true });
    expect(await admins()).toEqual([{ email: "owner@shop.example" }]);
  });

  it("never promotes the ADMIN_EMAIL customer while another admin exists", { timeout: 60_000 }, async () => {
    const shop = await openShop({ SEED_DEMO: "0", ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "correct-horse-9" });
    await shop.auth.api.signUpEmail({ body: { name: "Early Bird", email: "owner@shop.example", password: "someone-else-1" } });
    await shop.auth.api.signUpEmail({ body: { name: "Real Admin", email: "real-admin@shop.example", password: "real-admin-1" } });
    await shop.db.update(user).set({ role: "admin" }).where(eq(user.email, "real-admin@shop.example"));
    expect(await ensureFirstAdmin(shop)).toEqual({ created: false });
    const roles = await shop.db.select({ email: user.email, role: user.role }).from(user).orderBy(user.email);
    expect(roles).toEqual([
      { email: "owner@shop.example", role: "customer" },
      { email: "real-admin@shop.example", role: "admin" },
    ]);
  });

  it("in production without ADMIN_EMAIL creates no admin", { timeout: 60_000 }, async () => {
    const shop = await openShop({ NODE_ENV: "production", BETTER_AUTH_SECRET: "p".repeat(12) + "-seed-test-secret-0123456789", PUBLIC_URL: "http://localhost:3000" });
    await seedDatabase(shop);
    expect((await tableCounts(shop)).users).toBe(0);
  });

  it("migration 0033 gives articles seeded with a PubMed search their study's page, leaving an edited link alone", async () => {
    const shop = await openShop();
    const [myo, pcos] = DEMO_ARTICLES;
    const searchLink = "https://pubmed.ncbi.nlm.nih.gov/?term=myo-inositol+metformin+polycystic+ovary+syndrome";
    const { slug: _a, ...myoRow } = myo!;
    const { slug: _b, ...pcosRow } = pcos!;
    await shop.db.insert(researchArticles).values([
      { ...myoRow, slug: myo!.slug, link: searchLink },
      { ...pcosRow, slug: pcos!.slug, link: "https://example.org/edited" },
    ]);
    const statements = readFileSync(projectPath("server/db/migrations/0033_study_links.sql"), "utf8").split("--> statement-breakpoint");
    for (const statement of statements) await shop.db.execute(sql.raw(statement));
    const links = Object.fromEntries((await shop.db.select().from(researchArticles)).map((a) => [a.slug, a.link]));
    expect(links).toEqual({ [myo!.slug]: myo!.link, [pcos!.slug]: "https://example.org/edited" });
    expect(myo!.link).toBe("https://pubmed.ncbi.nlm.nih.gov/36703143/");
  });
});
