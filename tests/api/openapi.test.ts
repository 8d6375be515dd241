// The OpenAPI description (issue 18 item 4, decisions/034): every mounted /api route is described
// (and nothing else), the document is served cacheable with an ETag, its schemas are valid JSON
// Schema 2020-12, the reference page is self-contained, and real answers — successes and
// `{ message, errors? }` refusals — match the document's schema for their status.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "#common/catalog.ts";
import { user } from "#server/db/schema.ts";
import { buildOpenApiDocument, type OpenApiDocument, openApiPath } from "#server/openapi/document.ts";
import { BENGALURU_ADDRESS } from "../support/orders.ts";
import { mountedApiRoutes } from "../support/api-routes.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let document: OpenApiDocument;
let customer: TestUser;
let admin: TestUser;
let listed: ProductJson[];

beforeAll(async () => {
  shop = await createTestShop({ SEED_DEMO: "1" });
  [customer, admin] = await Promise.all([createCustomer(shop.context), createAdmin(shop.context)]);
  document = (await request(shop.app).get("/api/openapi.json").expect(200)).body as OpenApiDocument;
  listed = (await request(shop.app).get("/api/products?limit=3").expect(200)).body as ProductJson[];
}, 120_000);
afterAll(() => shop?.close());

const COMPONENTS = "https://shop.invalid/components";

/** The document's refs, pointed at one schema resource holding the components. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "$ref" && typeof inner === "string" ? inner.replace("#/components/schemas/", `${COMPONENTS}#/$defs/`) : relink(inner),
      ]),
    );
  }
  return value;
}

function validator(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true });
  ajv.addKeyword("x-access");
  ajv.addSchema({ $id: COMPONENTS, $defs: relink(doc.components.schemas) });
  const cache = new Map<string, ValidateFunction>();
  return (schema: unknown) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) cache.set(key, (validate = ajv.compile(relink(schema) as object)));
    return validate;
  };
}

/** Problems of one real answer against the document: the operation, its status and the body's shape. */
function problemsOf(res: request.Response, method: string, route: string): string[] {
  const where = `${method} ${route} → ${res.status}`;
  const operation = document.paths[openApiPath(route)]?.[method.toLowerCase()] as { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } | undefined;
  if (!operation) return [`${where}: not in the document`];
  const described = operation.responses[String(res.status)];
  if (!described) return [`${where}: status not described (${Object.keys(operation.responses).join(", ")})`];
  const json = described.content?.["application/json"];
  if (!json) return res.type === "application/json" ? [`${where}: JSON answered, the document says ${Object.keys(described.content ?? {})}`] : [];
  if (res.type !== "application/json") return [`${where}: answered ${res.type}, the document says JSON`];
  const validate = compile(json.schema);
  return validate(res.body) ? [] : [`${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`];
}

let compile: ReturnType<typeof validator>;

describe("the OpenAPI document", () => {
  it("describes every mounted /api route and nothing that is not mounted", () => {
    const mounted = new Set(mountedApiRoutes(shop.app).map(({ method, route }) => `${method} ${openApiPath(route)}`));
    const described = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    expect([...mounted].filter((entry) => !described.has(entry)), "routes without a description").toEqual([]);
    expect([...described].filter((entry) => !mounted.has(entry)), "descriptions of no route").toEqual([]);
    // The contract's and this release's calls are there by name.
    for (const entry of [
      "POST /api/users/email/verification",
      "POST /api/users/email/verify",
      "PUT /api/users/email",
      "POST /api/users/logout/all",
      "GET /api/products/suggestions",
      "GET /api/products/{id}/substitutes",
      "POST /api/products/{id}/notify-me",
      "POST /api/orders/{id}/returns",
      "GET /api/orders/{id}/credit-notes/{noteId}.pdf",
      "PUT /api/admin/settings",
      "GET /api/admin/low-stock",
      "GET /api/admin/audit",
      "GET /api/admin/products/export.csv",
      "POST /api/admin/products/import",
    ]) {
      expect(described.has(entry), entry).toBe(true);
    }
  });

  it("is OpenAPI 3.1 whose every schema compiles as JSON Schema 2020-12, with the validated bodies' fields", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(shop.config.publicUrl))));
    compile = validator(document);
    let schemas = 0;
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods) as { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }>; security?: unknown; summary?: string }[]) {
        expect(operation.summary).toBeTruthy();
        expect(operation.security).toBeDefined();
        for (const media of [...Object.values(operation.requestBody?.content ?? {}), ...Object.values(operation.responses).flatMap((r) => Object.values(r.content ?? {}))]) {
          compile(media.schema);
          schemas += 1;
        }
      }
    }
    expect(schemas).toBeGreaterThan(200);
    // From the zod schemas the server validates with (server/schemas): the register call's body and the list's query.
    const register = document.paths["/api/users/register"]!.post as { requestBody: { content: { "application/json": { schema: { properties: object; required: string[] } } } } };
    expect(Object.keys(register.requestBody.content["application/json"].schema.properties)).toEqual(["name", "email", "password", "confirmPassword"]);
    const list = document.paths["/api/products"]!.get as { parameters: { name: string; in: string }[] };
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["category", "search", "sortBy", "limit", "page", "minPrice"]));
    // A whole-input check (the product's) is described by its documented shape, not as "anything".
    const create = document.paths["/api/admin/products"]!.post as { requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } } };
    expect(Object.keys(create.requestBody.content["application/json"].schema.properties)).toEqual(expect.arrayContaining(["name", "price", "schedule", "images", "composition"]));
  });

  it("is served cacheable with an ETag (304 when unchanged)", async () => {
    const res = await request(shop.app).get("/api/openapi.json").expect(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toMatch(/^public/);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request(shop.app).get("/api/openapi.json").set("If-None-Match", etag).expect(304);
    expect(again.text).toBe("");
    await request(shop.app).get("/api/openapi.json").set("If-None-Match", '"other"').expect(200);
  });

  it("has a reference page: self-contained, under the shop's CSP, every operation listed", async () => {
    const res = await request(shop.app).get("/api/docs").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const csp = res.headers["content-security-policy"] as string;
    const nonce = /nonce-([^']+)'/.exec(csp)?.[1];
    expect(res.text).toContain(`<style nonce="${nonce}">`);
    expect(res.text).not.toMatch(/<script|<link|@import|url\(/i);
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//i);
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) {
        expect(res.text).toContain(`<span class="method method-${method}">${method.toUpperCase()}</span> <code>${path.replace(/&/g, "&amp;")}</code>`);
      }
    }
    expect(res.text).toContain('id="schema-product"');
  });
});

describe("real answers match the document", () => {
  it("a sample of calls, as their callers, successes and refusals", async () => {
    compile ??= validator(document);
    const failures: string[] = [];
    const check = (res: request.Response, method: string, route: string) => {
      failures.push(...problemsOf(res, method, route));
      return res;
    };
    const app = shop.app;
    const [first, second] = listed;
    const id = first!._id;

    // Catalogue.
    check(await request(app).get("/api/products?limit=3"), "GET", "/api/products");
    check(await request(app).get("/api/products?page=abc"), "GET", "/api/products");
    check(await request(app).get("/api/products/facets?category=women-care"), "GET", "/api/products/facets");
    check(await request(app).get("/api/products/new-arrivals"), "GET", "/api/products/new-arrivals");
    check(await request(app).get("/api/products/suggestions?q=vit"), "GET", "/api/products/suggestions");
    check(await request(app).get("/api/products/suggestions?q=zzqqxx"), "GET", "/api/products/suggestions");
    check(await request(app).get(`/api/products/similar/${id}`), "GET", "/api/products/similar/:id");
    check(await request(app).get(`/api/products/${id}`), "GET", "/api/products/:id");
    check(await request(app).get("/api/products/no-such-product"), "GET", "/api/products/:id");
    check(await request(app).get(`/api/products/${id}/substitutes`), "GET", "/api/products/:id/substitutes");
    check(await request(app).get(`/api/products/${id}/reviews`), "GET", "/api/products/:id/reviews");
    check(await request(app).get("/api/products/a/b/c"), "GET", "/api/products/{*rest}");
    check(await request(app).post(`/api/products/${id}/reviews`).send({ rating: 5, comment: "Good" }), "POST", "/api/products/:id/reviews");
    check(await request(app).post(`/api/products/${id}/reviews`).set(customer.headers).send({ rating: 9 }), "POST", "/api/products/:id/reviews");
    check(await request(app).get("/api/serviceability/560001"), "GET", "/api/serviceability/:pin");
    check(await request(app).get("/api/serviceability/999999"), "GET", "/api/serviceability/:pin");
    check(await request(app).post("/api/subscribe").send({ email: "reader@example.in" }), "POST", "/api/subscribe");
    check(await request(app).post("/api/subscribe").send({ email: "nope" }), "POST", "/api/subscribe");
    check(await request(app).post("/api/contact").send({ name: "Ravi", email: "ravi@example.in", message: "Do you deliver to Mysuru?" }), "POST", "/api/contact");

    // Account.
    const registered = check(
      await request(app).post("/api/users/register").send({ name: "Meera Iyer", email: "meera@example.in", password: "correct horse battery", confirmPassword: "correct horse battery" }),
      "POST",
      "/api/users/register",
    );
    expect(registered.status).toBe(201);
    const meera = { Authorization: `Bearer ${registered.body.token as string}` };
    check(await request(app).post("/api/users/register").send({ email: "x" }), "POST", "/api/users/register");
    check(await request(app).post("/api/users/login").send({ email: "meera@example.in", password: "correct horse battery" }), "POST", "/api/users/login");
    check(await request(app).post("/api/users/login").send({ email: "meera@example.in", password: "wrong password!" }), "POST", "/api/users/login");
    check(await request(app).get("/api/users/profile").set(meera), "GET", "/api/users/profile");
    check(await request(app).get("/api/users/profile"), "GET", "/api/users/profile");
    check(await request(app).put("/api/users/profile").set(meera).send({ phone: "9876543210" }), "PUT", "/api/users/profile");
    check(await request(app).post("/api/users/password/forgot").send({ email: "meera@example.in" }), "POST", "/api/users/password/forgot");
    check(await request(app).post("/api/users/email/verification").set(meera), "POST", "/api/users/email/verification");
    check(await request(app).post("/api/users/email/verify").send({ token: "not-a-token" }), "POST", "/api/users/email/verify");
    check(await request(app).put("/api/users/email").set(meera).send({ email: "meera.new@example.in", password: "correct horse battery" }), "PUT", "/api/users/email");
    check(await request(app).get("/api/users/me/export").set(meera), "GET", "/api/users/me/export");

    // Addresses.
    const saved = check(
      await request(app).post("/api/users/addresses").set(meera).send({ fullName: "Meera Iyer", phone: "9876543210", line1: "4 Church Street", line2: null, landmark: null, city: "Bengaluru", state: "", postalCode: "560001", isDefault: true }),
      "POST",
      "/api/users/addresses",
    );
    expect(saved.status).toBe(201);
    check(await request(app).get("/api/users/addresses").set(meera), "GET", "/api/users/addresses");
    check(await request(app).put(`/api/users/addresses/${saved.body._id}`).set(meera).send({ ...saved.body, city: "Bangalore" }), "PUT", "/api/users/addresses/:id");
    check(await request(app).post("/api/users/addresses").set(meera).send({ fullName: "" }), "POST", "/api/users/addresses");
    check(await request(app).delete(`/api/users/addresses/${saved.body._id}`).set(meera), "DELETE", "/api/users/addresses/:id");

    // Cart, checkout, orders.
    const cartProduct = listed.find((product) => !product.prescriptionRequired && product.countInStock > 0) ?? second!;
    check(await request(app).post("/api/cart").set(meera).send({ productId: cartProduct._id, quantity: 1 }), "POST", "/api/cart");
    check(await request(app).post("/api/cart").set(meera).send({ productId: cartProduct._id, quantity: 0 }), "POST", "/api/cart");
    check(await request(app).put("/api/cart").set(meera).send({ productId: cartProduct._id, quantity: 2 }), "PUT", "/api/cart");
    check(await request(app).get("/api/cart").set(meera), "GET", "/api/cart");
    check(await request(app).post("/api/cart/coupon").set(meera).send({ code: "NOSUCHCODE" }), "POST", "/api/cart/coupon");
    check(await request(app).post("/api/checkout/quote").set(meera).send({ shippingAddress: BENGALURU_ADDRESS, paymentMethod: "cod" }), "POST", "/api/checkout/quote");
    // Cash on delivery needs a verified email (decisions/044).
    await shop.context.db.update(user).set({ emailVerified: true }).where(eq(user.id, registered.body.user._id as string));
    const placed = check(await request(app).post("/api/checkout").set(meera).send({ shippingAddress: BENGALURU_ADDRESS, paymentMethod: "cod" }), "POST", "/api/checkout");
    check(await request(app).post("/api/checkout").set(meera).send({ shippingAddress: {}, paymentMethod: "cod" }), "POST", "/api/checkout");
    check(await request(app).get("/api/orders/my-orders").set(meera), "GET", "/api/orders/my-orders");
    expect(placed.status).toBe(201);
    const orderId = placed.body.order?._id as string;
    check(await request(app).get(`/api/orders/${orderId}`).set(meera), "GET", "/api/orders/:id");
    check(await request(app).get(`/api/orders/${orderId}`).set(customer.headers), "GET", "/api/orders/:id");
    check(await request(app).get(`/api/orders/${orderId}/returns`).set(meera), "GET", "/api/orders/:id/returns");
    check(await request(app).post(`/api/orders/${orderId}/confirm-cod`).set(customer.headers), "POST", "/api/orders/:id/confirm-cod");
    check(await request(app).post(`/api/orders/${orderId}/confirm-cod`).set(meera), "POST", "/api/orders/:id/confirm-cod");
    check(await request(app).post(`/api/admin/orders/${orderId}/confirm-cod`).set(admin.headers), "POST", "/api/admin/orders/:id/confirm-cod");
    // Shiprocket is not configured here: the hand-typed shipment stays, these calls say so (issue 31).
    check(await request(app).post(`/api/admin/orders/${orderId}/shipment`).set(admin.headers).send({ weightKg: 0.5 }), "POST", "/api/admin/orders/:id/shipment");
    check(await request(app).post(`/api/admin/orders/${orderId}/shipment`).set(admin.headers).send({ weightKg: -1 }), "POST", "/api/admin/orders/:id/shipment");
    check(await request(app).get(`/api/admin/orders/${orderId}/shipment/label`).set(admin.headers), "GET", "/api/admin/orders/:id/shipment/label");
    check(await request(app).post("/api/shipping/webhook").send({ awb: "SR1" }), "POST", "/api/shipping/webhook");
    check(await request(app).post(`/api/orders/${orderId}/cancel`).set(meera), "POST", "/api/orders/:id/cancel");
    check(await request(app).get("/api/prescriptions").set(meera), "GET", "/api/prescriptions");

    // Admin.
    const adminGets = ["/users", "/products", "/orders", "/reviews", "/coupons", "/settings", "/low-stock", "/audit", "/stats", "/messages", "/subscribers", "/serviceability", "/returns", "/prescriptions"];
    for (const path of adminGets) check(await request(app).get(`/api/admin${path}`).set(admin.headers), "GET", `/api/admin${path}`);
    check(await request(app).get("/api/admin/users").set(customer.headers), "GET", "/api/admin/users");
    check(await request(app).get("/api/admin/users"), "GET", "/api/admin/users");
    check(await request(app).put("/api/admin/settings").set(admin.headers).send({ lowStockThreshold: 7 }), "PUT", "/api/admin/settings");
    check(await request(app).put("/api/admin/settings").set(admin.headers).send({ lowStockThreshold: -1 }), "PUT", "/api/admin/settings");
    const created = check(
      await request(app).post("/api/admin/products").set(admin.headers).send({ name: "OpenAPI Tonic", description: "A tonic.", category: "Women Care", price: 120, countInStock: 0 }),
      "POST",
      "/api/admin/products",
    );
    expect(created.status).toBe(201);
    check(await request(app).put(`/api/admin/products/${created.body._id}`).set(admin.headers).send({ price: 130 }), "PUT", "/api/admin/products/:id");
    check(await request(app).put(`/api/products/${created.body._id}`).set(admin.headers).send({ price: 0 }), "PUT", "/api/products/:id");
    check(await request(app).post(`/api/products/${created.body._id}/notify-me`).send({ email: "waiting@example.in" }), "POST", "/api/products/:id/notify-me");
    check(await request(app).post(`/api/products/${created.body._id}/notify-me`).send({ email: 5 }), "POST", "/api/products/:id/notify-me");
    check(await request(app).post("/api/admin/coupons").set(admin.headers).send({ code: "OPENAPI10", type: "percent", value: 10, maxDiscount: null, minOrder: 0, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, firstOrderOnly: false, categories: [], productIds: [], includeRx: false, active: true }), "POST", "/api/admin/coupons");
    check(await request(app).get("/api/admin/coupons?kind=campaign").set(admin.headers), "GET", "/api/admin/coupons");
    check(await request(app).get("/api/admin/coupons?kind=nope").set(admin.headers), "GET", "/api/admin/coupons");
    check(await request(app).put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Nope" }), "PUT", "/api/admin/orders/:id");
    const badCsv = await request(app).post("/api/admin/products/import").set(admin.headers).attach("file", Buffer.from("name,price\nX,abc\n"), "catalogue.csv");
    expect(badCsv.status).toBe(400);
    check(badCsv, "POST", "/api/admin/products/import");

    // Signing out everywhere ends the session last.
    check(await request(app).post("/api/users/logout/all").set(meera), "POST", "/api/users/logout/all");
    check(await request(app).get("/api/users/profile").set(meera), "GET", "/api/users/profile");

    expect(failures).toEqual([]);
  }, 120_000);
});
