import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { products, user as users } from "#server/db/schema.ts";
import { addToCart, getCart } from "#server/modules/cart/cart.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let customerA: TestUser;
let customerB: TestUser;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  [customerA, customerB, admin] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context), createAdmin(shop.context)]);
});
afterAll(() => shop?.close());

const PASSWORD = "Pa55word-Unique-7f3c";
let counter = 0;
const uniqueEmail = (prefix = "shopper") => `${prefix}-${++counter}-${Date.now().toString(36)}@example.in`;
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: "Asha Verma",
  email: uniqueEmail(),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});

/** Every answer the tests receive, so the last test can check no password ever came back. */
const seen: { label: string; text: string }[] = [];
function record<T extends request.Response>(label: string, res: T): T {
  seen.push({ label, text: JSON.stringify({ headers: res.headers, body: res.body, text: res.text }) });
  return res;
}

const register = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  record("register", await request(shop.app).post("/api/users/register").set(headers).send(body));
const login = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  record("login", await request(shop.app).post("/api/users/login").set(headers).send(body));
const logout = async (headers: Record<string, string> = {}) =>
  record("logout", await request(shop.app).post("/api/users/logout").set(headers).send());
const profile = async (headers: Record<string, string> = {}) =>
  record("profile", await request(shop.app).get("/api/users/profile").set(headers));
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The `name=value` pairs a response sets, by cookie name (an empty value clears it). */
function setCookies(res: request.Response): Map<string, string> {
  const header = res.headers["set-cookie"] as unknown as string[] | undefined;
  return new Map((header ?? []).map((cookie) => [cookie.slice(0, cookie.indexOf("=")), cookie]));
}
const SESSION_COOKIE = "better-auth.session_token";
const cookieValue = (cookie: string | undefined) => cookie?.split(";")[0]?.slice(cookie.indexOf("=") + 1) ?? "";

describe("POST /api/users/register validation", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["name missing", { name: undefined }, "name", "Name is required"],
    ["name blank", { name: "   " }, "name", "Name is required"],
    ["name too long", { name: "n".repeat(101) }, "name", "Name must be at most 100 characters"],
    ["name an array", { name: ["Asha", "Verma"] }, "name", "Name must be text"],
    ["name an object", { name: { first: "Asha" } }, "name", "Name must be text"],
    ["name a number", { name: 42 }, "name", "Name must be text"],
    ["name with a line break", { name: "Asha\nVerma" }, "name", "Name cannot contain line breaks or control characters"],
    ["name with a control character", { name: "Asha\u0007Verma" }, "name", "Name cannot contain line breaks or control characters"],
    ["name with a bidi override", { name: "\u202EamreV ahsA" }, "name", "Name cannot contain line breaks or control characters"],
    ["email missing", { email: undefined }, "email", "Email is required"],
    ["email empty", { email: "" }, "email", "Email is required"],
    ["email malformed", { email: "asha@" }, "email", "Email is invalid"],
    ["email not text", { email: 42 }, "email", "Email is required"],
    ["email too long", { email: `${"a".repeat(250)}@x.in` }, "email", "Email must be at most 254 characters"],
    ["password missing", { password: undefined }, "password", "Password is required"],
    ["password empty", { password: "" }, "password", "Password is required"],
    ["password short", { password: "abc12", confirmPassword: "abc12" }, "password", "Password must be at least 6 characters"],
    ["password too long", { password: "p".repeat(129), confirmPassword: "p".repeat(129) }, "password", "Password must be at most 128 characters"],
    ["confirmation differs", { confirmPassword: `${PASSWORD}x` }, "confirmPassword", "Passwords do not match"],
    ["confirmation missing", { confirmPassword: undefined }, "confirmPassword", "Passwords do not match"],
  ];

  it.each(cases)("%s → 400 %s: %s", async (_label, overrides, field, message) => {
    const res = await register(registration(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual({ [field]: message });
  });

  it("reports every field at once, the first message as the summary", async () => {
    const res = await register({ name: "", email: "nope", password: "123", confirmPassword: "1234" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: "Name is required",
      errors: {
        name: "Name is required",
        email: "Email is invalid",
        password: "Password must be at least 6 characters",
        confirmPassword: "Passwords do not match",
      },
    });
  });

  it("stores nothing for a hostile name: 5 MB is refused by the body limit, 90 KB or blank by the name rule", async () => {
    const before = await shop.context.db.select({ id: users.id }).from(users);
    const huge = registration({ name: "n".repeat(5 * 1024 * 1024) });
    expect((await register(huge)).status).toBe(413);
    for (const name of ["n".repeat(90 * 1024), " \t ", ["Asha"], { toString: "Asha" }]) {
      const res = await register(registration({ name }));
      expect(res.status).toBe(400);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(await shop.context.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it("keeps a name in any script, trimmed", async () => {
    const res = await register(registration({ name: "  अनन्या श्रीवास्तव  " }));
    expect(res.status).toBe(201);
    expect(res.body.user.name).toBe("अनन्या श्रीवास्तव");
  });

  it("is a 400 for an empty or non-JSON-object body, never a 500", async () => {
    expect((await register({})).status).toBe(400);
    const text = await request(shop.app).post("/api/users/register").set("Content-Type", "application/json").send("[1,2]");
    expect(text.status).toBe(400);
  });
});

describe("POST /api/users/login validation", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["email missing", { email: undefined }, "email", "Email is required"],
    ["email empty", { email: "  " }, "email", "Email is required"],
    ["email malformed", { email: "asha.example.in" }, "email", "Please enter a valid email"],
    ["email too long", { email: `${"a".repeat(250)}@x.in` }, "email", "Email must be at most 254 characters"],
    ["password missing", { password: undefined }, "password", "Password is required"],
    ["password empty", { password: "" }, "password", "Password is required"],
    ["password short", { password: "12345" }, "password", "Password must be at least 6 characters"],
    ["password too long", { password: "p".repeat(129) }, "password", "Password must be at most 128 characters"],
  ];

  it.each(cases)("%s → 400 %s: %s", async (_label, overrides, field, message) => {
    const res = await login({ email: customerA.email, password: customerA.password, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual({ [field]: message });
  });
});

describe("registering", () => {
  it("creates a customer, answers 201 with the user and a token, and sets an httpOnly SameSite=Lax session cookie", async () => {
    const body = registration({ name: "  Kavya Iyer  " });
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: { _id: expect.any(String), name: "Kavya Iyer", email: body.email, role: "customer", phone: null, phoneVerified: false },
      token: expect.any(String),
    });
    const session = setCookies(res).get(SESSION_COOKIE);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    // "private, no-store" once personal answers are marked private (issue 11); never cacheable.
    expect(res.headers["cache-control"]).toMatch(/(^|, )no-store$/);

    const me = await profile(bearer(res.body.token));
    expect(me.status).toBe(200);
    expect(me.body._id).toBe(res.body.user._id);
  });

  it.each([
    ["role", { role: "admin" }],
    ["isAdmin", { isAdmin: true }],
    ["user.role", { user: { role: "admin" } }],
    ["banned", { banned: true }],
  ])("ignores a %s in the body: the account is a customer", async (_label, extra) => {
    const res = await register(registration(extra));
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe("customer");
    const [row] = await shop.context.db.select().from(users).where(eq(users.id, res.body.user._id));
    expect(row).toMatchObject({ role: "customer", banned: false });
    expect((await profile(bearer(res.body.token))).body.role).toBe("customer");
  });

  it("compares email case-insensitively: stored lower-cased, login in any case, duplicate in another case is a 409", async () => {
    const suffix = Date.now().toString(36);
    const res = await register(registration({ email: ` A-${suffix}@X.in ` }));
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(`a-${suffix}@x.in`);

    const signedIn = await login({ email: `a-${suffix}@x.in`, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user._id).toBe(res.body.user._id);
    expect((await login({ email: `A-${suffix}@X.IN`, password: PASSWORD })).status).toBe(200);

    const duplicate = await register(registration({ email: `a-${suffix}@X.IN` }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("User already exists");
    expect(await shop.context.db.select().from(users).where(eq(users.email, `a-${suffix}@x.in`))).toHaveLength(1);
  });

  it("two registrations racing for one email: one 201, one 409", async () => {
    const body = registration();
    const results = await Promise.all([register(body), register(body)]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
  });
});

describe("signing in", () => {
  it("answers 200 with the user and a token that works as a bearer token", async () => {
    const res = await login({ email: customerA.email, password: customerA.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { _id: customerA.id, name: customerA.name, email: customerA.email, role: "customer", phone: null, phoneVerified: false },
      token: expect.any(String),
    });
    expect(setCookies(res).get(SESSION_COOKIE)).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    const me = await profile(bearer(res.body.token));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(customerA.email);
  });

  it("gives the same 401 for an unknown email and for a wrong password", async () => {
    const unknown = await login({ email: uniqueEmail("nobody"), password: "whatever1" });
    const wrong = await login({ email: customerB.email, password: `${customerB.password}-wrong` });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.message).toBe("Invalid email or password");
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(Object.keys(wrong.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(setCookies(wrong).has(SESSION_COOKIE)).toBe(false);
  });

  it("the session cookie alone signs the browser in", async () => {
    const agent = request.agent(shop.app);
    const res = await agent.post("/api/users/login").send({ email: customerB.email, password: customerB.password });
    expect(res.status).toBe(200);
    const me = record("profile", await agent.get("/api/users/profile"));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(customerB.email);
  });
});

describe("sign-in rate limit", () => {
  // The limits themselves (failures per account and per address, spoofed X-Forwarded-For,
  // parallel guesses) are tested as attacks in rate-limits.test.ts.
  it.each(["/api/auth/sign-in/email", "/api/auth/sign-up/email"])("cannot be sidestepped through Better Auth's own %s", async (path) => {
    const user = await createCustomer(shop.context);
    const res = await request(shop.app)
      .post(path)
      .send({ name: "Side Door", email: user.email, password: user.password });
    expect(res.status).toBe(404);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});

describe("logging out", () => {
  it("revokes a bearer session: the token stops working at once", async () => {
    const session = (await login({ email: customerA.email, password: customerA.password })).body.token as string;
    expect((await profile(bearer(session))).status).toBe(200);
    const res = await logout(bearer(session));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Logged out" });
    const after = await profile(bearer(session));
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("Please sign in");
  });

  it("revokes a cookie session and clears the session and guest cookies", async () => {
    const signedIn = await login({ email: customerB.email, password: customerB.password });
    const cookie = setCookies(signedIn).get(SESSION_COOKIE)!.split(";")[0]!;
    expect((await profile({ Cookie: cookie })).status).toBe(200);

    const res = await logout({ Cookie: `${cookie}; guest_id=guest_abcdefgh1234` });
    expect(res.status).toBe(200);
    const cleared = setCookies(res);
    expect(cookieValue(cleared.get(SESSION_COOKIE))).toBe("");
    expect(cleared.get("guest_id")).toMatch(/^guest_id=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/);
    // The old cookie, replayed, no longer opens the session.
    expect((await profile({ Cookie: cookie })).status).toBe(401);
  });

  it("is idempotent: 200 when signed out, and twice with one token", async () => {
    const signedOut = await logout();
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ message: "Logged out" });

    const session = (await login({ email: customerA.email, password: customerA.password })).body.token as string;
    expect((await logout(bearer(session))).status).toBe(200);
    expect((await logout(bearer(session))).status).toBe(200);
    expect((await logout(bearer("not-a-session-token"))).status).toBe(200);
  });

  it("refuses a cookie-authenticated logout from another site", async () => {
    const signedIn = await login({ email: customerA.email, password: customerA.password });
    const cookie = setCookies(signedIn).get(SESSION_COOKIE)!.split(";")[0]!;
    const res = await logout({ Cookie: cookie, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(res.status).toBe(403);
    expect((await profile({ Cookie: cookie })).status).toBe(200);
  });
});

describe("GET /api/users/profile", () => {
  it("answers { _id, name, email, role, phone, phoneVerified, emailVerified, whatsappUpdates, whatsappUpdatesAt, language, createdAt } and nothing more", async () => {
    const res = await profile(customerA.headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: customerA.id,
      name: customerA.name,
      email: customerA.email,
      role: "customer",
      // Account self-service (decisions/023): the profile's own phone and whether the email is verified.
      phone: null,
      phoneVerified: false,
      emailVerified: false,
      // WhatsApp order updates (decisions/055): off until asked for.
      whatsappUpdates: false,
      whatsappUpdatesAt: null,
      // The language of the shopper's emails and messages (decisions/064): English until changed.
      language: "en",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
    });
  });

  it("is a 401 signed out or with a token that is not a session", async () => {
    expect((await profile()).status).toBe(401);
    expect((await profile(bearer("forged.token"))).status).toBe(401);
    expect((await profile({ Authorization: "Basic abc" })).body.message).toBe("Please sign in");
  });
});

describe("guest cart merge on sign-in", () => {
  let productId: string;

  beforeAll(async () => {
    const [product] = await shop.context.db
      .insert(products)
      .values({
        name: "Merge Test Syrup",
        description: "For the merge tests",
        pricePaise: 24050,
        mrpPaise: 25000,
        category: "Kids Nutrition",
        sku: `MERGE-${Date.now()}`,
        stock: 20,
      })
      .returning({ id: products.id });
    productId = product!.id;
  });

  const guestCart = async (quantity: number) => {
    const guestId = `guest_${crypto.randomUUID()}`;
    const added = await addToCart(shop.context.db, { guestId }, productId, quantity);
    expect(added.ok).toBe(true);
    return guestId;
  };

  it("register with a guestId in the body moves the guest's lines into the new account's cart", async () => {
    const guestId = await guestCart(2);
    const res = await register(registration({ guestId }));
    expect(res.status).toBe(201);
    const cart = await getCart(shop.context.db, { userId: res.body.user._id });
    expect(cart?.products).toEqual([expect.objectContaining({ productId, quantity: 2, price: 240.5 })]);
    expect(await getCart(shop.context.db, { guestId })).toBeNull();
  });

  it("login with the guest cookie merges (quantities summed) and clears the cookie", async () => {
    const user = await createCustomer(shop.context);
    await addToCart(shop.context.db, { userId: user.id }, productId, 1);
    const guestId = await guestCart(3);
    const res = await login({ email: user.email, password: user.password }, { Cookie: `guest_id=${guestId}` });
    expect(res.status).toBe(200);
    expect(setCookies(res).get("guest_id")).toMatch(/^guest_id=;/);
    const cart = await getCart(shop.context.db, { userId: user.id });
    expect(cart?.products).toEqual([expect.objectContaining({ productId, quantity: 4 })]);
    expect(await getCart(shop.context.db, { guestId })).toBeNull();
  });

  it("a guestId in the body and a different guest cookie: both carts end up in the account's", async () => {
    const user = await createCustomer(shop.context);
    const fromBody = await guestCart(1);
    const fromCookie = await guestCart(2);
    const res = await login({ email: user.email, password: user.password, guestId: fromBody }, { Cookie: `guest_id=${fromCookie}` });
    expect(res.status).toBe(200);
    expect((await getCart(shop.context.db, { userId: user.id }))?.products).toEqual([expect.objectContaining({ productId, quantity: 3 })]);
    expect(await getCart(shop.context.db, { guestId: fromBody })).toBeNull();
    expect(await getCart(shop.context.db, { guestId: fromCookie })).toBeNull();
    expect(setCookies(res).get("guest_id")).toMatch(/^guest_id=;/);
  });

  it("a guest id without a cart, or a malformed one, does not spoil the sign-in", async () => {
    const user = await createCustomer(shop.context);
    const missing = await login({ email: user.email, password: user.password, guestId: "guest_nocartatall123" });
    expect(missing.status).toBe(200);
    const malformed = await login({ email: user.email, password: user.password, guestId: "<script>" });
    expect(malformed.status).toBe(200);
    const fromCookie = await login({ email: user.email, password: user.password }, { Cookie: "guest_id=guest_nocartatall123" });
    expect(fromCookie.status).toBe(200);
    expect(setCookies(fromCookie).get("guest_id")).toMatch(/^guest_id=;/);
  });
});

describe("authorisation: each call × {signed out, customer A, customer B}", () => {
  it("POST /register: anyone may create a new account; an existing session is neither used nor changed", async () => {
    for (const who of [{}, customerA.headers, customerB.headers]) {
      const res = await register(registration(), who);
      expect(res.status).toBe(201);
      expect(res.body.user.role).toBe("customer");
      expect([customerA.id, customerB.id]).not.toContain(res.body.user._id);
    }
    expect((await profile(customerA.headers)).body.email).toBe(customerA.email);
    expect((await profile(customerB.headers)).body.email).toBe(customerB.email);
  });

  it("POST /login: the credentials decide who signs in, never the session the request carries", async () => {
    for (const who of [{}, customerA.headers, customerB.headers]) {
      const asB = await login({ email: customerB.email, password: customerB.password }, who);
      expect(asB.status).toBe(200);
      expect(asB.body.user._id).toBe(customerB.id);
      // A session for A cannot stand in for B's password.
      const guess = await login({ email: customerB.email, password: `${customerB.password}-guess` }, who);
      expect(guess.status).toBe(401);
    }
    expect((await profile(customerA.headers)).body._id).toBe(customerA.id);
  });

  it("POST /logout: only the caller's own session ends", async () => {
    const a = (await login({ email: customerA.email, password: customerA.password })).body.token as string;
    const b = (await login({ email: customerB.email, password: customerB.password })).body.token as string;
    expect((await logout()).status).toBe(200);
    expect((await profile(bearer(a))).status).toBe(200);
    expect((await profile(bearer(b))).status).toBe(200);

    expect((await logout(bearer(a))).status).toBe(200);
    expect((await profile(bearer(a))).status).toBe(401);
    expect((await profile(bearer(b))).status).toBe(200);

    expect((await logout(bearer(b))).status).toBe(200);
    expect((await profile(bearer(b))).status).toBe(401);
    // The long-lived test sessions are separate sessions and still work.
    expect((await profile(customerA.headers)).status).toBe(200);
  });

  it("GET /profile: signed out 401; each customer sees only their own; an admin sees their own with role admin", async () => {
    expect((await profile()).status).toBe(401);
    expect((await profile(customerA.headers)).body).toMatchObject({ _id: customerA.id, email: customerA.email, role: "customer" });
    expect((await profile(customerB.headers)).body).toMatchObject({ _id: customerB.id, email: customerB.email, role: "customer" });
    expect((await profile(admin.headers)).body).toMatchObject({ _id: admin.id, role: "admin" });
  });
});

describe("passwords", () => {
  it("never appear in any answer above (bodies or headers)", () => {
    expect(seen.length).toBeGreaterThan(50);
    const secrets = [PASSWORD, customerA.password, customerB.password, admin.password];
    for (const { label, text } of seen) {
      for (const secret of secrets) expect(text, `${label} answer`).not.toContain(secret);
    }
  });
});
