// Account takeover through an old email-change link (issue 26, item 1; decisions/042): every
// security event voids every outstanding email-change, verification and reset link; links work
// once, for one hour; the old address is told of a change and can undo it. Tried as the attack
// that found it: an attacker registers the victim's address first and asks to move it to theirs.
import { and, desc, eq, gt } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#common/account.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { accountLinks, outboundEmails, session as sessions, user as users } from "#server/db/schema.ts";
import { linkTokenHash } from "#server/modules/users/account-links.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer } from "../support/users.ts";

const PUBLIC_URL = "https://shop.example.in";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ PUBLIC_URL });
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const db = () => shop.context.db;
const unique = () => crypto.randomUUID().slice(0, 8);

type LinkPath = "/reset-password" | "/verify-email" | "/undo-email-change";

/** The emails queued for an address, newest first. */
async function outbox(address: string) {
  return db().select().from(outboundEmails).where(eq(outboundEmails.to, address.toLowerCase())).orderBy(desc(outboundEmails.createdAt));
}

/** The token of the newest link to `path` queued for `address`. */
async function linkToken(address: string, path: LinkPath): Promise<string> {
  const pattern = new RegExp(`${PUBLIC_URL}${path}\\?token=([A-Za-z0-9._%-]+)`);
  for (const message of await outbox(address)) {
    const match = pattern.exec(message.text);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error(`No ${path} link queued for ${address}`);
}

const register = (name: string, email: string, password: string) =>
  api().post("/api/users/register").send({ name, email, password, confirmPassword: password });
const signIn = (email: string, password: string) => api().post("/api/users/login").send({ email, password });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function resetPasswordByEmail(email: string, password: string) {
  await api().post("/api/users/password/forgot").send({ email }).expect(200);
  const token = await linkToken(email, "/reset-password");
  return api().post("/api/users/password/reset").send({ token, password, confirmPassword: password });
}

const HOME = { fullName: "Asha Rao", phone: "9845012345", line1: "Flat 4B, Lake View Apartments", city: "Bengaluru", postalCode: "560102" };

describe("the takeover through an old email-change link", () => {
  it("an attacker who registered the victim's address first cannot move it to theirs after the victim's password reset", async () => {
    const victimEmail = `asha-${unique()}@example.in`;
    const attackerEmail = `mallory-${unique()}@example.net`;
    // The attacker registers the victim's address and asks to move the account to their own.
    const squatted = await register("Asha Rao", victimEmail, "attacker-pass-1");
    expect(squatted.status).toBe(201);
    await api().put("/api/users/email").set(bearer(squatted.body.token)).send({ email: attackerEmail, password: "attacker-pass-1" }).expect(200);
    const oldLink = await linkToken(attackerEmail, "/verify-email");

    // The victim takes the account back by a password reset and uses it.
    const reset = await resetPasswordByEmail(victimEmail, "victim-pass-1");
    expect(reset.status).toBe(200);
    const victim = await signIn(victimEmail, "victim-pass-1");
    expect(victim.status).toBe(200);
    await api().post("/api/users/addresses").set(bearer(victim.body.token)).send(HOME).expect(201);

    // The attacker's old link is refused, and the account keeps the victim's address.
    const opened = await api().post("/api/users/email/verify").send({ token: oldLink });
    expect(opened.status).toBe(400);
    expect(opened.body.message).toBe(ACCOUNT_MESSAGES.verifyLinkInvalid);
    const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, victim.body.user._id));
    expect(account!.email).toBe(victimEmail);
    // A reset asked for the attacker's address reaches nobody: no account has it.
    await api().post("/api/users/password/forgot").send({ email: attackerEmail }).expect(200);
    await expect(linkToken(attackerEmail, "/reset-password")).rejects.toThrow();
    const profile = await api().get("/api/users/profile").set(bearer(victim.body.token));
    expect(profile.body.email).toBe(victimEmail);
  });

  it("a password change, 'sign out of all devices' and a confirmed change each void every outstanding link", async () => {
    for (const event of ["password-change", "sign-out-everywhere", "email-change-confirmed"] as const) {
      const user = await createCustomer(shop.context);
      const target = `moved-${unique()}@example.in`;
      await api().put("/api/users/email").set(user.headers).send({ email: target, password: user.password }).expect(200);
      const changeLink = await linkToken(target, "/verify-email");
      await api().post("/api/users/password/forgot").send({ email: user.email }).expect(200);
      const resetLink = await linkToken(user.email, "/reset-password");

      if (event === "password-change") {
        await api().put("/api/users/password").set(user.headers).send({ currentPassword: user.password, password: "fresh-pass-1", confirmPassword: "fresh-pass-1" }).expect(200);
      } else if (event === "sign-out-everywhere") {
        await api().post("/api/users/logout/all").set(user.headers).expect(200);
      } else {
        // A second change asked and confirmed: the first one's link is void afterwards.
        const other = `other-${unique()}@example.in`;
        await api().put("/api/users/email").set(user.headers).send({ email: other, password: user.password }).expect(200);
        await api().post("/api/users/email/verify").send({ token: await linkToken(other, "/verify-email") }).expect(200);
      }

      const opened = await api().post("/api/users/email/verify").send({ token: changeLink });
      expect(opened.status, event).toBe(400);
      const reset = await api().post("/api/users/password/reset").send({ token: resetLink, password: "stolen-pass-1", confirmPassword: "stolen-pass-1" });
      expect(reset.status, event).toBe(400);
      expect(reset.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    }
  });

  it("an email-change link works once and for one hour", async () => {
    const user = await createCustomer(shop.context);
    const target = `once-${unique()}@example.in`;
    await api().put("/api/users/email").set(user.headers).send({ email: target, password: user.password }).expect(200);
    const token = await linkToken(target, "/verify-email");
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(60 * 60);
    const [row] = await db().select().from(accountLinks).where(eq(accountLinks.tokenHash, linkTokenHash(token)));
    expect(row).toMatchObject({ kind: "change-email", email: target, userId: user.id });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60 * 1000);
    // The email says so.
    expect((await outbox(target))[0]!.text).toContain("The link works once, for one hour.");

    // Past its hour (the record's expiry moved back), the link is refused.
    await db().update(accountLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountLinks.id, row!.id));
    await api().post("/api/users/email/verify").send({ token }).expect(400);

    await api().put("/api/users/email").set(user.headers).send({ email: target, password: user.password }).expect(200);
    const fresh = await linkToken(target, "/verify-email");
    const twice = await Promise.all([1, 2].map(() => api().post("/api/users/email/verify").send({ token: fresh })));
    expect(twice.map((res) => res.status).sort()).toEqual([200, 400]);
  });
});

describe("the old address is told, and can undo the change", () => {
  it("a stranger who knows the password moves the account; the old address's undo gives it back and lets the owner in by a reset", async () => {
    const owner = await createCustomer(shop.context);
    const thief = `thief-${unique()}@example.net`;
    // The thief signs in with a stolen password and moves the account to their address.
    const stolen = await signIn(owner.email, owner.password);
    await api().put("/api/users/email").set(bearer(stolen.body.token)).send({ email: thief, password: owner.password }).expect(200);
    await api().post("/api/users/email/verify").send({ token: await linkToken(thief, "/verify-email") }).expect(200);
    // The thief asks for a reset at their address and keeps the link for later.
    await api().post("/api/users/password/forgot").send({ email: thief }).expect(200);
    const thiefReset = await linkToken(thief, "/reset-password");

    // The old address is told, with the new address and an undo link.
    const [notice] = await outbox(owner.email);
    expect(notice!.subject).toBe("The email address of your account has changed");
    expect(notice!.text).toContain(`from ${owner.email} to ${thief}`);
    const undo = await linkToken(owner.email, "/undo-email-change");
    // The address is held for the undo: nobody registers it meanwhile.
    const squat = await register("Someone Else", owner.email, "squatter-pass-1");
    expect(squat.status).toBe(409);
    expect(squat.body.message).toBe(AUTH_MESSAGES.userExists);

    const undone = await api().post("/api/users/email/undo").send({ token: undo });
    expect(undone.status).toBe(200);
    expect(undone.body.message).toBe(ACCOUNT_MESSAGES.emailChangeUndone);
    const [account] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(account).toMatchObject({ email: owner.email, emailVerified: true });
    // Every session is gone, the thief's too; the password the thief knew no longer works.
    expect(await db().select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
    await api().get("/api/users/profile").set(bearer(stolen.body.token)).expect(401);
    expect((await signIn(owner.email, owner.password)).status).toBe(401);
    expect((await signIn(thief, owner.password)).status).toBe(401);
    // The thief's reset link is void, and a new one reaches nobody.
    await api().post("/api/users/password/reset").send({ token: thiefReset, password: "thief-pass-2", confirmPassword: "thief-pass-2" }).expect(400);
    // The undo link works once.
    await api().post("/api/users/email/undo").send({ token: undo }).expect(400);

    // The owner got a reset link at the restored address and gets in with it.
    const ownerReset = await linkToken(owner.email, "/reset-password");
    await api().post("/api/users/password/reset").send({ token: ownerReset, password: "owner-pass-2", confirmPassword: "owner-pass-2" }).expect(200);
    expect((await signIn(owner.email, "owner-pass-2")).status).toBe(200);
  });

  it("an undo link made later (to the thief's own address) neither survives nor beats the owner's", async () => {
    const owner = await createCustomer(shop.context);
    const first = `first-${unique()}@example.net`;
    const second = `second-${unique()}@example.net`;
    for (const address of [first, second]) {
      await api().put("/api/users/email").set(owner.headers).send({ email: address, password: owner.password }).expect(200);
      await api().post("/api/users/email/verify").send({ token: await linkToken(address, "/verify-email") }).expect(200);
    }
    const ownersUndo = await linkToken(owner.email, "/undo-email-change");
    const thiefsUndo = await linkToken(first, "/undo-email-change");
    // The thief undoes their own second move: the account goes back to their first address...
    await api().post("/api/users/email/undo").send({ token: thiefsUndo }).expect(200);
    // ...and the owner's undo, made earlier, still works and wins.
    await api().post("/api/users/email/undo").send({ token: ownersUndo }).expect(200);
    const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, owner.id));
    expect(account!.email).toBe(owner.email);
    const left = await db()
      .select()
      .from(accountLinks)
      .where(and(eq(accountLinks.userId, owner.id), gt(accountLinks.expiresAt, new Date())));
    expect(left).toEqual([]);
  });

  it("two undos racing with one link: exactly one wins", async () => {
    const owner = await createCustomer(shop.context);
    const moved = `race-${unique()}@example.net`;
    await api().put("/api/users/email").set(owner.headers).send({ email: moved, password: owner.password }).expect(200);
    await api().post("/api/users/email/verify").send({ token: await linkToken(moved, "/verify-email") }).expect(200);
    const undo = await linkToken(owner.email, "/undo-email-change");
    const results = await Promise.all([1, 2, 3].map(() => api().post("/api/users/email/undo").send({ token: undo })));
    expect(results.map((res) => res.status).sort()).toEqual([200, 400, 400]);
    const resets = (await outbox(owner.email)).filter((message) => message.subject === "Reset your password");
    expect(resets).toHaveLength(1);
  });

  it("refuses a missing, forged or oversized token with a sentence", async () => {
    for (const body of [{}, { token: "" }, { token: "x".repeat(5000) }, { token: "not-a-token" }, { token: ["a"] }]) {
      const res = await api().post("/api/users/email/undo").send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
  });
});
