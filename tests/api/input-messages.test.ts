// Strict input everywhere (issue 19): every /api endpoint that reads a body or a query, walked with
// a missing body, wrong-typed fields, null fields and arrays where objects are expected, as the
// caller it is meant for (admins for the admin API). Every 4xx message and field error must be one
// of the sentences the shop's own code defines (common/, the modules and their reply tables, the
// schemas, the HTTP layer) and never a validation library's default ("Invalid input: expected
// nonoptional, received undefined"). The routes are read from the mounted routers themselves
// (server/api/index.ts's route table), so a new endpoint is walked without editing this file.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "#common/catalog.ts";
import { reviews } from "#server/db/schema.ts";
import { mountedApiRoutes } from "../support/api-routes.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Where the shop writes the sentences it says: string and template literals of these files. */
const SENTENCE_SOURCES = ["common", "server/modules", "server/schemas", "server/http", "server/api", "server/app.ts"];

function sourceFiles(dir: string): string[] {
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every literal of the shop's source as a whole-message pattern (a template's `${…}` stands for any text). */
function shopSentences(): RegExp[] {
  const patterns = new Set<string>();
  for (const file of SENTENCE_SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)) {
      const text = (match[1] ?? match[2] ?? "").replace(/\\(.)/g, "$1");
      if (/^[A-Z₹]/.test(text) && text.length >= 4) patterns.add(escapeRegExp(text));
    }
    for (const match of source.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
      const parts = match[1]!.split(/\$\{(?:[^{}]|\{[^{}]*\})*\}/);
      if (parts.length < 2 && !/^[A-Z₹]/.test(match[1]!)) continue;
      // A template must say something itself: two words of its own at least ("Only ${n} items available").
      if ((parts.join(" ").match(/[A-Za-z]{2,}/g) ?? []).length < 2) continue;
      patterns.add(parts.map((part) => escapeRegExp(part.replace(/\\(.)/g, "$1"))).join("[\\s\\S]+?"));
    }
  }
  return [...patterns].map((pattern) => new RegExp(`^${pattern}$`));
}

/** Validation libraries' defaults (zod's above all), which must never reach a person. */
const LIBRARY_WORDING = [
  /invalid input/i,
  /\bexpected\b/i,
  /\breceived\b/i,
  /nonoptional/i,
  /^Required$/,
  /invalid (option|type|string|union|enum|element|key)/i,
  /too (big|small)/i,
  /unrecognized key/i,
  /\bundefined\b|\bNaN\b|\[object Object\]/,
];

let shop: TestShop;
let customer: TestUser;
let admin: TestUser;
let productId: string;
/** Real ids for the admin's paths, so a write reads its body rather than stopping at "not found". */
let adminIds: Record<string, string>;
let sentences: RegExp[];

beforeAll(async () => {
  // With a webhook secret, the Razorpay webhook checks its body too (without one it is a 503 by design).
  shop = await createTestShop({ SEED_DEMO: "1", RAZORPAY_WEBHOOK_SECRET: "input-messages-secret" });
  [customer, admin] = await Promise.all([createCustomer(shop.context), createAdmin(shop.context)]);
  const listed = (await request(shop.app).get("/api/products?limit=2")).body as ProductJson[];
  productId = listed[0]!._id;
  const other = await createCustomer(shop.context);
  const [review] = await shop.context.db
    .insert(reviews)
    .values({ productId: listed[1]!._id, userId: other.id, name: other.name, rating: 4, comment: "Real review." })
    .returning({ id: reviews.id });
  // The admin's product is another one, since the walk may archive or delete it.
  adminIds = { users: other.id, products: listed[1]!._id, reviews: review!.id };
  // A line in the customer's cart, so checkout and quote read their bodies rather than stop at an empty cart.
  await request(shop.app).post("/api/cart").set(customer.headers).send({ productId, quantity: 1 }).expect((res) => {
    if (res.status >= 300) throw new Error(`cart: ${res.status} ${JSON.stringify(res.body)}`);
  });
  sentences = shopSentences();
}, 120_000);
afterAll(() => shop?.close());

interface Endpoint {
  method: string;
  /** The path with its parameters filled in. */
  path: string;
  /** The path as the router writes it, for naming the test. */
  route: string;
}

/** The mounted API routers' routes (tests/support/api-routes.ts), with real ids in their paths. */
function endpoints(): Endpoint[] {
  return mountedApiRoutes(shop.app).map(({ method, route }) => ({
    method,
    route,
    path: method === "PUT" && route === "/api/products/:id" ? route.replace(":id", adminIds.products!) : fillParams(route),
  }));
}

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

function fillParams(route: string): string {
  return route
    .replace("{*rest}", "a/b")
    .replace(/:(\w+)/g, (_match, name: string) => {
      if (name === "pin") return "56000x";
      if (route.startsWith("/api/products/") && name === "id") return productId;
      const adminCollection = /^\/api\/admin\/(\w+)\/:id/.exec(route)?.[1];
      if (adminCollection && adminIds[adminCollection]) return adminIds[adminCollection]!;
      return UNKNOWN_ID;
    });
}

/** Field names the API's bodies and queries use; a probe sends all of them with one wrong value. */
const FIELDS = [
  "name", "email", "password", "confirmPassword", "currentPassword", "newPassword", "token", "role",
  "rating", "comment", "productId", "quantity", "guestId", "userId", "code", "couponCode",
  "shippingAddress", "billingAddress", "addressId", "paymentMethod", "prescriptionIds", "razorpay_order_id",
  "razorpay_payment_id", "razorpay_signature", "status", "reason", "decision", "note", "hidden", "read",
  "price", "mrp", "stock", "description", "category", "subcategory", "brand", "sku", "images", "tags",
  "collections", "schedule", "gstRate", "hsnCode", "expiryDate", "batchNumber", "published", "bestseller",
  "discountType", "discountValue", "percentOff", "validFrom", "validUntil", "maxUses", "minOrder",
  "firstOrderOnly", "message", "subject", "phone", "address", "city", "state", "postalCode", "country",
  "isDefault", "courier", "trackingNumber", "awb", "items", "lines", "lowStockThreshold", "dispatchCutoff",
  "isPaid", "isDelivered",
];

const WRONG_VALUES: unknown[] = [null, 12345, true, [], {}, "", [{}], "x".repeat(3)];

/** The bodies a write is sent: none, the wrong JSON types, and objects whose fields are all of one wrong type. */
function bodies(): { label: string; body?: unknown; raw?: string }[] {
  return [
    { label: "no body" },
    { label: "an empty object", body: {} },
    { label: "a JSON array", body: [] },
    { label: "an array of objects", body: [{ name: "x" }] },
    { label: "a JSON string", raw: '"text"' },
    { label: "JSON null", raw: "null" },
    { label: "a JSON number", raw: "42" },
    ...WRONG_VALUES.map((value) => ({
      label: `every field ${JSON.stringify(value)}`,
      body: Object.fromEntries(FIELDS.map((field) => [field, value])),
    })),
    {
      label: "objects and arrays inside",
      body: { ...Object.fromEntries(FIELDS.map((field) => [field, { nested: [] }])), shippingAddress: [], items: "x" },
    },
  ];
}

const QUERIES = [
  "?page=abc&limit=-1&sortBy=nope&status=nope&role=nope&search=&q=&minPrice=abc&maxPrice=-5&prescription=maybe&from=x&to=y&include=zzz&entity=zzz&actor=zzz&format=zzz&kind=zzz",
  "?page=1&page=2&limit=1&limit=2&status=a&status=b&q=a&q=b&search=a&search=b&category=a&category=b",
  `?q=${"x".repeat(300)}&search=${"y".repeat(300)}&page=99999999999999999999`,
];

/** The admin API, the upload and the spec's product edit (PUT /api/products/:id) are walked as an admin. */
const forAdmins = (endpoint: { method: string; route: string }) =>
  endpoint.route.startsWith("/api/admin") ||
  endpoint.route === "/api/upload" ||
  (endpoint.method === "PUT" && endpoint.route === "/api/products/:id");

/** Sign-out and account deletion end the session: walked last, so the rest are walked signed in. */
const LAST = [/\/users\/logout/, /DELETE \/api\/users\/me$/];

function problems(res: request.Response, allowed: RegExp[]): string[] {
  if (res.status >= 500) return [`status ${res.status}`];
  if (res.status < 400 || res.type !== "application/json") return [];
  const found: string[] = [];
  const check = (where: string, text: unknown) => {
    if (typeof text !== "string" || text.trim() === "") return found.push(`${where}: not a sentence: ${JSON.stringify(text)}`);
    if (LIBRARY_WORDING.some((pattern) => pattern.test(text))) return found.push(`${where}: library wording: ${text}`);
    if (!/^[A-Z0-9₹"“]/.test(text)) return found.push(`${where}: not a sentence (no capital): ${text}`);
    if (!allowed.some((pattern) => pattern.test(text))) return found.push(`${where}: not one of the shop's sentences: ${text}`);
  };
  check("message", res.body.message);
  for (const [field, text] of Object.entries((res.body.errors ?? {}) as Record<string, unknown>)) check(`errors.${field}`, text);
  return found;
}

describe("every 4xx message of the API is a sentence the shop wrote", () => {
  it("the route table is walked whole: writes with bad bodies, reads with bad queries", async () => {
    const all = endpoints();
    expect(all.length).toBeGreaterThan(60);
    const ordered = [
      ...all.filter((e) => !LAST.some((pattern) => pattern.test(`${e.method} ${e.route}`))),
      ...all.filter((e) => LAST.some((pattern) => pattern.test(`${e.method} ${e.route}`))),
    ];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let fourHundreds = 0;
    for (const endpoint of ordered) {
      const caller = forAdmins(endpoint) ? admin : customer;
      const send = async (query: string, probe?: { body?: unknown; raw?: string }) => {
        let req = request(shop.app)[endpoint.method.toLowerCase() as "get"](`${endpoint.path}${query}`).set(caller.headers);
        if (probe?.raw !== undefined) req = req.set("Content-Type", "application/json").send(probe.raw);
        else if (probe && "body" in probe) req = req.send(probe.body as object);
        return req;
      };
      const probes =
        endpoint.method === "GET"
          ? QUERIES.map((query) => ({ label: query.slice(0, 40), query, probe: undefined }))
          : bodies().map((probe) => ({ label: probe.label, query: "", probe }));
      for (const { label, query, probe } of probes) {
        const res = await send(query, probe);
        if (res.status === 400) fourHundreds++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        for (const problem of problems(res, sentences)) failures.push(`${endpoint.method} ${endpoint.route} (${label}): ${problem}`);
      }
    }
    console.info(`input-messages: ${ordered.length} endpoints`, Object.fromEntries(statuses));
    expect(failures).toEqual([]);
    // The probes reached the checks: most writes refuse such bodies with a 400.
    expect(fourHundreds).toBeGreaterThan(100);
  }, 300_000);

  it("a checkout without a shipping address is answered with a sentence, beside the field", async () => {
    // A customer of its own, with a line in the cart: the walk above signs its customer out at the end.
    const buyer = await createCustomer(shop.context);
    await request(shop.app).post("/api/cart").set(buyer.headers).send({ productId, quantity: 1 }).expect(201);
    for (const body of [{}, { shippingAddress: null }, { shippingAddress: [] }, { shippingAddress: "12 MG Road" }]) {
      const res = await request(shop.app).post("/api/checkout").set(buyer.headers).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(problems(res, sentences), JSON.stringify(body)).toEqual([]);
    }
  });

  it("the check itself refuses the library's wording and text the shop never wrote", () => {
    const res = (body: unknown) => ({ status: 400, type: "application/json", body }) as request.Response;
    expect(problems(res({ message: "Invalid input: expected nonoptional, received undefined" }), sentences)).toHaveLength(1);
    expect(problems(res({ message: "Rating must be a whole number from 1 to 5", errors: { x: "Required" } }), sentences)).toHaveLength(1);
    expect(problems(res({ message: "Something nobody wrote" }), sentences)).toHaveLength(1);
    expect(problems(res({ message: "Rating must be a whole number from 1 to 5" }), sentences)).toEqual([]);
    expect(problems(res({ message: "Product not found" }), sentences)).toEqual([]);
  });
});
