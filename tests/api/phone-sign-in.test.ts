// Phone sign-in with one-time codes (issue 29, api-contract.md "Phone sign-in (one-time codes)",
// decisions/050). Codes are read from a fake MSG91 (tests/support/fake-msg91.ts) the shop is
// pointed at through MSG91_API_BASE, or from the outbox files without it.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/account.ts";
import { PHONE_MESSAGES } from "#common/phone-sign-in.ts";
import { NO_EMAIL_DOMAIN } from "#server/db/no-email.ts";
import { outboundEmails, phoneCodes, session as sessions, user as users } from "#server/db/schema.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { startFakeMessaging, type FakeMessaging } from "../support/fake-msg91.ts";
import { freshCode, otpauthKey } from "../support/totp.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";

const AUTH_KEY = "test-msg91-key-0123456789";
const TEMPLATE_ID = "65f0c0ffee0123456789abcd";

let fake: FakeMessaging;
let shop: TestShop;

beforeAll(async () => {
  fake = await startFakeMessaging();
  shop = await createTestShop({ MSG91_API_BASE: fake.url, MSG91_AUTH_KEY: AUTH_KEY, MSG91_OTP_TEMPLATE_ID: TEMPLATE_ID });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

/** A fresh number for each test: 9 then nine random digits. */
let serial = 0;
function newNumber(): string {
  serial += 1;
  return `9${String(Date.now() % 1_000_000).padStart(6, "0")}${String(serial).padStart(3, "0")}`;
}

function askCode(phone: string, app = shop.app) {
  return request(app).post("/api/users/otp").send({ phone });
}

/** Asks for a code and returns it as the fake MSG91 received it. */
async function codeFor(phone: string): Promise<string> {
  const res = await askCode(phone);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const code = fake.lastCode(`91${phone}`);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Lets the next code for the number be asked for at once (the resend countdown has passed). */
async function passResendWait(phone: string) {
  await shop.context.db.update(phoneCodes).set({ sentAt: sql`${phoneCodes.sentAt} - interval '1 minute'` }).where(eq(phoneCodes.phone, phone));
}

const verify = (body: object, app = shop.app) => request(app).post("/api/users/otp/verify").send(body);

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

async function giveVerifiedPhone(user: TestUser, phone: string) {
  await shop.context.db.update(users).set({ phone, phoneVerified: true }).where(eq(users.id, user.id));
}

describe("POST /api/users/otp: a code by SMS through MSG91's Flow API", () => {
  it("sends the code to MSG91 as the contract says and answers { message, resendAfter }", async () => {
    const phone = newNumber();
    const before = fake.requests.length;
    const res = await request(shop.app).post("/api/users/otp").send({ phone: `+91 ${phone.slice(0, 5)}-${phone.slice(5)}` }).expect(200);
    expect(res.body).toEqual({ message: PHONE_MESSAGES.codeSent, resendAfter: 30 });
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: "/api/v5/flow", headers: { authkey: AUTH_KEY, "content-type": "application/json" } });
    expect(sent[0]!.body).toEqual({ template_id: TEMPLATE_ID, short_url: "0", recipients: [{ mobiles: `91${phone}`, otp: expect.stringMatching(/^\d{6}$/) }] });
  });

  it("takes 0 and spaces in front, and refuses what is not an Indian mobile number (400, nothing sent)", async () => {
    const phone = newNumber();
    await request(shop.app).post("/api/users/otp").send({ phone: `0${phone.slice(0, 5)} ${phone.slice(5)}` }).expect(200);
    const before = fake.requests.length;
    for (const bad of ["12345", "5845012345", "+1 415 555 0100", "", 9845012345, null, "9".repeat(200)]) {
      const res = await request(shop.app).post("/api/users/otp").send({ phone: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toMatch(/^(Please enter a 10-digit phone number|Enter a mobile number starting with 6, 7, 8 or 9|Mobile number is required)$/);
    }
    expect(fake.requests.length).toBe(before);
  });

  it("keeps only an HMAC of the code: the code itself is nowhere in the database", async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    const [row] = await shop.context.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it("answers a registered and an unknown number identically (no enumeration)", async () => {
    const customer = await createCustomer(shop.context);
    const known = newNumber();
    await giveVerifiedPhone(customer, known);
    const unknown = newNumber();
    const [a, b] = [await askCode(known), await askCode(unknown)];
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
  });

  it("a second code within the countdown is refused (429 Retry-After); after it, the new code voids the old", async () => {
    const phone = newNumber();
    const first = await codeFor(phone);
    const early = await askCode(phone).expect(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds? before asking for a new code\.$/);
    expect(Number(early.headers["retry-after"])).toBeGreaterThan(0);
    await passResendWait(phone);
    const second = await codeFor(phone);
    if (second !== first) {
      const old = await verify({ phone, code: first }).expect(400);
      expect(old.body.message).toBe("The code is wrong or has expired");
    }
    await verify({ phone, code: second }).expect(200);
  });

  it("channel whatsapp without WhatsApp settings is a clear 400 on the channel, nothing sent", async () => {
    const before = fake.requests.length;
    const res = await request(shop.app).post("/api/users/otp").send({ phone: newNumber(), channel: "whatsapp" }).expect(400);
    expect(res.body.errors).toEqual({ channel: PHONE_MESSAGES.whatsappUnavailable });
    await request(shop.app).post("/api/users/otp").send({ phone: newNumber(), channel: "pigeon" }).expect(400);
    expect(fake.requests.length).toBe(before);
  });
});

describe("POST /api/users/otp/verify: signing up and in with a code", () => {
  it("a new number: { newAccount: true } and the code stays good; with a name it makes a customer with no email (201)", async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    const first = await verify({ phone, code }).expect(200);
    expect(first.body).toEqual({ newAccount: true });
    expect(first.headers["set-cookie"]).toBeUndefined();

    const created = await verify({ phone, code, name: "Meena Iyer" }).expect(201);
    expect(created.body.user).toEqual({ _id: expect.any(String), name: "Meena Iyer", email: null, role: "customer", phone, phoneVerified: true });
    expect(created.body.token).toEqual(expect.any(String));
    const cookies = created.headers["set-cookie"] as unknown as string[];
    expect(cookies.some((line) => /^better-auth\.session_token=.+; .*HttpOnly/i.test(line))).toBe(true);

    const profile = await request(shop.app).get("/api/users/profile").set("Authorization", `Bearer ${created.body.token}`).expect(200);
    expect(profile.body).toMatchObject({ name: "Meena Iyer", email: null, phone, phoneVerified: true, emailVerified: false, role: "customer" });
    // The placeholder address is bookkeeping only: never shown, never emailed.
    const [row] = await shop.context.db.select({ email: users.email }).from(users).where(eq(users.id, created.body.user._id));
    expect(row!.email.endsWith(`@${NO_EMAIL_DOMAIN}`)).toBe(true);
    expect(await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, row!.email))).toEqual([]);
    expect(await queueEmail(shop.context.db, { to: row!.email, subject: "Your order", text: "…" })).toBeNull();
    expect(await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, row!.email))).toEqual([]);

    // The code is used up: replaying it makes nothing and signs nobody in.
    const replay = await verify({ phone, code, name: "Meena Again" }).expect(400);
    expect(replay.body).toMatchObject({ message: "The code is wrong or has expired", errors: { code: "The code is wrong or has expired" } });
    await verify({ phone, code }).expect(400);
  });

  it("an account made by phone adds its first email from the profile without a password (it has none)", async () => {
    const phone = newNumber();
    const created = await verify({ phone, code: await codeFor(phone), name: "No Email Yet" }).expect(201);
    const bearer = { Authorization: `Bearer ${created.body.token}` };
    const email = `later-${phone}@example.com`;
    await request(shop.app).put("/api/users/email").set(bearer).send({ email }).expect(200);
    const queued = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, email));
    expect(queued).toHaveLength(1);
    // An account with an email still needs its password to change it.
    const customer = await createCustomer(shop.context);
    await request(shop.app).put("/api/users/email").set(customer.headers).send({ email: `new-${phone}@example.com` }).expect(400);
  });

  it("with an email the account is made with it, unverified, and a verification email is queued", async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    const email = `phone-${phone}@example.com`;
    const created = await verify({ phone, code, name: "Ravi Kumar", email: ` ${email.toUpperCase()} ` }).expect(201);
    expect(created.body.user).toMatchObject({ email, phoneVerified: true });
    const profile = await request(shop.app).get("/api/users/profile").set("Authorization", `Bearer ${created.body.token}`).expect(200);
    expect(profile.body).toMatchObject({ email, emailVerified: false });
    const queued = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, email));
    expect(queued.map((row) => row.subject)).toEqual(["Verify your email"]);
  });

  it("an email that has an account already: 409, and the code is not used up", async () => {
    const customer = await createCustomer(shop.context);
    const phone = newNumber();
    const code = await codeFor(phone);
    const res = await verify({ phone, code, name: "Someone", email: customer.email }).expect(409);
    expect(res.body.errors).toEqual({ email: "User already exists" });
    await verify({ phone, code, name: "Someone" }).expect(201);
  });

  it("a bad name or email is a 400 with the field, before the code is tried", async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    const res = await verify({ phone, code, name: "", email: "not-an-email" }).expect(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["email", "name"]);
    const [row] = await shop.context.db.select({ attempts: phoneCodes.attempts }).from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row!.attempts).toBe(0);
  });

  it("the verified number of a customer signs that customer in with the same session as the email login", async () => {
    const customer = await createCustomer(shop.context);
    const phone = newNumber();
    await giveVerifiedPhone(customer, phone);
    const code = await codeFor(phone);
    const res = await verify({ phone: `+91${phone}`, code }).expect(200);
    expect(res.body.user).toEqual({ _id: customer.id, name: customer.name, email: customer.email, role: "customer", phone, phoneVerified: true });
    const login = await request(shop.app).post("/api/users/login").send({ email: customer.email, password: customer.password }).expect(200);
    const cookieNames = (lines: string[]) => lines.map((line) => line.split("=")[0]).sort();
    expect(cookieNames(res.headers["set-cookie"] as unknown as string[])).toEqual(cookieNames(login.headers["set-cookie"] as unknown as string[]));
    await request(shop.app).get("/api/users/profile").set("Authorization", `Bearer ${res.body.token}`).expect(200);
  });

  it("an unverified number typed in a profile signs nobody in: the code holder is offered a new account", async () => {
    const customer = await createCustomer(shop.context);
    const phone = newNumber();
    await request(shop.app).put("/api/users/profile").set(customer.headers).send({ phone }).expect(200);
    const code = await codeFor(phone);
    expect((await verify({ phone, code }).expect(200)).body).toEqual({ newAccount: true });
  });

  it("staff numbers never sign in by code: 403 after a right code, no session", async () => {
    for (const staff of [await createAdmin(shop.context), await createPharmacist(shop.context)]) {
      const phone = newNumber();
      await giveVerifiedPhone(staff, phone);
      const sessionsBefore = await shop.context.db.select().from(sessions).where(eq(sessions.userId, staff.id));
      const code = await codeFor(phone);
      // A wrong code says nothing about whose number it is.
      await verify({ phone, code: wrongCode(code) }).expect(400);
      const res = await verify({ phone, code }).expect(403);
      expect(res.body).toMatchObject({ message: PHONE_MESSAGES.staffRefused });
      expect(res.body.token).toBeUndefined();
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(await shop.context.db.select().from(sessions).where(eq(sessions.userId, staff.id))).toHaveLength(sessionsBefore.length);
    }
  });

  it("a customer with two-factor on never signs in by a code alone: 403 after a right code, no session", async () => {
    const customer = await createCustomer(shop.context);
    const setup = await request(shop.app).post("/api/users/2fa/setup").set(customer.headers).send({ password: customer.password }).expect(200);
    const key = otpauthKey(setup.body.otpauthUri);
    await request(shop.app).post("/api/users/2fa/enable").set(customer.headers).send({ code: freshCode(key) }).expect(200);
    const phone = newNumber();
    await giveVerifiedPhone(customer, phone);
    const sessionsBefore = await shop.context.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    const res = await verify({ phone, code: await codeFor(phone) }).expect(403);
    expect(res.body).toMatchObject({ message: PHONE_MESSAGES.twoFactorRefused });
    expect(res.body.token).toBeUndefined();
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await shop.context.db.select().from(sessions).where(eq(sessions.userId, customer.id))).toHaveLength(sessionsBefore.length);
  });

  it("guessing: five wrong tries void the code, the sixth is refused even with the right code", async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    for (let i = 0; i < 5; i++) {
      const res = await verify({ phone, code: String(i).repeat(6) === code ? wrongCode(code) : String(i).repeat(6) }).expect(400);
      expect(res.body.message).toBe("The code is wrong or has expired");
    }
    await verify({ phone, code }).expect(400);
  });

  it("racing verifies (right and wrong together) never get more than five tries, and one right code signs in once", async () => {
    const customer = await createCustomer(shop.context);
    const phone = newNumber();
    await giveVerifiedPhone(customer, phone);
    const code = await codeFor(phone);
    const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all([...wrong.slice(0, 6), code, ...wrong.slice(6), code].map((tried) => verify({ phone, code: tried })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 400)).toBe(true);
    const [row] = await shop.context.db.select({ attempts: phoneCodes.attempts }).from(phoneCodes).where(eq(phoneCodes.phone, phone));
    // Either the code was used (row gone) or its tries are spent at exactly five.
    if (row) expect(row.attempts).toBe(5);
    await verify({ phone, code }).expect(400);
  });

  it("two right verifies at once: exactly one signs in", async () => {
    const customer = await createCustomer(shop.context);
    const phone = newNumber();
    await giveVerifiedPhone(customer, phone);
    const code = await codeFor(phone);
    const answers = await Promise.all([verify({ phone, code }), verify({ phone, code }), verify({ phone, code })]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400, 400]);
  });

  it("two sign-ups with one code at once make one account", async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    const answers = await Promise.all([verify({ phone, code, name: "One" }), verify({ phone, code, name: "Two" })]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 400]);
    expect(await shop.context.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it("an expired code is refused", async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    await shop.context.db.update(phoneCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(phoneCodes.phone, phone));
    const res = await verify({ phone, code }).expect(400);
    expect(res.body.message).toBe("The code is wrong or has expired");
  });

  it("a malformed code or a huge body is refused without touching the code", async () => {
    const phone = newNumber();
    await codeFor(phone);
    for (const code of ["12345", "1234567", "abcdef", 123456, null]) {
      const res = await verify({ phone, code });
      expect(res.status, String(code)).toBe(400);
    }
    const huge = await request(shop.app)
      .post("/api/users/otp/verify")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ phone, code: "123456", name: "x".repeat(200_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("Request body is too large");
    const [row] = await shop.context.db.select({ attempts: phoneCodes.attempts }).from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row!.attempts).toBe(0);
  });
});

describe("POST /api/users/phone and /phone/verify: the signed-in account's verified number", () => {
  it("a code for the signed-in account sets its verified number (200 profile); a profile edit of the number unverifies it", async () => {
    const customer = await createCustomer(shop.context);
    const phone = newNumber();
    await request(shop.app).post("/api/users/phone").set(customer.headers).send({ phone }).expect(200);
    const code = fake.lastCode(`91${phone}`)!;
    const res = await request(shop.app).post("/api/users/phone/verify").set(customer.headers).send({ phone, code }).expect(200);
    expect(res.body).toMatchObject({ _id: customer.id, email: customer.email, phone, phoneVerified: true });

    // Now the number signs the account in.
    await passResendWait(phone);
    const signIn = await verify({ phone, code: await codeFor(phone) }).expect(200);
    expect(signIn.body.user._id).toBe(customer.id);

    // Saving the same number keeps the mark; another number is only a contact number.
    expect((await request(shop.app).put("/api/users/profile").set(customer.headers).send({ phone }).expect(200)).body.phoneVerified).toBe(true);
    expect((await request(shop.app).put("/api/users/profile").set(customer.headers).send({ phone: newNumber() }).expect(200)).body.phoneVerified).toBe(false);
  });

  it("a number verified on another account: 409 after a right code, and nothing changes", async () => {
    const [a, b] = [await createCustomer(shop.context), await createCustomer(shop.context)];
    const phone = newNumber();
    await giveVerifiedPhone(a, phone);
    await request(shop.app).post("/api/users/phone").set(b.headers).send({ phone }).expect(200);
    const code = fake.lastCode(`91${phone}`)!;
    const res = await request(shop.app).post("/api/users/phone/verify").set(b.headers).send({ phone, code }).expect(409);
    expect(res.body).toMatchObject({ message: PHONE_MESSAGES.phoneTaken, errors: { phone: PHONE_MESSAGES.phoneTaken } });
    const [row] = await shop.context.db.select({ phone: users.phone, verified: users.phoneVerified }).from(users).where(eq(users.id, b.id));
    expect(row).toEqual({ phone: null, verified: false });
  });

  it("a code is good only where it was asked for: a sign-in code does not set an account's number, another account's code neither", async () => {
    const [a, b] = [await createCustomer(shop.context), await createCustomer(shop.context)];
    const phone = newNumber();
    const signInCode = await codeFor(phone);
    await request(shop.app).post("/api/users/phone/verify").set(a.headers).send({ phone, code: signInCode }).expect(400);
    await passResendWait(phone);
    await request(shop.app).post("/api/users/phone").set(a.headers).send({ phone }).expect(200);
    const forA = fake.lastCode(`91${phone}`)!;
    await request(shop.app).post("/api/users/phone/verify").set(b.headers).send({ phone, code: forA }).expect(400);
    await verify({ phone, code: forA }).expect(400);
  });

  it("signed out: 401 before anything is read or sent", async () => {
    const before = fake.requests.length;
    await request(shop.app).post("/api/users/phone").send({ phone: newNumber() }).expect(401);
    await request(shop.app).post("/api/users/phone/verify").send({ phone: newNumber(), code: "123456" }).expect(401);
    expect(fake.requests.length).toBe(before);
  });
});

describe("deleting an account without a password (decisions/053): a code to its verified number", () => {
  /** An account made by phone (no password, no email): its number and bearer headers. */
  async function phoneAccount() {
    const phone = newNumber();
    const created = await verify({ phone, code: await codeFor(phone), name: "Asha Phone" }).expect(201);
    await passResendWait(phone);
    return { phone, id: created.body.user._id as string, headers: { Authorization: `Bearer ${created.body.token}` } };
  }
  const askDeletionCode = (headers: Record<string, string>) => request(shop.app).post("/api/users/me/deletion-code").set(headers).send({});
  const deleteMe = (headers: Record<string, string>, body: object) => request(shop.app).delete("/api/users/me").set(headers).send(body);
  const accountRow = async (id: string) => (await shop.context.db.select({ id: users.id }).from(users).where(eq(users.id, id)))[0];

  it("asks a code for the verified number and deletes the account with it: erased, signed out", async () => {
    const account = await phoneAccount();
    const asked = await askDeletionCode(account.headers).expect(200);
    expect(asked.body).toEqual({ message: PHONE_MESSAGES.codeSent, resendAfter: 30 });
    const code = fake.lastCode(`91${account.phone}`)!;
    const res = await deleteMe(account.headers, { code }).expect(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    expect(await accountRow(account.id)).toBeUndefined();
    expect(await shop.context.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expect(await shop.context.db.select().from(phoneCodes).where(eq(phoneCodes.phone, account.phone))).toEqual([]);
    await request(shop.app).get("/api/users/profile").set(account.headers).expect(401);
    // The number is free: a new code for it offers a new account.
    await passResendWait(account.phone);
    expect((await verify({ phone: account.phone, code: await codeFor(account.phone) }).expect(200)).body).toEqual({ newAccount: true });
  });

  it("a wrong code, or a password, is refused and nothing is erased; the right code still works after", async () => {
    const account = await phoneAccount();
    await askDeletionCode(account.headers).expect(200);
    const code = fake.lastCode(`91${account.phone}`)!;
    const wrong = await deleteMe(account.headers, { code: wrongCode(code) }).expect(400);
    expect(wrong.body).toMatchObject({ message: PHONE_MESSAGES.codeWrong, errors: { code: PHONE_MESSAGES.codeWrong } });
    const withPassword = await deleteMe(account.headers, { password: "Secret#2024pass" }).expect(400);
    expect(withPassword.body).toMatchObject({ message: ACCOUNT_MESSAGES.deleteCodeExpected, errors: { code: ACCOUNT_MESSAGES.deleteCodeExpected } });
    const empty = await deleteMe(account.headers, {}).expect(400);
    expect(empty.body.errors).toMatchObject({ code: PHONE_MESSAGES.codeRequired });
    expect(await accountRow(account.id)).toEqual({ id: account.id });
    await request(shop.app).get("/api/users/profile").set(account.headers).expect(200);
    await deleteMe(account.headers, { code }).expect(200);
    expect(await accountRow(account.id)).toBeUndefined();
  });

  it("a sign-in code or a number's code for the same number does not delete; the deletion's code does not sign in", async () => {
    const account = await phoneAccount();
    const signInCode = await codeFor(account.phone);
    await deleteMe(account.headers, { code: signInCode }).expect(400);
    await passResendWait(account.phone);
    await request(shop.app).post("/api/users/phone").set(account.headers).send({ phone: account.phone }).expect(200);
    const numberCode = fake.lastCode(`91${account.phone}`)!;
    await deleteMe(account.headers, { code: numberCode }).expect(400);
    await passResendWait(account.phone);
    await askDeletionCode(account.headers).expect(200);
    const deletionCode = fake.lastCode(`91${account.phone}`)!;
    await verify({ phone: account.phone, code: deletionCode }).expect(400);
    await request(shop.app).post("/api/users/phone/verify").set(account.headers).send({ phone: account.phone, code: deletionCode }).expect(400);
    expect(await accountRow(account.id)).toEqual({ id: account.id });
    // Another account's session cannot use it either.
    const other = await createCustomer(shop.context);
    await deleteMe(other.headers, { password: other.password, code: deletionCode }).expect(200);
    expect(await accountRow(account.id)).toEqual({ id: account.id });
    await deleteMe(account.headers, { code: deletionCode }).expect(200);
  });

  it("an account whose number is no longer verified is told to verify it first", async () => {
    const account = await phoneAccount();
    await request(shop.app).put("/api/users/profile").set(account.headers).send({ phone: newNumber() }).expect(200);
    const res = await askDeletionCode(account.headers).expect(400);
    expect(res.body).toMatchObject({ message: ACCOUNT_MESSAGES.deleteNeedsVerifiedPhone });
  });

  it("an account with a password is unchanged: a code is a clear 400, the password deletes it", async () => {
    const customer = await createCustomer(shop.context);
    await giveVerifiedPhone(customer, newNumber());
    const asked = await askDeletionCode(customer.headers).expect(400);
    expect(asked.body).toMatchObject({ message: ACCOUNT_MESSAGES.deletePasswordExpected });
    const withCode = await deleteMe(customer.headers, { code: "123456" }).expect(400);
    expect(withCode.body).toMatchObject({ message: ACCOUNT_MESSAGES.deletePasswordExpected, errors: { password: ACCOUNT_MESSAGES.deletePasswordExpected } });
    const wrong = await deleteMe(customer.headers, { password: "not-the-password-1" }).expect(400);
    expect(wrong.body).toMatchObject({ errors: { password: ACCOUNT_MESSAGES.passwordWrong } });
    await deleteMe(customer.headers, { password: customer.password }).expect(200);
    expect(await accountRow(customer.id)).toBeUndefined();
  });

  it("signed out: 401", async () => {
    await request(shop.app).post("/api/users/me/deletion-code").send({}).expect(401);
  });
});

describe("a provider that fails", () => {
  it.each(["refuse", "fail", "drop"] as const)("MSG91 %s: 502 with the shop's sentence (no provider text), no live code left", async (mode) => {
    const phone = newNumber();
    fake.mode = mode;
    try {
      const res = await askCode(phone);
      expect(res.status).toBe(502);
      // A 5xx carries the request id for whoever reports it, and nothing else.
      expect(res.body).toEqual({ message: PHONE_MESSAGES.notSent, requestId: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/DLT|xyz|MSG91|fetch|ECONN/i);
    } finally {
      fake.mode = "ok";
    }
    expect(await shop.context.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone))).toEqual([]);
    // The shopper can ask again at once.
    await codeFor(phone);
  });
});

describe("limits per number and per client (429)", () => {
  let strict: TestShop;
  beforeAll(async () => {
    // 0.05 of the limits: one code per number an hour, five per client address.
    strict = await createTestShop({ MSG91_API_BASE: fake.url, MSG91_AUTH_KEY: AUTH_KEY, MSG91_OTP_TEMPLATE_ID: TEMPLATE_ID, RATE_LIMIT_SCALE: "0.05" });
  });
  afterAll(() => strict?.close());

  it("a second code for one number within the hour is refused, also after the countdown", async () => {
    const phone = newNumber();
    await askCode(phone, strict.app).expect(200);
    await strict.context.db.update(phoneCodes).set({ sentAt: sql`${phoneCodes.sentAt} - interval '1 minute'` }).where(eq(phoneCodes.phone, phone));
    const res = await askCode(phone, strict.app).expect(429);
    expect(res.body.message).toMatch(/^Too many requests/);
    expect(res.headers["retry-after"]).toBeDefined();
  });

  it("one client asking for many numbers is refused past its limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await askCode(newNumber(), strict.app)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("offline default: codes written to DATA_DIR/outbox/", () => {
  let offline: TestShop;
  beforeAll(async () => {
    offline = await createTestShop();
  });
  afterAll(() => offline?.close());

  it("writes the code as a file beside the emails and it signs up", async () => {
    const phone = newNumber();
    await askCode(phone, offline.app).expect(200);
    const directory = path.join(offline.config.dataDir, "outbox");
    const files = (await readdir(directory)).filter((name) => name.includes(`91${phone}`));
    expect(files).toHaveLength(1);
    const text = await readFile(path.join(directory, files[0]!), "utf8");
    const code = /^Code: (\d{6})$/m.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(text).toContain(`To: +91${phone}`);
    await verify({ phone, code, name: "Offline Shopper" }, offline.app).expect(201);
  });
});

describe("WhatsApp authentication template", () => {
  let withWhatsApp: TestShop;
  beforeAll(async () => {
    withWhatsApp = await createTestShop({
      MSG91_API_BASE: fake.url,
      MSG91_AUTH_KEY: AUTH_KEY,
      MSG91_OTP_TEMPLATE_ID: TEMPLATE_ID,
      WHATSAPP_API_BASE: fake.url,
      WHATSAPP_ACCESS_TOKEN: "wa-test-token",
      WHATSAPP_PHONE_NUMBER_ID: "1098765432",
      WHATSAPP_OTP_TEMPLATE: "sign_in_code",
    });
  });
  afterAll(() => withWhatsApp?.close());

  it("channel whatsapp sends the template with the code in the body and the copy-code button", async () => {
    const phone = newNumber();
    const before = fake.requests.length;
    await request(withWhatsApp.app).post("/api/users/otp").send({ phone, channel: "whatsapp" }).expect(200);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v21.0/1098765432/messages", headers: { authorization: "Bearer wa-test-token" } });
    const code = fake.lastCode(`91${phone}`)!;
    expect(sent[0]!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: `91${phone}`,
      type: "template",
      template: {
        name: "sign_in_code",
        language: { code: "en" },
        components: [
          { type: "body", parameters: [{ type: "text", text: code }] },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
        ],
      },
    });
    expect((await verify({ phone, code }, withWhatsApp.app).expect(200)).body).toEqual({ newAccount: true });
  });
});

describe("a verified number at checkout", () => {
  it("the checkout page fills the new address's phone with it and shows no email for a phone account", async () => {
    const { makeProduct } = await import("./checkout-helpers.ts");
    const { loader: checkoutLoader } = await import("~/routes/checkout.tsx");
    const phone = newNumber();
    const created = await verify({ phone, code: await codeFor(phone), name: "Checkout Phone" }).expect(201);
    const bearer = { Authorization: `Bearer ${created.body.token}` };
    const product = await makeProduct(shop.context, { stock: 5 });
    await request(shop.app).post("/api/cart").set(bearer).send({ productId: product.id, quantity: 1 }).expect((res) => expect([200, 201]).toContain(res.status));
    const [row] = await shop.context.db.select({ email: users.email }).from(users).where(eq(users.id, created.body.user._id));
    const context = {
      shop: shop.context,
      requestId: "test",
      cspNonce: "",
      user: { id: created.body.user._id, name: "Checkout Phone", email: row!.email, role: "customer" as const },
      clientIp: "127.0.0.1",
    };
    const page = (await checkoutLoader({ request: new Request("http://localhost/checkout"), context, params: {} } as never)) as {
      customer: { name: string; email: string; phone: string | null };
    };
    expect(page.customer).toEqual({ name: "Checkout Phone", email: "", phone });
  });
});
