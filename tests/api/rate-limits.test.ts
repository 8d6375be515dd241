// The rate limits, tested as the attacks that found them missing (issue 11): password guessing
// behind spoofed X-Forwarded-For headers, many accounts from one address, sign-up, contact,
// guest-cart and review floods. The shop runs with the real limits (RATE_LIMIT_SCALE=1) and the
// default proxy setting (trust nothing); supertest connects from 127.0.0.1.
import { count, eq, inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { carts, contactMessages, outboundEmails, products, rateLimit, reviews, session, user as users } from "#server/db/schema.ts";
import { LIMITS, accountAddressSubject, allowance, countRequest, deleteEndedCounts, limitKey } from "#server/modules/limits/limiter.ts";
import { SLOWED_SIGN_IN_MS } from "#server/modules/users/accounts.ts";
import { action as contactAction } from "~/routes/contact.tsx";
import { action as registerAction } from "~/routes/register.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, pageContext } from "../support/users.ts";

let shop: TestShop;
const db = () => shop.context.db;
const api = () => request(shop.app);

beforeAll(async () => {
  shop = await createTestShop({ RATE_LIMIT_SCALE: "1" });
});
afterAll(() => shop?.close());
// Every test starts with no counts (they all come from 127.0.0.1).
afterEach(() => db().delete(rateLimit));

const spoofed = (i: number) => ({ "X-Forwarded-For": `203.0.113.${i % 250}` });
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  api().post("/api/users/login").set(headers).send({ email, password });

function expectRefusal(res: request.Response, message = /^Too many requests\. Please try again in \d+ minutes?\.$/) {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(message);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
}

async function rowCount(table: typeof contactMessages | typeof carts | typeof users | typeof reviews): Promise<number> {
  const [row] = await db().select({ n: count() }).from(table);
  return row!.n;
}

describe("the client address (TRUST_PROXY)", () => {
  it("by default a spoofed X-Forwarded-For changes nothing: the connecting address is counted", async () => {
    await login("nobody-1@example.in", "wrong-password", { "X-Forwarded-For": "198.51.100.1" }).expect(401);
    await login("nobody-2@example.in", "wrong-password", { "X-Forwarded-For": "198.51.100.2" }).expect(401);
    const [row] = await db().select().from(rateLimit).where(eq(rateLimit.key, limitKey("signInFailuresPerAddress", "127.0.0.1")));
    expect(row?.count).toBe(2);
    const spoofedRows = await db()
      .select()
      .from(rateLimit)
      .where(inArray(rateLimit.key, ["198.51.100.1", "198.51.100.2"].map((ip) => limitKey("signInFailuresPerAddress", ip))));
    expect(spoofedRows).toEqual([]);
  });

  it("with TRUST_PROXY=1 the address the one trusted proxy saw (the last hop) is counted", async () => {
    const behindProxy = createApp({ ...shop.context, config: { ...shop.config, trustProxy: 1 } });
    await request(behindProxy)
      .post("/api/users/login")
      .set("X-Forwarded-For", "10.9.9.9, 198.51.100.7")
      .send({ email: "nobody-3@example.in", password: "wrong-password" })
      .expect(401);
    const keys = (await db().select({ key: rateLimit.key }).from(rateLimit)).map((row) => row.key);
    expect(keys).toContain(limitKey("signInFailuresPerAddress", "198.51.100.7"));
    expect(keys).not.toContain(limitKey("signInFailuresPerAddress", "10.9.9.9"));
    expect(keys).not.toContain(limitKey("signInFailuresPerAddress", "127.0.0.1"));
  });
});

describe("sign-in", () => {
  const perPair = LIMITS.signInFailuresPerAccountAndAddress.max;
  const perAccount = LIMITS.signInFailuresPerAccount.max;
  const perAddress = LIMITS.signInFailuresPerAddress.max;
  const signInMessage = /^Too many sign-in attempts\. Please try again in 15 minutes\.$/;
  const behindProxy = () => createApp({ ...shop.context, config: { ...shop.config, trustProxy: 1 } });
  const loginFrom = (ip: string, email: string, password: string) =>
    request(behindProxy()).post("/api/users/login").set("X-Forwarded-For", ip).send({ email, password });

  it(`30 password guesses from one address (spoofed X-Forwarded-For ignored): refused after ${perPair}, the right password too`, async () => {
    const victim = await createCustomer(shop.context);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await login(victim.email, `guess-${i}-wrong`, spoofed(i));
      statuses.push(res.status);
      if (res.status === 429) expectRefusal(res, signInMessage);
    }
    expect(statuses.slice(0, perPair).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(perPair).every((status) => status === 429)).toBe(true);
    const right = await login(victim.email, victim.password, spoofed(99));
    expectRefusal(right, signInMessage);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect(right.body.token).toBeUndefined();
    // Another account is not locked out by the victim's count.
    const other = await createCustomer(shop.context);
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it("a stranger's wrong passwords from elsewhere do not keep the owner out: the owner's checks are slowed, not refused", async () => {
    const victim = await createCustomer(shop.context);
    const statuses: number[] = [];
    for (let i = 0; i < perPair + 5; i++) statuses.push((await loginFrom("198.51.100.66", victim.email, `stranger-${i}`)).status);
    // The stranger is refused at their own address...
    expect(statuses.slice(0, perPair)).toEqual(Array(perPair).fill(401));
    expect(statuses.slice(perPair)).toEqual(Array(5).fill(429));
    // ...while the owner, at theirs, is told about a typo and gets in with the right password, slowed.
    expect((await loginFrom("203.0.113.20", victim.email, "owner-typo")).status).toBe(401);
    const started = Date.now();
    const owner = await loginFrom("203.0.113.20", victim.email, victim.password);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWED_SIGN_IN_MS - 50);
    // An account with no failures is not slowed.
    const other = await createCustomer(shop.context);
    const quick = Date.now();
    expect((await loginFrom("203.0.113.20", other.email, other.password)).status).toBe(200);
    expect(Date.now() - quick).toBeLessThan(SLOWED_SIGN_IN_MS);
  });

  it("a stranger guessing from many addresses is slowed on every guess after the account's first failures", async () => {
    const victim = await createCustomer(shop.context);
    for (let i = 0; i < perAccount; i++) expect((await loginFrom(`198.51.100.${100 + i}`, victim.email, `spread-${i}`)).status).toBe(401);
    const started = Date.now();
    expect((await loginFrom("198.51.100.150", victim.email, "one-more")).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWED_SIGN_IN_MS - 50);
  });

  it("the owner sharing the stranger's address gets in by a reset link: a reset forgets the account's failures", async () => {
    const victim = await createCustomer(shop.context);
    for (let i = 0; i < perPair; i++) await login(victim.email, `shared-nat-${i}`);
    expectRefusal(await login(victim.email, victim.password), signInMessage);
    await api().post("/api/users/password/forgot").send({ email: victim.email }).expect(200);
    const [queued] = await db().select().from(outboundEmails).where(eq(outboundEmails.to, victim.email));
    const token = decodeURIComponent(/\/reset-password\?token=([A-Za-z0-9._%-]+)/.exec(queued!.text)![1]!);
    await api().post("/api/users/password/reset").send({ token, password: "new-pass-after-nat", confirmPassword: "new-pass-after-nat" }).expect(200);
    const started = Date.now();
    expect((await login(victim.email, "new-pass-after-nat")).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(SLOWED_SIGN_IN_MS);
  });

  it(`one address over every account: ${perAddress} failures (carrier NAT), then refused, also for a right password`, async () => {
    // The failures of many shoppers behind one address, counted already.
    for (let i = 0; i < perAddress - 5; i++) await countRequest(shop.context, "signInFailuresPerAddress", "127.0.0.1");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(`sprayed-${i}@example.in`, "Summer2026!", spoofed(i))).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    const customer = await createCustomer(shop.context);
    expectRefusal(await login(customer.email, customer.password), signInMessage);
  });

  it("correct sign-ins in parallel all succeed: only failures count", async () => {
    const customer = await createCustomer(shop.context);
    const results = await Promise.all(Array.from({ length: perPair + 5 }, () => login(customer.email, customer.password)));
    expect(results.map((res) => res.status)).toEqual(Array(perPair + 5).fill(200));
  });

  it("parallel guesses are counted atomically: no more than the limit get an answer about the password", async () => {
    const victim = await createCustomer(shop.context);
    const results = await Promise.all(Array.from({ length: perPair + 15 }, (_, i) => login(victim.email, `parallel-${i}`, spoofed(i))));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(perPair);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expectRefusal(await login(victim.email, victim.password), signInMessage);
  });

  it("a right password inside a burst of wrong ones opens no session once the burst used up the limit", async () => {
    const victim = await createCustomer(shop.context);
    const [before] = await db().select({ n: count() }).from(session).where(eq(session.userId, victim.id));
    const results = await Promise.all([
      ...Array.from({ length: perPair + 10 }, (_, i) => login(victim.email, `burst-${i}`, spoofed(i))),
      login(victim.email, victim.password, spoofed(200)),
    ]);
    const signedIn = results.filter((res) => res.status === 200).length;
    expect(signedIn).toBeLessThanOrEqual(1);
    const [after] = await db().select({ n: count() }).from(session).where(eq(session.userId, victim.id));
    // A refused right password leaves no session behind.
    expect(after!.n - before!.n).toBe(signedIn);
  });

  it("is kept in the database, so another process sees the same count", async () => {
    const victim = await createCustomer(shop.context);
    // Failures another process counted, written to the shared table.
    for (let i = 0; i < perPair; i++) await countRequest(shop.context, "signInFailuresPerAccountAndAddress", accountAddressSubject(victim.email, "127.0.0.1"));
    const secondProcess = createApp(shop.context);
    const res = await request(secondProcess).post("/api/users/login").send({ email: victim.email.toUpperCase(), password: victim.password });
    expectRefusal(res, signInMessage);
  });
});

describe("the window", () => {
  it("refuses the request after the limit until the window that started with the first one ends", async () => {
    const start = Date.now();
    const { max, windowMs } = LIMITS.contactMessagesPerAddress;
    for (let i = 0; i < max; i++) expect((await countRequest(shop.context, "contactMessagesPerAddress", "192.0.2.1", start)).allowed).toBe(true);
    expect(await countRequest(shop.context, "contactMessagesPerAddress", "192.0.2.1", start + 60_000)).toEqual({
      allowed: false,
      retryAfterSeconds: (windowMs - 60_000) / 1000,
    });
    expect((await countRequest(shop.context, "contactMessagesPerAddress", "192.0.2.1", start + windowMs)).allowed).toBe(true);
  });

  it("counts whose window has ended are removed, current ones and Better Auth's own rows are kept", async () => {
    const now = Date.now();
    const hourAndMore = 61 * 60 * 1000;
    await countRequest(shop.context, "guestCartsPerAddress", "192.0.2.50", now - hourAndMore);
    await countRequest(shop.context, "guestCartsPerAddress", "192.0.2.51", now);
    await db().insert(rateLimit).values({ id: crypto.randomUUID(), key: "127.0.0.1/sign-in/email", count: 1, lastRequest: now - hourAndMore });
    await deleteEndedCounts(db(), now);
    const keys = (await db().select({ key: rateLimit.key }).from(rateLimit)).map((row) => row.key).sort();
    expect(keys).toEqual(["127.0.0.1/sign-in/email", limitKey("guestCartsPerAddress", "192.0.2.51")].sort());
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one", async () => {
    expect(limitKey("guestCartsPerAddress", "2001:db8:1:2:aaaa::1")).toBe(limitKey("guestCartsPerAddress", "2001:0db8:0001:0002:ffff:1:2:3"));
    expect(limitKey("guestCartsPerAddress", "2001:db8:1:3::1")).not.toBe(limitKey("guestCartsPerAddress", "2001:db8:1:2::1"));
    expect(limitKey("guestCartsPerAddress", "::ffff:192.0.2.9")).toBe(limitKey("guestCartsPerAddress", "192.0.2.9"));
  });

  it("RATE_LIMIT_SCALE multiplies every limit", () => {
    expect(allowance({ db: db(), config: { rateLimitScale: 1 } }, "registrationsPerAddress")).toBe(LIMITS.registrationsPerAddress.max);
    expect(allowance({ db: db(), config: { rateLimitScale: 1000 } }, "registrationsPerAddress")).toBe(LIMITS.registrationsPerAddress.max * 1000);
  });
});

describe("registration", () => {
  const max = LIMITS.registrationsPerAddress.max;
  const perEmail = LIMITS.registrationsPerEmail.max;
  const registerBody = (email: string, i: number) => ({ name: `Bulk ${i}`, email, password: "Pa55word-bulk", confirmPassword: "Pa55word-bulk" });

  it("a campaign's shoppers behind one address (carrier NAT): 25 sign-ups in a burst all succeed", async () => {
    const before = await rowCount(users);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => api().post("/api/users/register").set(spoofed(i)).send(registerBody(`nat-${i}-${started}@example.in`, i))),
    );
    expect(results.map((res) => res.status)).toEqual(Array(25).fill(201));
    expect(await rowCount(users)).toBe(before + 25);
  });

  it(`one email: ${perEmail} sign-ups an hour from any address, then 429`, async () => {
    const behindProxy = createApp({ ...shop.context, config: { ...shop.config, trustProxy: 1 } });
    const email = `one-email-${Date.now()}@example.in`;
    const statuses: number[] = [];
    for (let i = 0; i < perEmail + 2; i++) {
      const res = await request(behindProxy).post("/api/users/register").set("X-Forwarded-For", `198.51.100.${i + 1}`).send(registerBody(email, i));
      statuses.push(res.status);
      if (res.status === 429) expectRefusal(res);
    }
    expect(statuses).toEqual([201, ...Array(perEmail - 1).fill(409), 429, 429]);
  });

  it(`one address: ${max} sign-ups an hour, then 429 and nothing more created`, async () => {
    // The sign-ups of many shoppers behind the address, counted already.
    for (let i = 0; i < max - 3; i++) await countRequest(shop.context, "registrationsPerAddress", "127.0.0.1");
    const before = await rowCount(users);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api().post("/api/users/register").send(registerBody(`bulk-${i}-${started}@example.in`, i))),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    for (const res of results.filter((r) => r.status !== 201)) {
      expectRefusal(res);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(await rowCount(users)).toBe(before + 3);
  });

  it("the register page answers the same refusal without JavaScript, and creates nothing", async () => {
    for (let i = 0; i < max; i++) await countRequest(shop.context, "registrationsPerAddress", "198.51.100.44");
    const before = await rowCount(users);
    const form = new URLSearchParams({ name: "Page Bulk", email: `page-bulk-${Date.now()}@example.in`, password: "Pa55word-x", confirmPassword: "Pa55word-x" });
    const result = (await registerAction({
      request: new Request("http://localhost:3000/register", { method: "POST", body: form }),
      context: pageContext(shop.context, null, "198.51.100.44"),
      params: {},
    } as never)) as { data: { ok: boolean; message: string }; init: ResponseInit };
    expect(result.init.status).toBe(429);
    expect(result.data).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many requests\./) });
    expect(new Headers(result.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(await rowCount(users)).toBe(before);
  });
});

describe("contact form", () => {
  const max = LIMITS.contactMessagesPerAddress.max;
  const perEmail = LIMITS.contactMessagesPerEmail.max;
  const message = (i: number, email = "flood@example.in") => ({ name: "Flood", email, message: `Message ${i}` });

  it(`a flood signed with one email: ${perEmail} stored, then 429 with Retry-After and nothing more stored`, async () => {
    const before = await rowCount(contactMessages);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => api().post("/api/contact").set(spoofed(i)).send(message(i))));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(perEmail);
    for (const res of results.filter((r) => r.status !== 201)) expectRefusal(res);
    expect(await rowCount(contactMessages)).toBe(before + perEmail);
  });

  it(`many senders behind one address: ${max} messages in 10 minutes, then 429`, async () => {
    const before = await rowCount(contactMessages);
    const statuses: number[] = [];
    for (let i = 0; i < max + 3; i++) statuses.push((await api().post("/api/contact").send(message(i, `sender-${i}@example.in`))).status);
    expect(statuses).toEqual([...Array(max).fill(201), 429, 429, 429]);
    expect(await rowCount(contactMessages)).toBe(before + max);
  });

  it("the contact page (without JavaScript) shows the refusal and stores nothing", async () => {
    for (let i = 0; i < max; i++) await countRequest(shop.context, "contactMessagesPerAddress", "198.51.100.45");
    const before = await rowCount(contactMessages);
    const result = (await contactAction({
      request: new Request("http://localhost:3000/contact", { method: "POST", body: new URLSearchParams(message(0)) }),
      context: pageContext(shop.context, null, "198.51.100.45"),
      params: {},
    } as never)) as { data: { ok: boolean; message: string }; init: ResponseInit };
    expect(result.init.status).toBe(429);
    expect(result.data).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many requests\./) });
    expect(await rowCount(contactMessages)).toBe(before);
  });
});

async function addProducts(names: string[]) {
  return db()
    .insert(products)
    .values(
      names.map((name, i) => ({
        name,
        description: "A product for the rate-limit tests.",
        pricePaise: 9900,
        mrpPaise: 9900,
        category: "Women Care",
        sku: `RATE-${Date.now()}-${i}`,
        stock: 500,
      })),
    )
    .returning({ id: products.id });
}

describe("guest carts", () => {
  const max = LIMITS.guestCartsPerAddress.max;

  it(`a flood of new guest carts from one address: ${max} created, then 429 and no more carts`, async () => {
    const [product] = await addProducts(["Guest Flood Tablet"]);
    // The carts of many guests behind the address (carrier NAT), counted already.
    for (let i = 0; i < max - 5; i++) await countRequest(shop.context, "guestCartsPerAddress", "127.0.0.1");
    const before = await rowCount(carts);
    const results = [];
    for (let i = 0; i < 15; i++) results.push(await api().post("/api/cart").set(spoofed(i)).send({ productId: product!.id, quantity: 1 }));
    expect(results.slice(0, 5).every((res) => res.status === 201)).toBe(true);
    for (const res of results.slice(5)) {
      expectRefusal(res);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    // Made-up guest ids in the body are new carts too.
    expectRefusal(await api().post("/api/cart").send({ guestId: `guest_${crypto.randomUUID()}`, productId: product!.id, quantity: 1 }));
    expect(await rowCount(carts)).toBe(before + 5);

    // A guest who already has a cart keeps using it; signed-in shoppers are not counted.
    const cookie = results[0]!.headers["set-cookie"] as unknown as string[];
    expect((await api().post("/api/cart").set("Cookie", cookie).send({ productId: product!.id, quantity: 1 })).status).toBe(200);
    const customer = await createCustomer(shop.context);
    expect((await api().post("/api/cart").set(customer.headers).send({ productId: product!.id, quantity: 1 })).status).toBe(201);
  });
});

describe("coupon codes", () => {
  const perUser = LIMITS.couponAttemptsPerUser.max;

  it(`shoppers behind one address each get their ${perUser} tries; one shopper's next try is refused`, async () => {
    const [product] = await addProducts(["Coupon NAT Syrup"]);
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => createCustomer(shop.context)));
    const statuses: number[] = [];
    for (const shopper of shoppers) {
      await api().post("/api/cart").set(shopper.headers).send({ productId: product!.id, quantity: 1 }).expect(201);
      for (let i = 0; i < perUser; i++) statuses.push((await api().post("/api/cart/coupon").set(shopper.headers).send({ code: `TYPO${i}` })).status);
    }
    // 40 tries from one address: every one answered about the code.
    expect(statuses).toEqual(Array(4 * perUser).fill(400));
    expectRefusal(await api().post("/api/cart/coupon").set(shoppers[0]!.headers).send({ code: "ONEMORE" }));
    expect((await api().post("/api/cart/coupon").set(shoppers[1]!.headers).send({ code: "ONEMORE" })).status).toBe(429);
  });
});

describe("reviews", () => {
  const max = LIMITS.reviewsPerUser.max;

  it(`one customer reviewing product after product: ${max} reviews, then 429 and nothing more stored`, async () => {
    const items = await addProducts(Array.from({ length: max + 5 }, (_, i) => `Review Flood Capsules ${i}`));
    const customer = await createCustomer(shop.context);
    const results = [];
    for (const [i, item] of items.entries()) {
      results.push(await api().post(`/api/products/${item.id}/reviews`).set(customer.headers).set(spoofed(i)).send({ rating: 5, comment: "Great!" }));
    }
    expect(results.slice(0, max).every((res) => res.status === 201)).toBe(true);
    for (const res of results.slice(max)) expectRefusal(res);
    const stored = await db().select({ n: count() }).from(reviews).where(eq(reviews.userId, customer.id));
    expect(stored[0]!.n).toBe(max);
    // Another customer is not affected.
    const other = await createCustomer(shop.context);
    expect((await api().post(`/api/products/${items.at(-1)!.id}/reviews`).set(other.headers).send({ rating: 4, comment: "Fine." })).status).toBe(201);
  });
});
