// The admin pages' loaders and actions, called the way React Router calls them (a Fetch request
// plus the shop's load context). React Router runs a layout's loader and its children's in
// parallel, so every admin route must turn non-admins away on its own, before reading anything.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, products, user as users } from "#server/db/schema.ts";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users.tsx";
import { loader as layoutLoader, action as layoutAction } from "~/routes/admin/layout.tsx";
import { loader as dashboardLoader } from "~/routes/admin/dashboard.tsx";
import { action as productsAction, loader as productsLoader } from "~/routes/admin/products.tsx";
import { action as productNewAction, loader as productNewLoader } from "~/routes/admin/product-new.tsx";
import { action as productEditAction, loader as productEditLoader } from "~/routes/admin/product-edit.tsx";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders.tsx";
import { loader as orderLoader } from "~/routes/admin/order.tsx";
import { action as inboxAction, loader as inboxLoader } from "~/routes/admin/inbox.tsx";
import { action as reviewsAction, loader as reviewsLoader } from "~/routes/admin/reviews.tsx";
import { loader as csvLoader } from "~/routes/admin/subscribers-csv.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, pageContext, type TestUser } from "../support/users.ts";
import { makeProduct } from "./cart-helpers.ts";

const ORIGIN = "http://localhost:3000";
let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  [admin, customer] = await Promise.all([createAdmin(shop.context), createCustomer(shop.context)]);
});
afterAll(() => shop?.close());

const context = (user: TestUser | null) => pageContext(shop.context, user);

type RouteFunction = (args: never) => unknown;
type Outcome = { redirect: string } | { status: number; data?: unknown } | { data: unknown };

/** Calls a loader (GET) or an action (POST with form fields); redirects and thrown statuses come back as values. */
async function call(fn: RouteFunction, path: string, user: TestUser | null, options: { form?: Record<string, string>; params?: Record<string, string> } = {}): Promise<Outcome> {
  const init: RequestInit = options.form ? { method: "POST", body: new URLSearchParams(options.form) } : {};
  try {
    const result = await fn({ request: new Request(`${ORIGIN}${path}`, init), context: context(user), params: options.params ?? {} } as never);
    if (result instanceof Response) return { status: result.status, data: await result.text() };
    // data(...) with a status: { type: "DataWithResponseInit", data, init }
    const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (wrapped?.type === "DataWithResponseInit") {
      const status = wrapped.init?.status ?? 200;
      return status === 200 ? { data: wrapped.data } : { status, data: wrapped.data };
    }
    return { data: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("Location")! };
    const init = (thrown as { init?: ResponseInit | null } | null)?.init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

describe("who may load an admin page", () => {
  const pages: [string, RouteFunction, Record<string, string>?][] = [
    ["/admin", layoutLoader],
    ["/admin", dashboardLoader],
    ["/admin/users?search=a", usersLoader],
    ["/admin/products", productsLoader],
    ["/admin/products/new", productNewLoader],
    ["/admin/products/x/edit", productEditLoader, { productId: "x" }],
    ["/admin/orders?status=Cancelled", ordersLoader],
    ["/admin/orders/x", orderLoader, { orderId: "x" }],
    ["/admin/inbox", inboxLoader],
    ["/admin/reviews?status=hidden", reviewsLoader],
    ["/admin/inbox/subscribers.csv", csvLoader],
  ];

  it.each(pages)("%s: a guest is sent to sign in and back", async (path, loader, params) => {
    expect(await call(loader, path, null, { params })).toEqual({ redirect: `/login?${new URLSearchParams({ redirect: path })}` });
  });

  it.each(pages)("%s: a customer is sent home", async (path, loader, params) => {
    expect(await call(loader, path, customer, { params })).toEqual({ redirect: "/" });
  });

  it("an admin gets the pages' data (a missing product or order is a 404)", async () => {
    const layout = await call(layoutLoader, "/admin", admin);
    expect(layout).toEqual({ data: { admin: { name: admin.name, email: admin.email, role: "admin" }, pendingReviews: 0, unreadMessages: 0, waitingPrescriptionOrders: 0 } });
    const dashboard = (await call(dashboardLoader, "/admin", admin)) as { data: { stats: { salesByDay: unknown[] } } };
    expect(dashboard.data.stats.salesByDay).toHaveLength(30);
    const list = (await call(usersLoader, `/admin/users?search=${encodeURIComponent(admin.email)}`, admin)) as { data: { users: { _id: string }[]; selfId: string } };
    expect(list.data.users.map((u) => u._id)).toEqual([admin.id]);
    expect(list.data.selfId).toBe(admin.id);
    expect(await call(productEditLoader, "/admin/products/x/edit", admin, { params: { productId: "x" } })).toEqual({ status: 404 });
    expect(await call(orderLoader, "/admin/orders/x", admin, { params: { orderId: "x" } })).toEqual({ status: 404 });
    const csv = (await call(csvLoader, "/admin/inbox/subscribers.csv", admin)) as { status: number; data: string };
    expect(csv.status).toBe(200);
    expect(csv.data.startsWith("email,subscribed_at\r\n")).toBe(true);
  });

  it("a list page reads its query as the API does, leaving out what the API would refuse", async () => {
    // The API answers these with 400; the page shows the list without the unreadable parameter.
    const orders = (await call(ordersLoader, "/admin/orders?status=Lost&search=%20zz-no-such%20&page=0&archived=include", admin)) as { data: Record<string, unknown> };
    expect(orders.data).toMatchObject({ page: 1, status: "", search: "zz-no-such", archived: true, expired: false, orders: [], total: 0, error: null });
    const cased = (await call(ordersLoader, "/admin/orders?status=cancelled&include=expired", admin)) as { data: Record<string, unknown> };
    expect(cased.data).toMatchObject({ status: "Cancelled", archived: false, expired: true, error: null });
    const reviews = (await call(reviewsLoader, "/admin/reviews?status=bogus&search=zz-no-such", admin)) as { data: Record<string, unknown> };
    expect(reviews.data).toMatchObject({ status: "", search: "zz-no-such", reviews: [], error: null });
    const products = (await call(productsLoader, `/admin/products?page=-3&search=${"x".repeat(201)}&waiting=1`, admin)) as { data: Record<string, unknown> };
    expect(products.data).toMatchObject({ page: 1, search: "", waiting: true, products: [] });
  });
});

describe("who may change anything through an admin page", () => {
  it("guests and customers are turned away before anything changes", async () => {
    const victim = await createCustomer(shop.context);
    const product = await makeProduct(shop.context);
    const attempts: [RouteFunction, string, Record<string, string>, Record<string, string>?][] = [
      [usersAction, "/admin/users", { intent: "delete", id: victim.id }],
      [usersAction, "/admin/users", { intent: "role", id: customer.id, role: "admin" }],
      [productsAction, "/admin/products", { intent: "delete", id: product.id }],
      [productNewAction, "/admin/products/new", { name: "Sneaky", description: "x", category: "Women Care", price: "10" }],
      [productEditAction, `/admin/products/${product.id}/edit`, { name: "Renamed" }, { productId: product.id }],
      [ordersAction, "/admin/orders", { intent: "status", id: "x", status: "Cancelled" }],
      [inboxAction, "/admin/inbox", { intent: "handle", id: "x" }],
      [reviewsAction, "/admin/reviews", { intent: "delete", id: "x" }],
    ];
    for (const [action, path, form, params] of attempts) {
      expect(await call(action, path, null, { form, params })).toEqual({ redirect: `/login?${new URLSearchParams({ redirect: path })}` });
      expect(await call(action, path, customer, { form, params })).toEqual({ redirect: "/" });
    }
    expect(await shop.context.db.select({ id: users.id }).from(users).where(eq(users.id, victim.id))).toHaveLength(1);
    const [kept] = await shop.context.db.select({ name: products.name }).from(products).where(eq(products.id, product.id));
    expect(kept?.name).toBe(product.name);
    const [stillCustomer] = await shop.context.db.select({ role: users.role }).from(users).where(eq(users.id, customer.id));
    expect(stillCustomer?.role).toBe("customer");
    expect(await shop.context.db.select().from(products).where(eq(products.name, "Sneaky"))).toHaveLength(0);
  });
});

describe("the admin's changes", () => {
  it("users: add (customer by default), refuse a duplicate and your own deletion, delete another", async () => {
    const email = `staff-${Date.now()}@example.com`;
    const added = await call(usersAction, "/admin/users", admin, { form: { intent: "create", name: "Ravi", email, password: "secret-pass", role: "" } });
    expect(added).toEqual({ data: { ok: true, message: "User created" } });
    const [row] = await shop.context.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe("customer");

    const missing = await call(usersAction, "/admin/users", admin, { form: { intent: "create", name: "", email: "", password: "" } });
    expect(missing).toMatchObject({ status: 400, data: { ok: false, errors: { name: "Name is required", email: "Email is required", password: "Password is required" } } });
    const duplicate = await call(usersAction, "/admin/users", admin, { form: { intent: "create", name: "Ravi", email, password: "secret-pass" } });
    expect(duplicate).toMatchObject({ status: 409, data: { ok: false, message: "User already exists" } });

    const self = await call(usersAction, "/admin/users", admin, { form: { intent: "delete", id: admin.id } });
    expect(self).toEqual({ status: 409, data: { ok: false, message: "You cannot delete your own account", errors: undefined } });
    const ownRole = await call(usersAction, "/admin/users", admin, { form: { intent: "role", id: admin.id, role: "customer" } });
    expect(ownRole).toMatchObject({ status: 409, data: { message: "You cannot change your own role" } });

    expect(await call(usersAction, "/admin/users", admin, { form: { intent: "delete", id: row!.id } })).toEqual({ data: { ok: true, message: "User deleted" } });
    expect(await shop.context.db.select().from(users).where(eq(users.id, row!.id))).toHaveLength(0);
  });

  it("products: create with the form's fields (empty MRP = price), refuse price above MRP with a field message, delete", async () => {
    const name = `Page Product ${Date.now()}`;
    const form = {
      name,
      description: "Made through the page action.",
      category: "Sports Nutrition",
      form: "Powder",
      price: "450.50",
      mrp: "",
      countInStock: "12",
      gstRate: "18",
      tags: "protein, whey",
      collections: "Sports-Nutrition",
      hsnCode: "21069099",
      expiryDate: "2027-12-31",
      published: "on",
      images: JSON.stringify([{ url: "/images/products/missing.webp", altText: "" }]),
    };
    const created = await call(productNewAction, "/admin/products/new", admin, { form });
    expect(created).toMatchObject({ redirect: expect.stringMatching(/^\/admin\/products\/[^/]+\/edit\?created=1$/) });
    const id = (created as { redirect: string }).redirect.split("/")[3]!;
    const [row] = await shop.context.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      name,
      pricePaise: 45_050,
      mrpPaise: 45_050,
      stock: 12,
      gstRateBps: 1_800,
      form: "Powder",
      tags: ["protein", "whey"],
      collections: ["sports-nutrition"],
      published: true,
      bestseller: false,
      prescriptionRequired: false,
      expiryDate: "2027-12-31",
    });
    expect(row?.images).toEqual([{ url: "/images/products/missing.webp", altText: name }]);

    const tooDear = await call(productEditAction, `/admin/products/${id}/edit`, admin, { form: { price: "500" }, params: { productId: id } });
    expect(tooDear).toMatchObject({ status: 400, data: { ok: false, errors: { price: "Price cannot be more than the MRP" } } });
    // An unticked box is false: saving the form without "published" unpublishes.
    const saved = await call(productEditAction, `/admin/products/${id}/edit`, admin, { form: { price: "400", mrp: "500" }, params: { productId: id } });
    expect(saved).toEqual({ data: { ok: true, message: "Product saved" } });
    const [after] = await shop.context.db.select().from(products).where(eq(products.id, id));
    expect(after).toMatchObject({ pricePaise: 40_000, mrpPaise: 50_000, published: false, name });

    expect(await call(productsAction, "/admin/products", admin, { form: { intent: "delete", id } })).toEqual({ data: { ok: true, message: "Product deleted" } });
    expect(await call(productEditLoader, `/admin/products/${id}/edit`, admin, { params: { productId: id } })).toEqual({ status: 404 });
  });

  it("orders: an unknown order is a 404 with its message; an invalid status a 400", async () => {
    expect(await call(ordersAction, "/admin/orders", admin, { form: { intent: "status", id: "nope", status: "Shipped" } })).toMatchObject({
      status: 404,
      data: { ok: false, message: "Order not found" },
    });
    expect(await call(ordersAction, "/admin/orders", admin, { form: { intent: "status", id: "nope", status: "Lost" } })).toMatchObject({
      status: 400,
      data: { ok: false },
    });
    expect(await call(ordersAction, "/admin/orders", admin, { form: { intent: "delete", id: "nope" } })).toMatchObject({
      status: 404,
      data: { ok: false, message: "Order not found" },
    });
  });

  it("inbox: marks a message handled and reopens it", async () => {
    const [message] = await shop.context.db.insert(contactMessages).values({ name: "Meera", email: "meera@example.com", message: "Hello" }).returning();
    expect(await call(inboxAction, "/admin/inbox", admin, { form: { intent: "handle", id: message!.id } })).toEqual({ data: { ok: true, message: "Message marked handled" } });
    const [handled] = await shop.context.db.select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    expect(handled?.handledAt).toBeInstanceOf(Date);
    expect(await call(inboxAction, "/admin/inbox", admin, { form: { intent: "reopen", id: message!.id } })).toEqual({ data: { ok: true, message: "Message reopened" } });
    expect(await call(inboxAction, "/admin/inbox", admin, { form: { intent: "handle", id: "missing" } })).toMatchObject({ status: 404, data: { message: "Message not found" } });
  });

  it("Logout from the sidebar revokes the session and goes home", async () => {
    const staff = await createAdmin(shop.context);
    const request = new Request(`${ORIGIN}/admin`, { method: "POST", headers: { Authorization: `Bearer ${staff.token}` } });
    let thrown: unknown;
    try {
      await layoutAction({ request, context: context(staff), params: {} } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/");
    const session = await shop.context.auth.api.getSession({ headers: new Headers({ Authorization: `Bearer ${staff.token}` }) });
    expect(session).toBeNull();
  });
});
