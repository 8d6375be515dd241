import type { Router } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "#tests/support/test-shop.ts";
import { ADMIN_ROUTES } from "./admin/index.ts";
import { API_ROUTES, RAW_BODY_ROUTES } from "./index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** The routes a router declares (Express keeps them in its stack; the typings leave `methods` out). */
const routesOf = (router: Router) => (router as unknown as { stack: RouteLayer[] }).stack;

/** Every row of both tables, the admin table's prefixes under /admin (the admin router mounts it). */
const ALL_ROWS = [...RAW_BODY_ROUTES, ...API_ROUTES, ...ADMIN_ROUTES.map(([prefix, router]) => [`/admin${prefix}`, router] as const)];

/** `METHOD /api/<prefix><path>` for every route the tables' routers declare, in table order. */
function endpoints(): string[] {
  return ALL_ROWS.flatMap(([prefix, makeRouter]) =>
    routesOf(makeRouter(shop.context)).flatMap(({ route }) =>
      route
        ? Object.keys(route.methods)
            .filter((method) => method !== "_all")
            .map((method) => `${method.toUpperCase()} /api${prefix}${route.path === "/" ? "" : route.path}`)
        : [],
    ),
  );
}

describe("the API route table (server/api/index.ts)", () => {
  it("routers write their paths relative to their prefix, never the prefix again", () => {
    for (const [prefix, makeRouter] of [...RAW_BODY_ROUTES, ...API_ROUTES, ...ADMIN_ROUTES]) {
      const paths = routesOf(makeRouter(shop.context)).flatMap(({ route }) => (route ? [route.path] : []));
      for (const path of paths) expect(path === prefix || path.startsWith(`${prefix}/`), `${prefix} ${path}`).toBe(false);
    }
  });

  it("lists every public endpoint of the API contract under its prefix", () => {
    const found = new Set(endpoints());
    for (const endpoint of [
      "POST /api/payments/razorpay/webhook",
      "GET /api/whatsapp/webhook",
      "POST /api/whatsapp/webhook",
      "POST /api/subscribe",
      "POST /api/contact",
      "GET /api/products",
      "GET /api/products/:id",
      "GET /api/products/:id/reviews",
      "POST /api/products/:id/reviews",
      "PUT /api/products/:id",
      "POST /api/users/register",
      "POST /api/users/login",
      "POST /api/users/logout",
      "GET /api/users/profile",
      "GET /api/cart",
      "POST /api/cart",
      "PUT /api/cart",
      "DELETE /api/cart",
      "POST /api/cart/merge",
      "GET /api/admin/users",
      "POST /api/upload",
      "POST /api/checkout",
      "POST /api/checkout/:orderId/verify",
      "GET /api/orders/:id/invoice.pdf",
      "GET /api/orders/my-orders",
      "GET /api/orders/:id",
      "POST /api/orders/:id/cancel",
      "POST /api/payments/test/:orderId/pay",
      "GET /api/serviceability/:pin",
      "GET /api/users/addresses",
      "POST /api/users/addresses",
      "PUT /api/users/addresses/:id",
      "DELETE /api/users/addresses/:id",
      "GET /api/admin/serviceability.csv",
      "POST /api/admin/serviceability/import",
      "GET /api/admin/products/export.csv",
      "GET /api/admin/products/template.csv",
      "POST /api/admin/products/import",
      "GET /api/admin/audit",
    ]) {
      expect(found.has(endpoint), endpoint).toBe(true);
    }
  });

  it("answers the moved paths where they were (not the API's 404)", async () => {
    const notFound = /No API endpoint/;
    const invoice = await request(shop.app).get("/api/orders/no-such-order/invoice.pdf");
    expect(invoice.status).toBe(401);
    const edit = await request(shop.app).put("/api/products/no-such-product").send({ name: "x" });
    expect(edit.status).toBe(401);
    const subscribe = await request(shop.app).post("/api/subscribe").send({});
    expect(subscribe.status).toBe(400);
    const upload = await request(shop.app).post("/api/upload");
    expect(upload.status).toBe(401);
    for (const res of [invoice, edit, subscribe, upload]) expect(res.body.message ?? "").not.toMatch(notFound);
    const unknown = await request(shop.app).get("/api/nowhere");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(notFound);
  });
});
