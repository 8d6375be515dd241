// The login, register and profile pages' loaders and actions, called the way React Router calls
// them (a Fetch request plus the shop's load context), and the helpers they rely on.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestContext } from "#server/context.ts";
import { orderLines, orders, products, rateLimit } from "#server/db/schema.ts";
import { readFlash } from "#server/http/flash.ts";
import { addToCart, getCart } from "#server/modules/cart/cart.ts";
import { accountAddressSubject, allowance, limitKey } from "#server/modules/limits/limiter.ts";
import { listCustomerOrders } from "#server/modules/users/profile.ts";
import { redirectTarget, withRedirect } from "~/components/auth/redirect-target.ts";
import { loader as rootLoader } from "~/root.tsx";
import { action as loginAction, loader as loginLoader } from "~/routes/login.tsx";
import { action as profileAction, loader as profileLoader } from "~/routes/profile.tsx";
import { action as registerAction, loader as registerLoader } from "~/routes/register.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, pageContext, type TestUser } from "../support/users.ts";

const ORIGIN = "http://localhost:3000";
let shop: TestShop;
let customerA: TestUser;
let customerB: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  [customerA, customerB] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context)]);
});
afterAll(() => shop?.close());

const context = (user: TestUser | null = null, clientIp?: string) => pageContext(shop.context, user, clientIp);

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

type Handler = (args: never) => unknown;

/** Runs a loader or action; a thrown Response (a redirect) is returned like an answer. */
async function run(handler: Handler, req: Request, ctx: RequestContext): Promise<Response | { data: unknown; init?: ResponseInit }> {
  try {
    return (await handler({ request: req, context: ctx, params: {} } as never)) as { data: unknown; init?: ResponseInit };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function asRedirect(result: unknown): { location: string; cookies: string[] } {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  return { location: response.headers.get("Location")!, cookies: response.headers.getSetCookie() };
}

function asData<T = Record<string, unknown>>(result: unknown): { data: T; status: number; cookies: string[] } {
  expect(result).not.toBeInstanceOf(Response);
  const { data, init } = result as { data: T; init?: ResponseInit | null };
  return { data, status: init?.status ?? 200, cookies: new Headers(init?.headers).getSetCookie() };
}

const cookieNamed = (cookies: string[], name: string) => cookies.find((cookie) => cookie.startsWith(`${name}=`));

describe("redirectTarget", () => {
  it.each([
    [null, "/"],
    ["", "/"],
    ["/", "/"],
    ["/about", "/about"],
    ["/collections/all?search=zinc#top", "/collections/all?search=zinc#top"],
    ["checkout", "/checkout"],
    ["/checkout", "/checkout"],
    ["/cart?next=checkout", "/checkout"],
    ["https://evil.example/checkout", "/checkout"],
    ["//evil.example", "/"],
    ["//evil.example/profile", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["about", "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("%j → %s", (param, target) => {
    expect(redirectTarget(param)).toBe(target);
  });

  it("links between the pages carry the parameter", () => {
    expect(withRedirect("/register", "checkout")).toBe("/register?redirect=checkout");
    expect(withRedirect("/login", "/profile")).toBe("/login?redirect=%2Fprofile");
    expect(withRedirect("/login", null)).toBe("/login");
  });
});

describe("flash cookie", () => {
  it("names a fixed message; a forged or unknown kind shows nothing", () => {
    expect(readFlash("flash=login.0a1b2c3d")).toEqual({ id: "0a1b2c3d", type: "success", message: "Login successful" });
    expect(readFlash("a=1; flash=register.deadbeef")).toMatchObject({ message: "Registration successful!" });
    expect(readFlash("flash=hacked.0a1b2c3d")).toBeNull();
    expect(readFlash("flash=constructor.0a1b2c3d")).toBeNull();
    expect(readFlash("flash=<b>hi</b>")).toBeNull();
    expect(readFlash(null)).toBeNull();
  });

  it("the root loader hands the flash over once and clears the cookie in the same answer", async () => {
    const req = new Request(`${ORIGIN}/`, { headers: { Cookie: "flash=login.0a1b2c3d" } });
    const { data, cookies } = asData<{ flash: unknown }>(await run(rootLoader, req, context()));
    expect(data.flash).toEqual({ id: "0a1b2c3d", type: "success", message: "Login successful" });
    expect(cookieNamed(cookies, "flash")).toMatch(/^flash=; Max-Age=0; .*HttpOnly; SameSite=Lax/);

    const plain = asData<{ flash: unknown }>(await run(rootLoader, new Request(`${ORIGIN}/`), context()));
    expect(plain.data.flash).toBeNull();
    expect(plain.cookies).toEqual([]);
  });
});

describe("login page", () => {
  it("signs in: redirect to the target with the httpOnly session cookie and the one-time toast", async () => {
    const result = await run(loginAction, post("/login?redirect=/about", { email: customerA.email.toUpperCase(), password: customerA.password }), context());
    const { location, cookies } = asRedirect(result);
    expect(location).toBe("/about");
    expect(cookieNamed(cookies, "better-auth.session_token")).toMatch(/HttpOnly.*SameSite=Lax/i);
    const flash = cookieNamed(cookies, "flash");
    expect(readFlash(flash!.split(";")[0]!)).toMatchObject({ message: "Login successful" });

    // The cookie it set is a working session.
    const session = cookieNamed(cookies, "better-auth.session_token")!.split(";")[0]!;
    const me = await request(shop.app).get("/api/users/profile").set("Cookie", session);
    expect(me.body._id).toBe(customerA.id);
  });

  it("applies the checkout rule and refuses targets off the site", async () => {
    const login = (redirect: string) =>
      run(loginAction, post(`/login?redirect=${encodeURIComponent(redirect)}`, { email: customerB.email, password: customerB.password }), context());
    expect(asRedirect(await login("checkout")).location).toBe("/checkout");
    expect(asRedirect(await login("//evil.example")).location).toBe("/");
    expect(asRedirect(await login("https://evil.example/x")).location).toBe("/");
  });

  it("answers a wrong password with 401 and the server's message, keeping the email but never the password", async () => {
    const result = await run(loginAction, post("/login", { email: customerA.email, password: "not-the-password" }), context());
    const { data, status, cookies } = asData(result);
    expect(status).toBe(401);
    expect(data).toEqual({ step: "password", message: "Invalid email or password", errors: {}, email: customerA.email });
    expect(cookies).toEqual([]);
  });

  it("answers invalid fields with 400 and the schema's messages", async () => {
    const { data, status } = asData(await run(loginAction, post("/login", { email: "nope", password: "123" }), context()));
    expect(status).toBe(400);
    expect(data).toMatchObject({ message: null, errors: { email: "Please enter a valid email", password: "Password must be at least 6 characters" } });
  });

  it("is throttled like the API: an account with too many failures from this address is refused, with the message on the page", async () => {
    const victim = await createCustomer(shop.context);
    // The failures another process counted, written straight to the shared table.
    await shop.context.db.insert(rateLimit).values({
      id: crypto.randomUUID(),
      key: limitKey("signInFailuresPerAccountAndAddress", accountAddressSubject(victim.email, "198.51.100.77")),
      count: allowance(shop.context, "signInFailuresPerAccountAndAddress"),
      lastRequest: Date.now(),
    });
    const result = await run(loginAction, post("/login", { email: victim.email, password: victim.password }), context(null, "198.51.100.77"));
    const { data, status } = asData(result);
    expect(status).toBe(429);
    expect(data).toMatchObject({ message: "Too many sign-in attempts. Please try again in 15 minutes." });
    expect(Number(new Headers((result as { init?: ResponseInit }).init?.headers).get("Retry-After"))).toBeGreaterThan(14 * 60);
    // Other accounts from the same address are not locked out.
    asRedirect(await run(loginAction, post("/login", { email: customerA.email, password: customerA.password }), context(null, "198.51.100.77")));
    await shop.context.db.delete(rateLimit);
  });

  it("moves the guest cart into the account and clears the guest cookie", async () => {
    const [product] = await shop.context.db
      .insert(products)
      .values({ name: "Page Merge Tablet", description: "x", pricePaise: 9900, mrpPaise: 9900, category: "Women Care", sku: "PAGE-MERGE-1", stock: 5 })
      .returning({ id: products.id });
    const guestId = `guest_${crypto.randomUUID()}`;
    await addToCart(shop.context.db, { guestId }, product!.id, 2);
    const user = await createCustomer(shop.context);

    const result = await run(
      loginAction,
      post("/login", { email: user.email, password: user.password }, { Cookie: `guest_id=${guestId}` }),
      context(),
    );
    const { cookies } = asRedirect(result);
    expect(cookieNamed(cookies, "guest_id")).toMatch(/^guest_id=; Max-Age=0; Path=\/;.*HttpOnly; SameSite=Lax/);
    expect((await getCart(shop.context.db, { userId: user.id }))?.products).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(await getCart(shop.context.db, { guestId })).toBeNull();
  });

  it("a signed-in visitor is sent on by the loader", async () => {
    expect(asRedirect(await run(loginLoader, new Request(`${ORIGIN}/login?redirect=/about`), context(customerA))).location).toBe("/about");
    expect(asRedirect(await run(registerLoader, new Request(`${ORIGIN}/register?redirect=checkout`), context(customerA))).location).toBe("/checkout");
    // A visitor gets the page, and whether WhatsApp codes are offered (decisions/050).
    expect(await run(loginLoader, new Request(`${ORIGIN}/login`), context())).toMatchObject({ whatsapp: false });
  });
});

describe("register page", () => {
  const fields = (email: string) => ({ name: "Meera Nair", email, password: "secret-123", confirmPassword: "secret-123" });

  it("with JavaScript: 201 with the target (the page waits 1.5 s), the session cookie set, no flash", async () => {
    const email = `meera-${Date.now()}@example.in`;
    const result = await run(registerAction, post("/register?redirect=checkout", { ...fields(email), enhanced: "1", role: "admin" }), context());
    const { data, status, cookies } = asData(result);
    expect(status).toBe(201);
    expect(data).toEqual({ ok: true, redirectTo: "/checkout" });
    expect(cookieNamed(cookies, "better-auth.session_token")).toBeDefined();
    expect(cookieNamed(cookies, "flash")).toBeUndefined();
    const session = cookieNamed(cookies, "better-auth.session_token")!.split(";")[0]!;
    expect((await request(shop.app).get("/api/users/profile").set("Cookie", session)).body).toMatchObject({ email, role: "customer" });
  });

  it("without JavaScript: redirect at once with the toast in the flash cookie", async () => {
    const result = await run(registerAction, post("/register?redirect=/about", fields(`meera-nojs-${Date.now()}@example.in`)), context());
    const { location, cookies } = asRedirect(result);
    expect(location).toBe("/about");
    expect(readFlash(cookieNamed(cookies, "flash")!.split(";")[0]!)).toMatchObject({ message: "Registration successful!" });
  });

  it("refuses a taken email (any case) with 409 'User already exists' and invalid fields with 400", async () => {
    const taken = asData(await run(registerAction, post("/register", fields(customerA.email.toUpperCase())), context()));
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({ ok: false, message: "User already exists" });

    const invalid = asData(await run(registerAction, post("/register", { name: "", email: "x", password: "1", confirmPassword: "2" }), context()));
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      ok: false,
      message: "Please fix the errors in the form",
      errors: { name: "Name is required", email: "Email is invalid", password: "Password must be at least 6 characters", confirmPassword: "Passwords do not match" },
      values: { name: "", email: "x" },
    });
    expect(JSON.stringify(invalid.data)).not.toContain('"1"');
  });
});

describe("profile page", () => {
  it("signed out, the loader sends the visitor to login and back", async () => {
    expect(asRedirect(await run(profileLoader, new Request(`${ORIGIN}/profile`), context())).location).toBe("/login?redirect=/profile");
  });

  it("shows the customer's details and 'no orders' data for a new customer", async () => {
    const data = (await run(profileLoader, new Request(`${ORIGIN}/profile`), context(customerB))) as unknown as {
      profile: unknown;
      orders: unknown[];
    };
    expect(data.profile).toEqual({ name: customerB.name, email: customerB.email });
    expect(data.orders).toEqual([]);
  });

  it("logout revokes the session, clears the session and guest cookies and goes to /login", async () => {
    const user = await createCustomer(shop.context);
    const signedIn = asRedirect(await run(loginAction, post("/login", { email: user.email, password: user.password }), context()));
    const session = cookieNamed(signedIn.cookies, "better-auth.session_token")!.split(";")[0]!;
    expect((await request(shop.app).get("/api/users/profile").set("Cookie", session)).status).toBe(200);

    const { location, cookies } = asRedirect(await run(profileAction, post("/profile", {}, { Cookie: session }), context(user)));
    expect(location).toBe("/login");
    expect(cookieNamed(cookies, "better-auth.session_token")).toMatch(/^better-auth\.session_token=; Max-Age=0/);
    expect(cookieNamed(cookies, "guest_id")).toMatch(/^guest_id=; Max-Age=0/);
    expect((await request(shop.app).get("/api/users/profile").set("Cookie", session)).status).toBe(401);
  });
});

describe("My Orders", () => {
  let productId: string;

  beforeAll(async () => {
    const [product] = await shop.context.db
      .insert(products)
      .values({ name: "Orders Syrup", description: "x", pricePaise: 15000, mrpPaise: 15000, category: "Kids Nutrition", sku: "ORDERS-1", stock: 50 })
      .returning({ id: products.id });
    productId = product!.id;
  });

  async function placeOrder(user: TestUser, { paid, createdAt, city, lines }: { paid: boolean; createdAt: Date; city: string; lines: [string, number][] }) {
    const total = lines.reduce((sum, [, quantity]) => sum + quantity * 15000, 0);
    const [order] = await shop.context.db
      .insert(orders)
      .values({
        orderNumber: `T-${crypto.randomUUID().slice(0, 10)}`,
        userId: user.id,
        customerName: user.name,
        customerEmail: user.email,
        status: paid ? "Processing" : "Pending",
        shippingAddress: { firstName: "A", lastName: "B", address: "1 MG Road", city, postalCode: "560001", country: "India", phone: "9876543210", email: user.email },
        itemsPaise: total,
        taxPaise: 0,
        totalPaise: total,
        isPaid: paid,
        createdAt,
      })
      .returning();
    await shop.context.db.insert(orderLines).values(
      lines.map(([name, quantity]) => ({
        orderId: order!.id,
        productId,
        name,
        image: `/images/products/${name.toLowerCase()}.webp`,
        sku: "ORDERS-1",
        gstRateBps: 500,
        unitPricePaise: 15000,
        mrpPaise: 15000,
        quantity,
        taxPaise: 0,
      })),
    );
    return order!;
  }

  it("lists only the customer's own orders, newest first, with items, city, total and paid state", async () => {
    const owner = await createCustomer(shop.context);
    const other = await createCustomer(shop.context);
    const older = await placeOrder(owner, { paid: true, createdAt: new Date("2026-01-05T10:00:00Z"), city: "Pune", lines: [["Alpha", 1]] });
    const newer = await placeOrder(owner, { paid: false, createdAt: new Date("2026-03-05T10:00:00Z"), city: "Mysuru", lines: [["Beta", 2], ["Gamma", 1]] });
    await placeOrder(other, { paid: true, createdAt: new Date("2026-02-05T10:00:00Z"), city: "Delhi", lines: [["Delta", 1]] });

    const list = await listCustomerOrders(shop.context.db, owner.id);
    expect(list.map((order) => order._id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      _id: newer.id,
      orderNumber: newer.orderNumber,
      createdAt: "2026-03-05T10:00:00.000Z",
      shippingAddress: { city: "Mysuru", country: "India" },
      orderItems: [
        { name: "Beta", image: "/images/products/beta.webp", quantity: 2 },
        { name: "Gamma", image: "/images/products/gamma.webp", quantity: 1 },
      ],
      totalPrice: 450,
      isPaid: false,
    });
    expect(list[1]).toMatchObject({ isPaid: true, totalPrice: 150 });

    const page = (await run(profileLoader, new Request(`${ORIGIN}/profile`), context(owner))) as unknown as { orders: { _id: string }[] };
    expect(page.orders.map((order) => order._id)).toEqual([newer.id, older.id]);
    expect(await listCustomerOrders(shop.context.db, customerA.id)).toEqual([]);
  });

  it("an order whose account was deleted is nobody's", async () => {
    const user = await createCustomer(shop.context);
    const order = await placeOrder(user, { paid: true, createdAt: new Date(), city: "Goa", lines: [["Eta", 1]] });
    await shop.context.db.update(orders).set({ userId: null }).where(eq(orders.id, order.id));
    expect(await listCustomerOrders(shop.context.db, user.id)).toEqual([]);
  });
});

describe("the phone path of the login and register pages, without JavaScript (decisions/050)", () => {
  /** The newest code written for the number to the outbox (this shop has no MSG91 settings). */
  async function outboxCode(phone: string): Promise<string> {
    const { readdir, readFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const directory = path.join(shop.config.dataDir, "outbox");
    const file = (await readdir(directory)).filter((name) => name.includes(`-91${phone}-`)).sort().at(-1)!;
    return /^Code: (\d{6})$/m.exec(await readFile(path.join(directory, file), "utf8"))![1]!;
  }

  it("number → code → a name → signed in by a redirect carrying the session cookie and the toast", async () => {
    const phone = `8${String(Date.now()).slice(-9)}`;
    const sent = asData<{ phone: { step: string; phone: string; resendAfter: number } }>(
      await run(registerAction, post("/register?redirect=/about", { intent: "phone-code", phone: `0${phone}` }), context()),
    );
    expect(sent.status).toBe(200);
    expect(sent.data.phone).toMatchObject({ step: "code", phone, resendAfter: 30 });
    const code = await outboxCode(phone);

    const wrong = asData<{ phone: { step: string; message: string } }>(
      await run(registerAction, post("/register", { intent: "phone-verify", phone, code: code === "000000" ? "111111" : "000000" }), context()),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.phone).toMatchObject({ step: "code", message: "The code is wrong or has expired" });

    const named = asData<{ phone: { step: string; code: string } }>(await run(registerAction, post("/register", { intent: "phone-verify", phone, code }), context()));
    expect(named.data.phone).toMatchObject({ step: "name", code });
    const refused = asData<{ phone: { step: string; errors: Record<string, string> } }>(
      await run(registerAction, post("/register", { intent: "phone-create", phone, code, name: "" }), context()),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.phone).toMatchObject({ step: "name", errors: { name: "Name is required" } });

    const done = asRedirect(await run(registerAction, post("/register?redirect=/about", { intent: "phone-create", phone, code, name: "Page Phone" }), context()));
    expect(done.location).toBe("/about");
    expect(done.cookies.some((line) => line.startsWith("better-auth.session_token="))).toBe(true);
    expect(done.cookies.some((line) => readFlash(line.split(";")[0]!)?.message === "Registration successful!")).toBe(true);
  });
});
