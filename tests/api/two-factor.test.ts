// Two-factor sign-in (issue 29, api-contract.md "Staff two-factor", decisions/051): set-up, turning
// it on and off, the login's challenge and code, backup codes, limits, and the staff rule. Codes
// come from the tests' own RFC 6238 authenticator (tests/support/totp.ts), checked against the RFC.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/account.ts";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { TWO_FACTOR_MESSAGES } from "#common/two-factor.ts";
import { TWO_FACTOR_CHALLENGE_SECONDS } from "#server/auth.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { auditLog, twoFactor as twoFactors, user as users } from "#server/db/schema.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { base32Decode, freshCode, hotp, otpauthKey, totp } from "../support/totp.ts";
import { createAdmin, createCustomer, createPharmacist, pageContext, type TestUser } from "../support/users.ts";
import { readFlash } from "#server/http/flash.ts";
import { loader as dashboardLoader } from "~/routes/admin/dashboard.tsx";
import { loader as layoutLoader } from "~/routes/admin/layout.tsx";
import { loader as prescriptionsLoader } from "~/routes/admin/prescriptions.tsx";
import { action as loginAction } from "~/routes/login.tsx";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users.tsx";

describe("the tests' authenticator (RFC 6238, appendix B, SHA-1)", () => {
  const key = Buffer.from("12345678901234567890");
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("T = %i s → %s", (time, code) => {
    expect(totp(key, { time, digits: 8 })).toBe(code);
  });

  it("HOTP matches RFC 4226's appendix D and base32 reads RFC 4648's example", () => {
    expect([0, 1, 9].map((counter) => hotp(key, counter))).toEqual(["755224", "287082", "520489"]);
    expect(base32Decode("MZXW6YTBOI").toString()).toBe("foobar");
  });
});

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const api = () => request(shop.app);

interface TwoFactorUser extends TestUser {
  key: Buffer;
  backupCodes: string[];
  used: string[];
}

/** Sets two-factor up and turns it on; the user's token is the new session's (turning it on replaces the session). */
async function withTwoFactor(user: TestUser): Promise<TwoFactorUser> {
  const setup = await api().post("/api/users/2fa/setup").set(user.headers).send({ password: user.password });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const key = otpauthKey(setup.body.otpauthUri);
  const code = freshCode(key);
  const enabled = await api().post("/api/users/2fa/enable").set(user.headers).send({ code });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const token = enabled.body.token as string;
  return { ...user, token, headers: { Authorization: `Bearer ${token}` }, key, backupCodes: setup.body.backupCodes, used: [code] };
}

async function challengeFor(user: TestUser): Promise<string> {
  const res = await api().post("/api/users/login").send({ email: user.email, password: user.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return res.body.challenge;
}

describe("setting two-factor up", () => {
  it("needs a session and the password; answers an otpauth URI (SHA-1, 6 digits, 30 s) and 10 distinct backup codes", async () => {
    const customer = await createCustomer(shop.context);
    await api().post("/api/users/2fa/setup").send({ password: customer.password }).expect(401);
    const wrong = await api().post("/api/users/2fa/setup").set(customer.headers).send({ password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: ACCOUNT_MESSAGES.passwordWrong });
    const missing = await api().post("/api/users/2fa/setup").set(customer.headers).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ password: AUTH_MESSAGES.passwordRequired });

    const res = await api().post("/api/users/2fa/setup").set(customer.headers).send({ password: customer.password });
    expect(res.status).toBe(200);
    const uri = new URL(res.body.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(decodeURIComponent(uri.pathname)).toBe(`/${shop.config.seller.name}:${customer.email}`);
    expect(otpauthKey(res.body.otpauthUri).length).toBeGreaterThanOrEqual(20);
    expect(res.body.backupCodes).toHaveLength(10);
    expect(new Set(res.body.backupCodes).size).toBe(10);
    for (const code of res.body.backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Set up, not on yet: the password alone still signs in.
    const login = await api().post("/api/users/login").send({ email: customer.email, password: customer.password });
    expect(login.body.token).toEqual(expect.any(String));
  });

  it("keeps the secret and the backup codes encrypted, never as sent", async () => {
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const [row] = await shop.context.db.select().from(twoFactors).where(eq(twoFactors.userId, customer.id));
    const secretText = customer.key.toString();
    expect(row!.secret).not.toContain(secretText);
    for (const code of customer.backupCodes) expect(row!.backupCodes).not.toContain(code);
    expect(row!.verified).toBe(true);
  });

  it("turns on only with a right authenticator code; a backup code or a wrong code is refused", async () => {
    const customer = await createCustomer(shop.context);
    const notStarted = await api().post("/api/users/2fa/enable").set(customer.headers).send({ code: "123456" });
    expect(notStarted.status).toBe(409);
    expect(notStarted.body.message).toBe(TWO_FACTOR_MESSAGES.notStarted);
    const setup = await api().post("/api/users/2fa/setup").set(customer.headers).send({ password: customer.password }).expect(200);
    const key = otpauthKey(setup.body.otpauthUri);
    const backup = await api().post("/api/users/2fa/enable").set(customer.headers).send({ code: setup.body.backupCodes[0] });
    expect(backup.status).toBe(400);
    expect(backup.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.authenticatorCodeInvalid });
    const wrongCode = String((Number(totp(key)) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await api().post("/api/users/2fa/enable").set(customer.headers).send({ code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeWrong });
    const [before] = await shop.context.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, customer.id));
    expect(before!.on).toBe(false);

    const enabled = await api().post("/api/users/2fa/enable").set(customer.headers).send({ code: totp(key) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toBe(TWO_FACTOR_MESSAGES.enabled);
    // The session is replaced: the new token works, the old one no longer does.
    await api().get("/api/users/profile").set({ Authorization: `Bearer ${enabled.body.token}` }).expect(200);
    await api().get("/api/users/profile").set(customer.headers).expect(401);
    const again = await api().post("/api/users/2fa/setup").set({ Authorization: `Bearer ${enabled.body.token}` }).send({ password: customer.password });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TWO_FACTOR_MESSAGES.alreadyEnabled);
  });
});

describe("signing in with two-factor on", () => {
  let customer: TwoFactorUser;
  beforeAll(async () => {
    customer = await withTwoFactor(await createCustomer(shop.context));
  });

  it("the password answers a challenge and no session, neither token nor cookie", async () => {
    const res = await api().post("/api/users/login").send({ email: customer.email, password: customer.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(res.headers["set-cookie"] ?? []).toEqual([]);
    expect(res.headers["set-auth-token"]).toBeUndefined();
    // A wrong password is the usual answer (the challenge says nothing about the password otherwise).
    const wrong = await api().post("/api/users/login").send({ email: customer.email, password: "wrong-password" });
    expect(wrong.status).toBe(401);
  });

  it("a right authenticator code answers the account and a session (token and cookie); the challenge then is spent", async () => {
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const challenge = await challengeFor(customer);
    const code = freshCode(customer.key, customer.used);
    customer.used.push(code);
    const res = await api().post("/api/users/login/2fa").send({ challenge, code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toEqual({ _id: customer.id, name: customer.name, email: customer.email, role: "customer", phone: null, phoneVerified: false });
    expect((res.headers["set-cookie"] as unknown as string[]).some((line) => /session_token=[^;]+/.test(line))).toBe(true);
    await api().get("/api/users/profile").set({ Authorization: `Bearer ${res.body.token}` }).expect(200);

    const again = await api().post("/api/users/login/2fa").send({ challenge, code: freshCode(customer.key, customer.used) });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it("an authenticator code is taken once: the same code on a new challenge is refused", async () => {
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const code = freshCode(customer.key, customer.used);
    customer.used.push(code);
    await api().post("/api/users/login/2fa").send({ challenge: await challengeFor(customer), code }).expect(200);
    const replay = await api().post("/api/users/login/2fa").send({ challenge: await challengeFor(customer), code });
    expect(replay.status).toBe(401);
    expect(replay.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeWrong });
  });

  it("two sign-ins racing with one code: only one gets a session", async () => {
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const code = freshCode(customer.key, customer.used);
    customer.used.push(code);
    const [first, second] = await Promise.all([challengeFor(customer), challengeFor(customer)]);
    const answers = await Promise.all([first, second].map((challenge) => api().post("/api/users/login/2fa").send({ challenge, code })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
  });

  it("a backup code works once, in any case and with or without its dash", async () => {
    const [code] = customer.backupCodes.splice(0, 1);
    const typed = code!.replace("-", " ").toUpperCase();
    const res = await api().post("/api/users/login/2fa").send({ challenge: await challengeFor(customer), code: typed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await api().post("/api/users/login/2fa").send({ challenge: await challengeFor(customer), code: code! });
    expect(again.status).toBe(401);
    expect(again.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeWrong });
    // The others still work.
    await api().post("/api/users/login/2fa").send({ challenge: await challengeFor(customer), code: customer.backupCodes.pop() }).expect(200);
  });

  it("a challenge of one account cannot be finished with another's codes", async () => {
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const other = await withTwoFactor(await createCustomer(shop.context));
    const challenge = await challengeFor(customer);
    const withOthersCode = await api().post("/api/users/login/2fa").send({ challenge, code: freshCode(other.key, other.used) });
    expect(withOthersCode.status).toBe(401);
    const withOthersBackup = await api().post("/api/users/login/2fa").send({ challenge, code: other.backupCodes[0] });
    expect(withOthersBackup.status).toBe(401);
    // Nor is the other account's challenge anything but its own.
    const code = freshCode(customer.key, customer.used);
    customer.used.push(code);
    const res = await api().post("/api/users/login/2fa").send({ challenge, code }).expect(200);
    expect(res.body.user._id).toBe(customer.id);
  });

  it("a made-up, altered or empty challenge is refused as an expired sign-in", async () => {
    const challenge = await challengeFor(customer);
    const code = "123456";
    for (const forged of [`${challenge.split(".")[0]}.${"A".repeat(43)}=`, "2fa-made-up.signature", `${challenge}x`, "x".repeat(500)]) {
      const res = await api().post("/api/users/login/2fa").send({ challenge: forged, code });
      expect(res.status, forged).toBe(401);
      expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    }
    const missing = await api().post("/api/users/login/2fa").send({ code });
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    const noCode = await api().post("/api/users/login/2fa").send({ challenge });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeRequired });
  });

  describe("a challenge lasts 5 minutes", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("refuses the right code after 5 minutes", async () => {
      expect(TWO_FACTOR_CHALLENGE_SECONDS).toBe(300);
      const challenge = await challengeFor(customer);
      const later = Date.now() + (TWO_FACTOR_CHALLENGE_SECONDS + 5) * 1000;
      vi.useFakeTimers({ toFake: ["Date"], now: later });
      const res = await api().post("/api/users/login/2fa").send({ challenge, code: totp(customer.key, { time: later / 1000 }) });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    });

    it("still takes it just before", async () => {
      const challenge = await challengeFor(customer);
      const later = Date.now() + (TWO_FACTOR_CHALLENGE_SECONDS - 20) * 1000;
      vi.useFakeTimers({ toFake: ["Date"], now: later });
      const code = totp(customer.key, { time: later / 1000 });
      customer.used.push(code);
      await api().post("/api/users/login/2fa").send({ challenge, code }).expect(200);
    });
  });

  it("a huge body is refused before it is read; long fields are refused, never a 500", async () => {
    const huge = await api().post("/api/users/login/2fa").set("Content-Type", "application/json").send(JSON.stringify({ challenge: "x".repeat(200_000), code: "123456" }));
    expect(huge.status).toBe(413);
    const longCode = await api().post("/api/users/login/2fa").send({ challenge: "x", code: "1".repeat(90_000) });
    expect(longCode.status).toBe(400);
    expect(longCode.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeInvalid });
    const longChallenge = await api().post("/api/users/login/2fa").send({ challenge: "x".repeat(90_000), code: "123456" });
    expect(longChallenge.status).toBe(401);
    const wrongTypes = await api().post("/api/users/login/2fa").send({ challenge: ["a"], code: { a: 1 } });
    expect(wrongTypes.status).toBe(401);
    for (const path of ["/api/users/2fa/setup", "/api/users/2fa/enable", "/api/users/2fa/disable"]) {
      const res = await api().post(path).set(customer.headers).send({ password: "p".repeat(40_000), code: "1".repeat(40_000) });
      expect(res.status, path).toBe(400);
    }
  });
});

describe("turning two-factor off", () => {
  it("needs the password and a code, both right; then the password alone signs in again", async () => {
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const code = () => {
      const next = freshCode(customer.key, customer.used);
      customer.used.push(next);
      return next;
    };
    const noCode = await api().post("/api/users/2fa/disable").set(customer.headers).send({ password: customer.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeRequired });
    const noPassword = await api().post("/api/users/2fa/disable").set(customer.headers).send({ code: "123456" });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual({ password: AUTH_MESSAGES.passwordRequired });
    const wrongPassword = await api().post("/api/users/2fa/disable").set(customer.headers).send({ password: "wrong-password", code: code() });
    customer.used.pop(); // refused at the password: the code was never checked
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ password: ACCOUNT_MESSAGES.passwordWrong });
    const wrongCode = await api().post("/api/users/2fa/disable").set(customer.headers).send({ password: customer.password, code: "000000" === totp(customer.key) ? "111111" : "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeWrong });
    await challengeFor(customer);

    const off = await api().post("/api/users/2fa/disable").set(customer.headers).send({ password: customer.password, code: customer.backupCodes[0] });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message).toBe(TWO_FACTOR_MESSAGES.disabled);
    const login = await api().post("/api/users/login").send({ email: customer.email, password: customer.password });
    expect(login.body.token).toEqual(expect.any(String));
    expect(await shop.context.db.select().from(twoFactors).where(eq(twoFactors.userId, customer.id))).toEqual([]);
    const twice = await api().post("/api/users/2fa/disable").set({ Authorization: `Bearer ${off.body.token}` }).send({ password: customer.password, code: customer.backupCodes[1] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(TWO_FACTOR_MESSAGES.notEnabled);
  });

  it("with an authenticator code as well", async () => {
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const off = await api().post("/api/users/2fa/disable").set(customer.headers).send({ password: customer.password, code: freshCode(customer.key, customer.used) });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  });
});

describe("wrong codes are limited (the shop's limits, RATE_LIMIT_SCALE=1)", () => {
  let limited: TestShop;
  beforeAll(async () => {
    limited = await createTestShop({ RATE_LIMIT_SCALE: "1" });
  });
  afterAll(() => limited?.close());

  it("5 wrong codes void a challenge; 10 for an account refuse even the right code (429 with Retry-After)", async () => {
    const base = await createCustomer(limited.context);
    const setup = await request(limited.app).post("/api/users/2fa/setup").set(base.headers).send({ password: base.password }).expect(200);
    const key = otpauthKey(setup.body.otpauthUri);
    const first = totp(key);
    await request(limited.app).post("/api/users/2fa/enable").set(base.headers).send({ code: first }).expect(200);
    const wrong = String((Number(totp(key)) + 123_457) % 1_000_000).padStart(6, "0");
    const challenge = async () => (await request(limited.app).post("/api/users/login").send({ email: base.email, password: base.password }).expect(200)).body.challenge as string;

    const spent = await challenge();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await request(limited.app).post("/api/users/login/2fa").send({ challenge: spent, code: wrong });
      expect(res.status, `attempt ${attempt}`).toBe(401);
      expect(res.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeWrong });
    }
    const voided = await request(limited.app).post("/api/users/login/2fa").send({ challenge: spent, code: freshCode(key, [first]) });
    expect(voided.status).toBe(401);
    expect(voided.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);

    const next = await challenge();
    for (let attempt = 7; attempt <= 10; attempt += 1) {
      expect((await request(limited.app).post("/api/users/login/2fa").send({ challenge: next, code: wrong })).status).toBe(401);
    }
    const refused = await request(limited.app).post("/api/users/login/2fa").send({ challenge: next, code: freshCode(key, [first]) });
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts/);
  });
});

describe("STAFF_TWO_FACTOR", () => {
  it("is required by default in production, optional elsewhere, and takes only those two words", () => {
    const base = { DATA_DIR: "/tmp/shop-config-2fa", BETTER_AUTH_SECRET: "a-long-enough-secret-for-the-tests-0123456789" };
    expect(loadConfig({ ...base, NODE_ENV: "production", PUBLIC_URL: "https://shop.example.in" }).staffTwoFactor).toBe("required");
    expect(loadConfig({ ...base, NODE_ENV: "production", PUBLIC_URL: "https://shop.example.in", STAFF_TWO_FACTOR: "optional" }).staffTwoFactor).toBe("optional");
    expect(loadConfig({ ...base, NODE_ENV: "development" }).staffTwoFactor).toBe("optional");
    expect(loadConfig({ ...base, NODE_ENV: "test", STAFF_TWO_FACTOR: "Required" }).staffTwoFactor).toBe("required");
    expect(() => loadConfig({ ...base, STAFF_TWO_FACTOR: "sometimes" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STAFF_TWO_FACTOR: "sometimes" })).toThrow(/STAFF_TWO_FACTOR: must be required or optional/);
  });

  it("optional (this shop): staff without two-factor work as before", async () => {
    const admin = await createAdmin(shop.context);
    await api().get("/api/admin/users").set(admin.headers).expect(200);
  });

  describe("required", () => {
    let strict: TestShop;
    beforeAll(async () => {
      strict = await createTestShop({ STAFF_TWO_FACTOR: "required" });
    });
    afterAll(() => strict?.close());

    const CALLS = [
      ["get", "/api/admin/users"],
      ["get", "/api/admin/orders"],
      ["get", "/api/admin/stats"],
      ["put", "/api/products/some-product"],
      ["post", "/api/upload"],
      ["get", "/api/admin/audit"],
    ] as const;

    it("an admin without two-factor signs in, but every staff call answers 403 until it is set up", async () => {
      const admin = await createAdmin(strict.context);
      const login = await request(strict.app).post("/api/users/login").send({ email: admin.email, password: admin.password });
      expect(login.status).toBe(200);
      const headers = { Authorization: `Bearer ${login.body.token}` };
      for (const [method, path] of CALLS) {
        const res = await request(strict.app)[method](path).set(headers).send({});
        expect(res.status, path).toBe(403);
        expect(res.body.message, path).toBe(TWO_FACTOR_MESSAGES.setupRequired);
      }
      // The profile and the set-up itself stay open.
      await request(strict.app).get("/api/users/profile").set(headers).expect(200);
      const setup = await request(strict.app).post("/api/users/2fa/setup").set(headers).send({ password: admin.password }).expect(200);
      const key = otpauthKey(setup.body.otpauthUri);
      const enabled = await request(strict.app).post("/api/users/2fa/enable").set(headers).send({ code: totp(key) }).expect(200);
      const after = { Authorization: `Bearer ${enabled.body.token}` };
      await request(strict.app).get("/api/admin/users").set(after).expect(200);

      // From now on the admin signs in with a code.
      const next = await request(strict.app).post("/api/users/login").send({ email: admin.email, password: admin.password }).expect(200);
      expect(next.body.twoFactorRequired).toBe(true);
    });

    it("nor does it read customers' orders or invoices through the customers' own calls until it is set up", async () => {
      const admin = await createAdmin(strict.context);
      const customer = await createCustomer(strict.context);
      const order = await insertOrder(strict.context, { userId: customer.id });
      for (const path of [`/api/orders/${order.id}`, `/api/orders/${order.id}/invoice.pdf`]) {
        const res = await request(strict.app).get(path).set(admin.headers);
        expect(res.status, path).toBe(404);
      }
      await request(strict.app).get(`/api/orders/${order.id}`).set(customer.headers).expect(200);
      const setup = await request(strict.app).post("/api/users/2fa/setup").set(admin.headers).send({ password: admin.password }).expect(200);
      const enabled = await request(strict.app).post("/api/users/2fa/enable").set(admin.headers).send({ code: totp(otpauthKey(setup.body.otpauthUri)) }).expect(200);
      await request(strict.app).get(`/api/orders/${order.id}`).set({ Authorization: `Bearer ${enabled.body.token}` }).expect(200);
    });

    it("a pharmacist too; customers are not concerned (their refusals stay as they were)", async () => {
      const pharmacist = await createPharmacist(strict.context);
      const queue = await request(strict.app).get("/api/admin/prescriptions").set(pharmacist.headers);
      expect(queue.status).toBe(403);
      expect(queue.body.message).toBe(TWO_FACTOR_MESSAGES.setupRequired);
      const customer = await createCustomer(strict.context);
      const refused = await request(strict.app).get("/api/admin/users").set(customer.headers);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ADMIN_MESSAGES.adminsOnly);
      await request(strict.app).get("/api/users/profile").set(customer.headers).expect(200);
      await request(strict.app).get("/api/admin/users").expect(401);
    });
  });
});

describe("an admin resets another account's two-factor (lost phone and backup codes)", () => {
  it("turns it off, signs the account out everywhere and records who did it; never one's own, admins only", async () => {
    const admin = await createAdmin(shop.context);
    const pharmacist = await createPharmacist(shop.context);
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const url = `/api/admin/users/${customer.id}/two-factor/reset`;

    await api().post(url).expect(401);
    const byCustomer = await api().post(url).set(customer.headers);
    expect(byCustomer.status).toBe(403);
    expect(byCustomer.body.message).toBe(ADMIN_MESSAGES.adminsOnly);
    await api().post(url).set(pharmacist.headers).expect(403);
    const own = await api().post(`/api/admin/users/${admin.id}/two-factor/reset`).set(admin.headers);
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(TWO_FACTOR_MESSAGES.resetOwn);
    await api().post("/api/admin/users/no-such-user/two-factor/reset").set(admin.headers).expect(404);
    const without = await api().post(`/api/admin/users/${pharmacist.id}/two-factor/reset`).set(admin.headers);
    expect(without.status).toBe(409);
    expect(without.body.message).toBe(TWO_FACTOR_MESSAGES.notEnabled);

    const res = await api().post(url).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.resetByAdmin);
    await api().get("/api/users/profile").set(customer.headers).expect(401);
    const login = await api().post("/api/users/login").send({ email: customer.email, password: customer.password });
    expect(login.body.token).toEqual(expect.any(String));
    expect(await shop.context.db.select().from(twoFactors).where(eq(twoFactors.userId, customer.id))).toEqual([]);

    const [entry] = await shop.context.db.select().from(auditLog).where(and(eq(auditLog.entityId, customer.id), eq(auditLog.action, "user.two-factor-reset")));
    expect(entry).toMatchObject({ actorId: admin.id, actorName: admin.name, entity: "user", before: expect.objectContaining({ twoFactorEnabled: true }), after: expect.objectContaining({ twoFactorEnabled: false }) });
  });

  it("the users page says whose two-factor is on and offers the reset (its Reset button posts intent two-factor-reset)", async () => {
    const admin = await createAdmin(shop.context);
    const customer = await withTwoFactor(await createCustomer(shop.context));
    const ctx = pageContext(shop.context, admin);
    const listed = async () => {
      const result = (await usersLoader({ request: new Request(`http://localhost/admin/users?search=${encodeURIComponent(customer.email)}`), context: ctx, params: {} } as never)) as {
        users: { _id: string; twoFactorEnabled: boolean }[];
      };
      return result.users.find((user) => user._id === customer.id);
    };
    expect(await listed()).toMatchObject({ twoFactorEnabled: true });

    const post = (fields: Record<string, string>) =>
      usersAction({ request: new Request("http://localhost/admin/users", { method: "POST", body: new URLSearchParams(fields) }), context: ctx, params: {} } as never);
    const reset = (await post({ intent: "two-factor-reset", id: customer.id })) as { data: { ok: boolean; message: string } };
    expect(reset.data).toMatchObject({ ok: true, message: TWO_FACTOR_MESSAGES.resetByAdmin });
    expect(await listed()).toMatchObject({ twoFactorEnabled: false });
    const again = (await post({ intent: "two-factor-reset", id: customer.id })) as { data: { ok: boolean; message: string } };
    expect(again.data).toMatchObject({ ok: false, message: TWO_FACTOR_MESSAGES.notEnabled });
    const own = (await post({ intent: "two-factor-reset", id: admin.id })) as { data: { ok: boolean; message: string } };
    expect(own.data).toMatchObject({ ok: false, message: TWO_FACTOR_MESSAGES.resetOwn });
  });
});

describe("the pages (STAFF_TWO_FACTOR=required): admin pages send staff to the profile's set-up; the login page asks for the code", () => {
  let strict: TestShop;
  beforeAll(async () => {
    strict = await createTestShop({ STAFF_TWO_FACTOR: "required" });
  });
  afterAll(() => strict?.close());

  /** A loader or action's thrown redirect: where to, and its Set-Cookie lines. */
  async function redirected(run: () => Promise<unknown>): Promise<{ location: string | null; cookies: string[] }> {
    try {
      await run();
    } catch (thrown) {
      if (thrown instanceof Response) return { location: thrown.headers.get("Location"), cookies: thrown.headers.getSetCookie() };
      throw thrown;
    }
    throw new Error("no redirect");
  }

  it("every admin page (dashboard, prescriptions) redirects a staff session without two-factor to /profile#two-factor, with the message", async () => {
    const admin = await createAdmin(strict.context);
    const pharmacist = await createPharmacist(strict.context);
    const staffContext = (user: TestUser) => ({ ...pageContext(strict.context, user), user: { id: user.id, name: user.name, email: user.email, role: user.role, twoFactorSetupRequired: true } });
    for (const [user, loader] of [
      [admin, dashboardLoader],
      [pharmacist, prescriptionsLoader],
      [admin, layoutLoader],
    ] as const) {
      const answer = await redirected(async () => (loader as (args: never) => unknown)({ request: new Request("http://localhost/admin"), context: staffContext(user), params: {} } as never));
      expect(answer.location).toBe("/profile#two-factor");
      expect(readFlash(answer.cookies.join("; ").split(";")[0]!)?.message).toBe(TWO_FACTOR_MESSAGES.setupRequired);
    }
  });

  it("the login page: staff without two-factor go to the set-up; with it, the code step, then signed in", async () => {
    const admin = await createAdmin(strict.context);
    const login = (form: Record<string, string>) =>
      loginAction({ request: new Request("http://localhost/login?redirect=/admin", { method: "POST", body: new URLSearchParams(form) }), context: pageContext(strict.context, null), params: {} } as never);
    const first = await redirected(() => login({ email: admin.email, password: admin.password }));
    expect(first.location).toBe("/profile#two-factor");

    const setup = await request(strict.app).post("/api/users/2fa/setup").set(admin.headers).send({ password: admin.password }).expect(200);
    const key = otpauthKey(setup.body.otpauthUri);
    const used = totp(key);
    await request(strict.app).post("/api/users/2fa/enable").set(admin.headers).send({ code: used }).expect(200);

    const step = (await login({ email: admin.email, password: admin.password })) as { data: { step: string; challenge: string } };
    expect(step.data.step).toBe("code");
    const wrong = (await login({ intent: "code", challenge: step.data.challenge, email: admin.email, code: "12345x" })) as { data: { step: string; errors: Record<string, string> } };
    expect(wrong.data).toMatchObject({ step: "code", errors: { code: TWO_FACTOR_MESSAGES.codeInvalid } });
    const done = await redirected(() => login({ intent: "code", challenge: step.data.challenge, email: admin.email, code: freshCode(key, [used]) }));
    expect(done.location).toBe("/admin");
    expect(done.cookies.some((line) => /session_token=[^;]+/.test(line))).toBe(true);
  });
});
