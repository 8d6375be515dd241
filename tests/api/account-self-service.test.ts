// Account self-service (issue 16, api-contract.md "Account self-service", decisions/023):
// forgotten password, email verification, profile and password changes, export and deletion.
// Emails leave through the outbox and the dispatcher to a real SMTP server on loopback.
import { eq, inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, openOrdersMessage } from "#common/account.ts";
import { RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { invoices, newsletterSubscribers, orders, outboundEmails, returnRequests, reviews, session as sessions, user as users, verification } from "#server/db/schema.ts";
import { deliverPendingEmails } from "#server/modules/email/dispatcher.ts";
import { LIMITS, countRequest } from "#server/modules/limits/limiter.ts";
import { deletionCheck } from "#server/modules/users/your-data.ts";
import { startFakeSmtp, type FakeSmtp } from "../support/fake-smtp.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, createAdmin, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

const PUBLIC_URL = "https://shop.example.in";
const DAY_MS = 24 * 60 * 60 * 1000;

let shop: TestShop;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  shop = await createTestShop({ PUBLIC_URL, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const api = () => request(shop.app);

/** Quoted-printable soft breaks and escapes undone, so links read as written. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Delivers the outbox through SMTP and returns the messages that reached `address`. */
async function mailFor(address: string): Promise<string[]> {
  await deliverPendingEmails(shop.context);
  return smtp.received.filter((m) => m.to.includes(address)).map((m) => decoded(m.raw));
}

/** The token of the last link to `path` emailed to `address`. */
async function linkToken(address: string, path: "/reset-password" | "/verify-email"): Promise<string> {
  const messages = await mailFor(address);
  const pattern = new RegExp(`${PUBLIC_URL}${path}\\?token=([A-Za-z0-9._%-]+)`);
  for (const message of messages.reverse()) {
    const match = pattern.exec(message);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error(`No ${path} link emailed to ${address}`);
}

function forgot(email: string) {
  return api().post("/api/users/password/forgot").send({ email });
}

function signIn(user: Pick<TestUser, "email" | "password">, password = user.password) {
  return api().post("/api/users/login").send({ email: user.email, password });
}

describe("forgotten password", () => {
  it("emails a link to /reset-password through the outbox and SMTP; the link sets a new password once and signs out everywhere", async () => {
    const user = await createCustomer(shop.context);
    const other = await signIn(user);
    expect(other.status).toBe(200);

    const res = await forgot(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("If an account exists for this email, we have sent a link to reset your password.");
    const [queued] = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, user.email));
    expect(queued).toMatchObject({ subject: "Reset your password", status: "queued" });

    const token = await linkToken(user.email, "/reset-password");
    // The token is stored hashed: the verification table does not hold it.
    const rows = await shop.context.db.select().from(verification).where(eq(verification.value, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    const expiresIn = rows[0]!.expiresAt.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60 * 1000);

    const reset = await api().post("/api/users/password/reset").send({ token, password: "a-new-secret", confirmPassword: "a-new-secret" });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.message).toBe(ACCOUNT_MESSAGES.passwordReset);

    // Every session is revoked: the test helper's and the extra sign-in's.
    expect(await shop.context.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    await api().get("/api/users/profile").set(user.headers).expect(401);
    await api().get("/api/users/profile").set({ Authorization: `Bearer ${other.body.token}` }).expect(401);
    expect((await signIn(user)).status).toBe(401);
    expect((await signIn(user, "a-new-secret")).status).toBe(200);

    // Used once: the same link again is refused.
    const again = await api().post("/api/users/password/reset").send({ token, password: "third-secret", confirmPassword: "third-secret" });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This link is invalid or has expired");
  });

  it("refuses an expired link (past its hour) and a forged one with the same sentence", async () => {
    const user = await createCustomer(shop.context);
    await forgot(user.email).expect(200);
    const token = await linkToken(user.email, "/reset-password");
    await shop.context.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.value, user.id));
    const expired = await api().post("/api/users/password/reset").send({ token, password: "a-new-secret", confirmPassword: "a-new-secret" });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe("This link is invalid or has expired");

    for (const forged of ["x".repeat(24), token.slice(0, -1) + (token.endsWith("a") ? "b" : "a"), "../../etc"]) {
      const res = await api().post("/api/users/password/reset").send({ token: forged, password: "a-new-secret", confirmPassword: "a-new-secret" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This link is invalid or has expired");
    }
    expect((await signIn(user)).status).toBe(200);
  });

  it("checks the new password with the shop's rules before spending the link", async () => {
    const user = await createCustomer(shop.context);
    await forgot(user.email).expect(200);
    const token = await linkToken(user.email, "/reset-password");
    const short = await api().post("/api/users/password/reset").send({ token, password: "abc", confirmPassword: "abc" });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: "Password must be at least 6 characters" });
    const differ = await api().post("/api/users/password/reset").send({ token, password: "abcdef", confirmPassword: "abcdeg" });
    expect(differ.body.errors).toEqual({ confirmPassword: "Passwords do not match" });
    const missing = await api().post("/api/users/password/reset").send({ password: "abcdef", confirmPassword: "abcdef" });
    expect(missing.body.errors).toEqual({ token: "This link is invalid or has expired" });
    await api().post("/api/users/password/reset").send({ token, password: "abcdef", confirmPassword: "abcdef" }).expect(200);
  });

  it("two resets racing with one link: exactly one wins; a token of the wrong type is the same 400", async () => {
    const user = await createCustomer(shop.context);
    await forgot(user.email).expect(200);
    const token = await linkToken(user.email, "/reset-password");
    const results = await Promise.all(
      ["race-one-1", "race-two-2", "race-three"].map((password) =>
        api().post("/api/users/password/reset").send({ token, password, confirmPassword: password }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const bad of [{ a: 1 }, ["x"], 42, null, "y".repeat(5000)]) {
      const res = await api().post("/api/users/password/reset").send({ token: bad, password: "abcdef", confirmPassword: "abcdef" });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ token: "This link is invalid or has expired" });
    }
  });

  // Timing is measured, so a run on a loaded machine may be noisy; a real leak fails every try.
  it("answers known and unknown emails alike: status, body, and time", { retry: 2 }, async () => {
    const user = await createCustomer(shop.context);
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const times: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 6; i++) {
      for (const kind of ["known", "unknown"] as const) {
        const email = kind === "known" ? (await createCustomer(shop.context)).email : `nobody-${i}-${Date.now()}@example.com`;
        const started = performance.now();
        await forgot(email).expect(200);
        times[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // A generous margin: the floor (250 ms) hides the database work of the known path.
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(60);
    expect(Math.min(...times.unknown)).toBeGreaterThanOrEqual(245);
  });

  it("refuses bad emails with a sentence, never sending anything", async () => {
    const res = await forgot("not-an-email");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: "Please enter a valid email" });
    const array = await api().post("/api/users/password/forgot").send([1]);
    expect(array.status).toBe(400);
    expect(array.body.message).toBe("Send the fields as a JSON object");
  });
});

describe("throttling (RATE_LIMIT_SCALE=1)", () => {
  let strict: TestShop;
  beforeAll(async () => {
    strict = await createTestShop({ PUBLIC_URL, RATE_LIMIT_SCALE: "1" });
  });
  afterAll(() => strict?.close());

  it("forgot password: 3 emails an hour per address (known or not), then 429 with Retry-After", async () => {
    const user = await createCustomer(strict.context);
    for (const email of [user.email, "ghost@example.com"]) {
      for (let i = 0; i < 3; i++) await request(strict.app).post("/api/users/password/forgot").send({ email }).expect(200);
      const refused = await request(strict.app).post("/api/users/password/forgot").send({ email });
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect(refused.body.message).toMatch(/^Too many requests/);
    }
    const emails = await strict.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, user.email));
    expect(emails).toHaveLength(3);
  });

  it(`forgot password: ${LIMITS.passwordResetsPerAddress.max} an hour per client address over every email (generous: carrier NAT)`, async () => {
    // The requests of many shoppers behind the address, counted already.
    for (let i = 0; i < LIMITS.passwordResetsPerAddress.max - 10; i++) await countRequest(strict.context, "passwordResetsPerAddress", "127.0.0.1");
    let status = 0;
    for (let i = 0; i < 11 && status !== 429; i++) {
      status = (await request(strict.app).post("/api/users/password/forgot").send({ email: `someone-${i}@example.com` })).status;
    }
    expect(status).toBe(429);
  });

  it("verification resend: 3 an hour per customer", async () => {
    const user = await createCustomer(strict.context);
    for (let i = 0; i < 3; i++) await request(strict.app).post("/api/users/email/verification").set(user.headers).expect(200);
    await request(strict.app).post("/api/users/email/verification").set(user.headers).expect(429);
  });

  it("password checks: 10 wrong current passwords per customer in 15 minutes, then 429 even for the right one", async () => {
    const user = await createCustomer(strict.context);
    for (let i = 0; i < 10; i++) {
      await request(strict.app).put("/api/users/password").set(user.headers).send({ currentPassword: "wrong-one", password: "abcdefg", confirmPassword: "abcdefg" }).expect(400);
    }
    await request(strict.app)
      .put("/api/users/password")
      .set(user.headers)
      .send({ currentPassword: user.password, password: "abcdefg", confirmPassword: "abcdefg" })
      .expect(429);
  });
});

describe("email verification", () => {
  it("registration queues a verification email; the link verifies; the customer could shop meanwhile", async () => {
    const email = `new-${Date.now()}@example.com`;
    const res = await api().post("/api/users/register").send({ name: "Asha Rao", email, password: "secret-1", confirmPassword: "secret-1" });
    expect(res.status).toBe(201);
    const headers = { Authorization: `Bearer ${res.body.token}` };
    const profile = await api().get("/api/users/profile").set(headers).expect(200);
    expect(profile.body.emailVerified).toBe(false);
    const product = await makeProduct(shop.context, { stock: 3 });
    await api().post("/api/cart").set(headers).send({ productId: product.id, quantity: 1 }).expect((r) => expect([200, 201]).toContain(r.status));

    const messages = await mailFor(email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Subject: Verify your email");
    const token = await linkToken(email, "/verify-email");
    const verified = await api().post("/api/users/email/verify").send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(ACCOUNT_MESSAGES.emailVerified);
    expect((await api().get("/api/users/profile").set(headers)).body.emailVerified).toBe(true);
    // Resending for a verified address is refused.
    const resend = await api().post("/api/users/email/verification").set(headers);
    expect(resend.status).toBe(400);
    expect(resend.body.message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
  });

  it("a forged or tampered link is refused", async () => {
    for (const token of ["nonsense", "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.AAAA"]) {
      const res = await api().post("/api/users/email/verify").send({ token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This link is invalid or has expired");
    }
  });

  it("changing the email needs the password; the new address gets a link and the change applies when it is opened, signing no one in", async () => {
    const user = await createCustomer(shop.context);
    const newEmail = `moved-${Date.now()}@example.com`;
    const wrong = await api().put("/api/users/email").set(user.headers).send({ email: newEmail, password: "not-it" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: ACCOUNT_MESSAGES.passwordWrong });
    const same = await api().put("/api/users/email").set(user.headers).send({ email: user.email, password: user.password });
    expect(same.status).toBe(400);

    const asked = await api().put("/api/users/email").set(user.headers).send({ email: newEmail, password: user.password });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(ACCOUNT_MESSAGES.emailChangeRequested);
    // Nothing changes until the link is opened.
    expect((await api().get("/api/users/profile").set(user.headers)).body.email).toBe(user.email);
    const messages = await mailFor(newEmail);
    expect(messages[0]).toContain("Subject: Confirm your new email address");
    const token = await linkToken(newEmail, "/verify-email");

    const sessionsBefore = await shop.context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const opened = await api().post("/api/users/email/verify").send({ token });
    expect(opened.status).toBe(200);
    expect(opened.body.message).toBe(ACCOUNT_MESSAGES.emailChanged);
    expect(opened.headers["set-cookie"]).toBeUndefined();
    const sessionsAfter = await shop.context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionsAfter.map((s) => s.id).sort()).toEqual(sessionsBefore.map((s) => s.id).sort());
    const profile = await api().get("/api/users/profile").set(user.headers);
    expect(profile.body).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await signIn({ email: newEmail, password: user.password })).status).toBe(200);
  });

  it("asking for an address that has an account answers the same and emails no one", async () => {
    const user = await createCustomer(shop.context);
    const taken = await createCustomer(shop.context);
    const res = await api().put("/api/users/email").set(user.headers).send({ email: taken.email, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.emailChangeRequested);
    expect(await mailFor(taken.email)).toHaveLength(0);
  });
});

describe("profile and password", () => {
  it("PUT /api/users/profile: name (personName) and phone (Indian mobile, stored as 10 digits)", async () => {
    const user = await createCustomer(shop.context);
    const saved = await api().put("/api/users/profile").set(user.headers).send({ name: "  Meera Iyer ", phone: "+91 98450 12345" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ name: "Meera Iyer", phone: "9845012345", email: user.email });
    const onlyPhone = await api().put("/api/users/profile").set(user.headers).send({ phone: "" });
    expect(onlyPhone.body).toMatchObject({ name: "Meera Iyer", phone: null });

    for (const [body, errors] of [
      [{ name: "" }, { name: "Name is required" }],
      [{ name: "x".repeat(101) }, { name: "Name must be at most 100 characters" }],
      [{ name: "A\nB" }, { name: "Name cannot contain line breaks or control characters" }],
      [{ name: 42 }, { name: "Name must be text" }],
      [{ phone: "12345" }, { phone: "Please enter a 10-digit phone number" }],
      [{ phone: "5845012345" }, { phone: "Enter a mobile number starting with 6, 7, 8 or 9" }],
      [{ phone: 9845012345 }, { phone: "Please enter a 10-digit phone number" }],
    ] as const) {
      const res = await api().put("/api/users/profile").set(user.headers).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual(errors);
    }
    await api().put("/api/users/profile").send({ name: "Nobody" }).expect(401);
  });

  it("PUT /api/users/password: wrong current 400; right one changes it and signs out the other sessions only", async () => {
    const user = await createCustomer(shop.context);
    const phone = await signIn(user);
    const wrong = await api().put("/api/users/password").set(user.headers).send({ currentPassword: "nope-nope", password: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
    const missing = await api().put("/api/users/password").set(user.headers).send({ password: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(missing.body.errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired });

    const changed = await api().put("/api/users/password").set(user.headers).send({ currentPassword: user.password, password: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await api().get("/api/users/profile").set(user.headers).expect(200);
    await api().get("/api/users/profile").set({ Authorization: `Bearer ${phone.body.token}` }).expect(401);
    expect((await signIn(user)).status).toBe(401);
    expect((await signIn(user, "brand-new-1")).status).toBe(200);
  });

  it("POST /api/users/logout/all revokes every session, this one too", async () => {
    const user = await createCustomer(shop.context);
    const other = await signIn(user);
    await api().post("/api/users/logout/all").set(user.headers).expect(200);
    await api().get("/api/users/profile").set(user.headers).expect(401);
    await api().get("/api/users/profile").set({ Authorization: `Bearer ${other.body.token}` }).expect(401);
    await api().post("/api/users/logout/all").expect(401);
  });
});

describe("your data", () => {
  it("GET /api/users/me/export: the caller's profile, orders, reviews, newsletter and more — never anyone else's", async () => {
    const owner = await createCustomer(shop.context);
    const stranger = await createCustomer(shop.context);
    await api().put("/api/users/profile").set(owner.headers).send({ phone: "9845012345" }).expect(200);
    const mine = await insertOrder(shop.context, { userId: owner.id, customerEmail: owner.email });
    const theirs = await insertOrder(shop.context, { userId: stranger.id, customerEmail: stranger.email });
    const product = await makeProduct(shop.context, { stock: 1 });
    await shop.context.db.insert(reviews).values({ productId: product.id, userId: owner.id, name: owner.name, rating: 4, comment: "Works well" });
    await shop.context.db.insert(newsletterSubscribers).values({ email: owner.email, confirmedAt: new Date() });

    const res = await api().get("/api/users/me/export").set(owner.headers);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="my-data.json"');
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    const data = res.body;
    expect(data.profile).toMatchObject({ id: owner.id, email: owner.email, name: owner.name, phone: "9845012345", emailVerified: false });
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([mine.id]);
    expect(JSON.stringify(data)).not.toContain(theirs.id);
    expect(JSON.stringify(data)).not.toContain(stranger.email);
    expect(data.reviews).toEqual([expect.objectContaining({ productId: product.id, rating: 4, comment: "Works well" })]);
    expect(data.newsletter).toMatchObject({ email: owner.email, confirmed: true });
    expect(Array.isArray(data.addresses)).toBe(true);
    expect(Array.isArray(data.prescriptions)).toBe(true);
    expect(data.signIns.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(/password|token/i);

    await api().get("/api/users/me/export").expect(401);
  });

  it("DELETE /api/users/me: wrong password 400 and nothing happens; then the account is gone, its records kept without it", async () => {
    const user = await createCustomer(shop.context);
    await api().put("/api/users/profile").set(user.headers).send({ phone: "9845012345" }).expect(200);
    // Delivered more than the return window ago: nothing left that needs the account (decisions/047).
    const order = await insertOrder(shop.context, { userId: user.id, customerEmail: user.email, status: "Delivered" });
    await shop.context.db.update(orders).set({ isDelivered: true, deliveredAt: new Date(Date.now() - (RETURN_WINDOW_DAYS + 1) * DAY_MS) }).where(eq(orders.id, order.id));
    await shop.context.db.insert(invoices).values({ orderId: order.id, serial: `T/${order.orderNumber.slice(-8)}`, financialYear: "2026-27" });
    const product = await makeProduct(shop.context, { stock: 1 });
    await shop.context.db.insert(reviews).values({ productId: product.id, userId: user.id, name: user.name, rating: 5, comment: "Good" });
    await shop.context.db.insert(newsletterSubscribers).values({ email: user.email, confirmedAt: new Date() });

    const wrong = await api().delete("/api/users/me").set(user.headers).send({ password: "not-mine" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.passwordWrong);
    await api().get("/api/users/profile").set(user.headers).expect(200);
    const missing = await api().delete("/api/users/me").set(user.headers).send({});
    expect(missing.status).toBe(400);

    const deleted = await api().delete("/api/users/me").set(user.headers).send({ password: user.password });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.message).toBe(ACCOUNT_MESSAGES.accountDeleted);

    await api().get("/api/users/profile").set(user.headers).expect(401);
    expect((await signIn(user)).status).toBe(401);
    expect(await shop.context.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await shop.context.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email))).toHaveLength(0);
    const [keptOrder] = await shop.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(keptOrder).toMatchObject({ userId: null, orderNumber: order.orderNumber });
    expect(await shop.context.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    const [review] = await shop.context.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(review).toMatchObject({ userId: null, name: "Former customer", rating: 5 });

    // The email can register again, as a new account.
    const again = await api().post("/api/users/register").send({ name: "Back Again", email: user.email, password: "another-1", confirmPassword: "another-1" });
    expect(again.status).toBe(201);
    expect(again.body.user._id).not.toBe(user.id);
    const export2 = await api().get("/api/users/me/export").set({ Authorization: `Bearer ${again.body.token}` });
    expect(export2.body.orders).toEqual([]);
  });

  it("DELETE /api/users/me: no outbox email keeps the address, sent, failed or still queued; others' stay", async () => {
    const user = await createCustomer(shop.context);
    const other = await createCustomer(shop.context);
    const mail = (to: string, status: string) => ({ to, subject: `Test ${status}`, text: "Hello", status });
    await shop.context.db
      .insert(outboundEmails)
      .values([
        mail(user.email, "sent"),
        mail(user.email, "failed"),
        mail(user.email, "queued"),
        // Order emails go to the address as typed at checkout.
        mail(user.email.toUpperCase(), "queued"),
        mail(other.email, "queued"),
        mail(other.email, "failed"),
      ]);
    await api().delete("/api/users/me").set(user.headers).send({ password: user.password }).expect(200);
    const left = await shop.context.db.select({ to: outboundEmails.to, status: outboundEmails.status }).from(outboundEmails);
    expect(left.filter((row) => row.to.toLowerCase() === user.email.toLowerCase())).toEqual([]);
    expect(left.filter((row) => row.to === other.email).map((row) => row.status).sort()).toEqual(["failed", "queued"]);
  });

  it("DELETE /api/users/me: refused (409, the order numbers) while a paid order is not shipped, shipped, or a return awaits our reply; nothing is erased", async () => {
    const user = await createCustomer(shop.context);
    const paid = await insertOrder(shop.context, { userId: user.id, customerEmail: user.email });
    expect(paid.status).toBe("Processing");
    const deleteNow = () => api().delete("/api/users/me").set(user.headers).send({ password: user.password });

    const refused = await deleteNow();
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe(openOrdersMessage([paid.orderNumber]));
    expect(refused.body.message).toMatch(/follow, cancel or return it and to download the invoice/);
    // Nothing happened: signed in, the order still the customer's.
    await api().get("/api/users/profile").set(user.headers).expect(200);
    const [still] = await shop.context.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, paid.id));
    expect(still?.userId).toBe(user.id);
    const mine = await api().get("/api/orders/my-orders").set(user.headers).expect(200);
    expect(JSON.stringify(mine.body)).toContain(paid.orderNumber);

    // Shipped: still open.
    await shop.context.db.update(orders).set({ status: "Shipped" }).where(eq(orders.id, paid.id));
    expect((await deleteNow()).status).toBe(409);

    // Delivered, with a return request waiting: still open.
    await shop.context.db.update(orders).set({ status: "Delivered", isDelivered: true, deliveredAt: new Date() }).where(eq(orders.id, paid.id));
    const [request] = await shop.context.db.insert(returnRequests).values({ orderId: paid.id, userId: user.id, reason: "damaged" }).returning();
    const waiting = await deleteNow();
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toContain(paid.orderNumber);

    // The return decided, the order delivered (its window still open: the page warns, the deletion goes ahead).
    await shop.context.db.update(returnRequests).set({ status: "rejected", decidedAt: new Date(), decisionReason: "Not damaged" }).where(eq(returnRequests.id, request!.id));
    // What the profile shows: nothing open, the order still returnable until its window ends.
    const check = await deletionCheck(shop.context.db, user.id);
    expect(check.openOrders).toEqual([]);
    expect(check.returnable).toEqual([{ id: paid.id, orderNumber: paid.orderNumber, returnUntil: expect.any(String) }]);
    expect(new Date(check.returnable[0]!.returnUntil).getTime() - Date.now()).toBeGreaterThan((RETURN_WINDOW_DAYS - 1) * DAY_MS);
    const deleted = await deleteNow();
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const [kept] = await shop.context.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, paid.id));
    expect(kept?.userId).toBeNull();
  });

  it("DELETE /api/users/me: an unpaid online order waiting for its payment, or two open orders, are named; a cancelled one does not hold the account", async () => {
    const user = await createCustomer(shop.context);
    const unpaid = await insertOrder(shop.context, { userId: user.id, customerEmail: user.email, isPaid: false });
    const cod = await insertOrder(shop.context, { userId: user.id, customerEmail: user.email, isPaid: false, status: "Processing" });
    const refused = await api().delete("/api/users/me").set(user.headers).send({ password: user.password });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(unpaid.orderNumber);
    expect(refused.body.message).toContain(cod.orderNumber);
    // A wrong password is still told as such first (the open orders are no secret to their owner, but the password is checked before anything).
    const wrong = await api().delete("/api/users/me").set(user.headers).send({ password: "not-mine" });
    expect(wrong.status).toBe(400);

    await shop.context.db.update(orders).set({ status: "Cancelled", cancelledAt: new Date() }).where(inArray(orders.id, [unpaid.id, cod.id]));
    await api().delete("/api/users/me").set(user.headers).send({ password: user.password }).expect(200);
  });

  it("DELETE /api/users/me racing a checkout of the same account: never both (no open order is left without its account)", async () => {
    const product = await makeProduct(shop.context, { stock: 50 });
    for (let round = 0; round < 4; round++) {
      const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
      const [deleted, placed] = await Promise.all([
        api().delete("/api/users/me").set(buyer.headers).send({ password: buyer.password }),
        checkout(shop, buyer, { shippingAddress: address, paymentMethod: "cod" }),
      ]);
      expect(deleted.status === 200 && placed.status === 201, `delete ${deleted.status}, checkout ${placed.status}`).toBe(false);
      if (placed.status === 201) {
        expect(deleted.status).toBe(409);
        const [order] = await shop.context.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, placed.body.order._id));
        expect(order?.userId).toBe(buyer.id);
      }
    }
  });

  it("staff accounts are not deleted here", async () => {
    const admin = await createAdmin(shop.context);
    const res = await api().delete("/api/users/me").set(admin.headers).send({ password: admin.password });
    expect(res.status).toBe(403);
    await api().get("/api/users/profile").set(admin.headers).expect(200);
  });
});
