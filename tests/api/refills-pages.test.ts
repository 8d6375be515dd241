// /profile/refills, /admin/refills and the dashboard's upcoming refills (decisions/057): loaders and
// actions called as React Router calls them, through the same use cases as /api/refills.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addIstDays, istDay } from "#common/dates.ts";
import { REFILL_MESSAGES, type AdminRefillJson, type RefillJson } from "#common/refills.ts";
import type { RequestContext } from "#server/context.ts";
import { refills } from "#server/db/schema.ts";
import { loader as dashboardLoader } from "~/routes/admin/dashboard.tsx";
import { loader as adminLoader } from "~/routes/admin/refills.tsx";
import { action, loader } from "~/routes/profile-refills.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, pageContext, type TestUser } from "../support/users.ts";
import { makeProduct } from "./checkout-helpers.ts";

const ORIGIN = "http://localhost";
let shop: TestShop;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let addressId: string;

beforeAll(async () => {
  shop = await createTestShop();
  [owner, stranger, admin] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context), createAdmin(shop.context)]);
  const saved = await request(shop.app)
    .post("/api/users/addresses")
    .set(owner.headers)
    .send({ fullName: "Asha Rao", phone: "9876543210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001" })
    .expect(201);
  addressId = saved.body._id;
});
afterAll(() => shop?.close());

const context = (user: TestUser | null) => pageContext(shop.context, user);
type Handler = (args: never) => unknown;
async function run(handler: Handler, req: Request, ctx: RequestContext): Promise<{ data?: unknown; init?: ResponseInit | null } | Response | Record<string, unknown>> {
  try {
    return (await handler({ request: req, context: ctx, params: {} } as never)) as Record<string, unknown>;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const get = (path: string) => new Request(`${ORIGIN}${path}`);
const post = (fields: Record<string, string>) => new Request(`${ORIGIN}/profile/refills`, { method: "POST", body: new URLSearchParams(fields) });

describe("/profile/refills", () => {
  it("signed out: to sign in and back to the product's form", async () => {
    const res = (await run(loader, get("/profile/refills?product=abc"), context(null))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirect: "/profile/refills?product=abc" })}`);
  });

  it("sets up a refill from the product's form, then skips, pauses, resumes and cancels it; another's refill is not found", async () => {
    const item = await makeProduct(shop.context, { pricePaise: 12000 });
    const page = (await run(loader, get(`/profile/refills?product=${item.id}`), context(owner))) as { product: { name: string }; addresses: unknown[] };
    expect(page.product.name).toBe(item.name);
    expect(page.addresses).toHaveLength(1);

    const start = addIstDays(istDay(), 6);
    const bad = (await run(action, post({ intent: "create", productId: item.id, quantity: "0", everyDays: "30", addressId, paymentMethod: "razorpay", startOn: start }), context(owner))) as {
      data: { message: string; errors: Record<string, string> };
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors.items).toBe(REFILL_MESSAGES.quantity);

    const created = (await run(action, post({ intent: "create", productId: item.id, quantity: "2", everyDays: "60", addressId, paymentMethod: "razorpay", startOn: start }), context(owner))) as Response;
    expect(created.headers.get("Location")).toBe("/profile/refills?done=create");
    const [row] = await shop.context.db.select().from(refills).where(eq(refills.userId, owner.id));
    expect(row).toMatchObject({ everyDays: 60, nextOrderOn: start, paymentMethod: "razorpay", items: [{ productId: item.id, quantity: 2 }] });

    const listed = (await run(loader, get("/profile/refills?done=skip"), context(owner))) as { refills: RefillJson[]; done: string };
    expect(listed.done).toBe(REFILL_MESSAGES.skipped);
    expect(listed.refills.map((r) => r._id)).toEqual([row!.id]);

    for (const intent of ["skip", "pause", "resume"]) {
      const res = (await run(action, post({ intent, id: row!.id }), context(owner))) as Response;
      expect(res.headers.get("Location")).toBe(`/profile/refills?done=${intent}`);
    }
    const changed = (await run(action, post({ intent: "change", id: row!.id, [`quantity.${item.id}`]: "3", everyDays: "90" }), context(owner))) as Response;
    expect(changed.headers.get("Location")).toBe("/profile/refills?done=change");
    expect((await shop.context.db.select().from(refills).where(eq(refills.id, row!.id)))[0]).toMatchObject({
      status: "active",
      everyDays: 90,
      nextOrderOn: addIstDays(start, 60),
      items: [{ productId: item.id, quantity: 3 }],
    });

    const theirs = (await run(action, post({ intent: "cancel", id: row!.id }), context(stranger))) as { data: { message: string }; init: ResponseInit };
    expect(theirs.init.status).toBe(404);
    expect(theirs.data.message).toBe(REFILL_MESSAGES.notFound);
    const cancelled = (await run(action, post({ intent: "cancel", id: row!.id }), context(owner))) as Response;
    expect(cancelled.headers.get("Location")).toBe("/profile/refills?done=cancel");
  });
});

describe("/admin/refills and the dashboard", () => {
  it("lists refills next date first, and the dashboard shows the next active ones", async () => {
    const item = await makeProduct(shop.context);
    await shop.context.db.delete(refills);
    const soon = await request(shop.app)
      .post("/api/refills")
      .set(owner.headers)
      .send({ items: [{ productId: item.id, quantity: 1 }], everyDays: 30, addressId, paymentMethod: "razorpay", startOn: addIstDays(istDay(), 2) })
      .expect(201);
    const late = await request(shop.app)
      .post("/api/refills")
      .set(owner.headers)
      .send({ items: [{ productId: item.id, quantity: 1 }], everyDays: 30, addressId, paymentMethod: "razorpay", startOn: addIstDays(istDay(), 9) })
      .expect(201);
    const list = (await run(adminLoader, get("/admin/refills?status=nonsense"), context(admin))) as { items: AdminRefillJson[]; total: number; status: string };
    expect(list.items.map((r) => r._id)).toEqual([soon.body._id, late.body._id]);
    expect(list.status).toBe("");
    const dashboard = (await run(dashboardLoader, get("/admin"), context(admin))) as { upcomingRefills: AdminRefillJson[] };
    expect(dashboard.upcomingRefills.map((r) => r._id)).toEqual([soon.body._id, late.body._id]);
    const customer = (await run(adminLoader, get("/admin/refills"), context(owner))) as Response;
    expect(customer.status).toBe(302);
  });
});
