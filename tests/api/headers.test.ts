// Response headers that protect the shopper: personal answers never stored by any cache, a
// Permissions-Policy, framing refused twice over, a style policy that admits only our own
// <style> elements, and request ids that only the server chooses.
import type { RequestHandler } from "express";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_PRINT_CSS, RECEIPT_PRINT_CSS } from "#common/print-css.ts";
import { createApp } from "#server/app.ts";
import { SONNER_STYLE_HASH } from "#server/http/csp.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let customer: TestUser;
let admin: TestUser;
let app: ReturnType<typeof createApp>;
const logLines: string[] = [];

/** Answers pages as React Router's adapter does: it appends the document's `no-cache`. */
const pageStandIn: RequestHandler = (_req, res) => {
  res.append("Cache-Control", "no-cache");
  res.type("html").send("<!doctype html><p>page</p>");
};

beforeAll(async () => {
  shop = await createTestShop();
  [customer, admin] = await Promise.all([createCustomer(shop.context), createAdmin(shop.context)]);
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      callback();
    },
  });
  app = createApp({ ...shop.context, logger: pino({ level: "info" }, sink) }, { webHandler: pageStandIn });
});
afterAll(() => shop?.close());

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("Cache-Control on personal answers", () => {
  it.each([
    "/profile",
    "/profile.data",
    // Issue 26: these two answered `private, no-cache`.
    "/profile/addresses",
    "/profile/addresses.data",
    "/profile/prescriptions",
    "/profile/prescriptions.data",
    "/checkout",
    "/checkout.data",
    "/order-confirmation?orderId=x",
    "/order-confirmation.data?orderId=x",
    "/order/abc",
    "/order/abc.data",
    "/order/abc/invoice",
    "/order/abc/invoice.data",
    "/admin",
    "/admin.data",
    "/admin/orders",
    "/admin/users.data",
    "/admin/inbox/subscribers.csv",
  ])("page %s is private, no-store (whatever the route set)", async (url) => {
    const res = await request(app).get(url).set(customer.headers);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it.each([
    ["customer", "/api/users/profile"],
    ["customer", "/api/cart"],
    ["customer", "/api/orders/my-orders"],
    ["customer", "/api/orders/nope"],
    ["customer", "/api/orders/nope/invoice.pdf"],
    ["customer", "/api/checkout/nope"],
    ["customer", "/api/prescriptions"],
    ["admin", "/api/admin/users"],
    ["admin", "/api/admin/orders"],
    ["customer", "/api/admin/users"],
  ] as const)("API %s %s is private, no-store (answers and refusals alike)", async (who, url) => {
    const res = await request(app)
      .get(url)
      .set((who === "admin" ? admin : customer).headers);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("signed out, a personal API refusal is private, no-store too", async () => {
    const res = await request(app).get("/api/users/profile").expect(401);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it.each(["/", "/collections/all", "/product/abc", "/about"])("public page %s keeps its own policy", async (url) => {
    const res = await request(app).get(url);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("the public catalogue API stays cacheable", async () => {
    const res = await request(app).get("/api/products").expect(200);
    expect(res.headers["cache-control"]).toMatch(/^public/);
  });
});

describe("Permissions-Policy and framing", () => {
  it.each(["/", "/api/products", "/healthz", "/profile"])("%s turns camera, microphone, geolocation and payments off", async (url) => {
    const res = await request(app).get(url);
    const policy = res.headers["permissions-policy"];
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) expect(policy).toContain(feature);
  });

  it("the checkout allows the Payment Request API for itself and Razorpay's frames only", async () => {
    const res = await request(app).get("/checkout").set(customer.headers);
    expect(res.headers["permissions-policy"]).toContain('payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")');
    expect(res.headers["permissions-policy"]).toContain("camera=()");
  });

  it.each(["/", "/checkout", "/api/products"])("%s refuses every frame: X-Frame-Options DENY and frame-ancestors 'none'", async (url) => {
    const res = await request(app).get(url);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(directives(res.headers["content-security-policy"]).get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("style policy", () => {
  it("admits style elements only with this response's nonce or a known hash; attributes stay allowed", async () => {
    const res = await request(app).get("/collections/all");
    const policy = directives(res.headers["content-security-policy"]);
    const elem = policy.get("style-src-elem")!;
    const nonce = /'nonce-([^']+)'/.exec(res.headers["content-security-policy"])![1];
    expect(elem).toContain(`'nonce-${nonce}'`);
    expect(elem).not.toContain("'unsafe-inline'");
    const hash = (css: string) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
    expect(elem).toEqual(
      expect.arrayContaining([`'${SONNER_STYLE_HASH}'`, hash(INVOICE_PRINT_CSS), hash(RECEIPT_PRINT_CSS)]),
    );
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    // The script nonce and the style nonce are the same per-response value.
    expect(policy.get("script-src")).toContain(`'nonce-${nonce}'`);
  });

  it("the sonner hash is the stylesheet the installed sonner inserts", () => {
    const source = readFileSync(createRequire(import.meta.url).resolve("sonner"), "utf8");
    const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    expect(literal, "sonner no longer inserts its stylesheet with __insertCSS").toBeDefined();
    const css = JSON.parse(literal!) as string;
    expect(`sha256-${createHash("sha256").update(css).digest("base64")}`).toBe(SONNER_STYLE_HASH);
  });

  it("the checkout keeps inline styles for Razorpay's checkout.js", async () => {
    const res = await request(app).get("/checkout").set(customer.headers);
    const policy = directives(res.headers["content-security-policy"]);
    expect(policy.get("style-src-elem")).toBeUndefined();
    expect(policy.get("style-src")).toContain("'unsafe-inline'");
  });
});

describe("request ids", () => {
  it("the server always chooses the id; a client's is logged beside it, cut short and sanitised", async () => {
    logLines.length = 0;
    const sent = `spoofed-id\n{"level":60}${"x".repeat(200)}`;
    const res = await request(app).get("/api/nope").set("X-Request-Id", sent.replace("\n", " "));
    const id = res.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.body.requestId).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logLines).toHaveLength(1);
    const line = JSON.parse(logLines[0]!) as { requestId: string; clientRequestId: string };
    expect(line.requestId).toBe(id);
    expect(line.clientRequestId).toHaveLength(64);
    expect(line.clientRequestId).toMatch(/^spoofed-id_+level_:60_x+$/);
  });

  it("two requests with the same client id get different ids", async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(() => request(app).get("/healthz").set("X-Request-Id", "same-id-for-both-1234")),
    );
    expect(a!.headers["x-request-id"]).not.toBe(b!.headers["x-request-id"]);
    expect(a!.headers["x-request-id"]).not.toBe("same-id-for-both-1234");
  });
});
