// The newsletter's double opt-in, and the sign-ups for other people's addresses that made it
// necessary (issue 11): nothing is subscribed until the emailed link is opened, a flood from one
// address or at one inbox is refused, and the admin's list and CSV hold confirmed addresses only.
import { count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { newsletterSubscribers, outboundEmails, rateLimit } from "#server/db/schema.ts";
import { listSubscribers, subscribersCsv } from "#server/modules/content/inbox.ts";
import { pageOf } from "#server/schemas/input.ts";
import { LIMITS, countRequest } from "#server/modules/limits/limiter.ts";
import { loader as confirmLoader } from "~/routes/newsletter-confirm.tsx";
import { action as newsletterAction } from "~/routes/newsletter.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { pageContext } from "../support/users.ts";

const CHECK_INBOX = "Almost there! Please check your inbox and open the link we sent to confirm your subscription.";
const SUBSCRIBED = "Successfully subscribed to the newsletter!";
const INVALID_LINK = "This confirmation link is invalid or has expired. Please subscribe again to get a new one.";

let shop: TestShop;
const db = () => shop.context.db;
const api = () => request(shop.app);

beforeAll(async () => {
  shop = await createTestShop({ RATE_LIMIT_SCALE: "1", PUBLIC_URL: "https://shop.example.in" });
});
afterAll(() => shop?.close());
afterEach(() => db().delete(rateLimit));

let counter = 0;
const nextEmail = () => `reader-${++counter}-${Date.now().toString(36)}@example.in`;
const subscribe = (email: string, headers: Record<string, string> = {}) => api().post("/api/subscribe").set(headers).send({ email });

const emailsTo = (to: string) => db().select().from(outboundEmails).where(eq(outboundEmails.to, to)).orderBy(outboundEmails.createdAt);
const subscriber = async (email: string) => (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

/** The token in the newest confirmation email to `to`. */
async function linkToken(to: string): Promise<string> {
  const emails = await emailsTo(to);
  const match = /https:\/\/shop\.example\.in\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(emails.at(-1)?.text ?? "");
  expect(match).not.toBeNull();
  return match![1]!;
}

async function openLink(token: string) {
  const result = (await confirmLoader({
    request: new Request(`https://shop.example.in/newsletter/confirm?token=${encodeURIComponent(token)}`),
    context: pageContext(shop.context, null),
    params: {},
  } as never)) as { data: { ok: boolean; message: string }; init: ResponseInit };
  return { status: result.init.status, ...result.data, cacheControl: new Headers(result.init.headers).get("Cache-Control") };
}

describe("double opt-in", () => {
  it("subscribing stores an unconfirmed address and emails a link; opening it confirms; then 409", async () => {
    const email = nextEmail();
    const res = await subscribe(email.toUpperCase()).expect(201);
    expect(res.body).toEqual({ message: CHECK_INBOX });

    const stored = await subscriber(email);
    expect(stored).toMatchObject({ email, confirmedAt: null });
    expect(stored!.confirmationExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000);
    const [mail] = await emailsTo(email);
    expect(mail).toMatchObject({ subject: expect.stringContaining("Confirm your subscription") });
    const token = await linkToken(email);
    // Only the token's hash is stored.
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(pageOf(await listSubscribers(db(), {})).items.map((item) => item.email)).not.toContain(email);

    expect(await openLink(token)).toMatchObject({ status: 200, ok: true, message: SUBSCRIBED, cacheControl: "private, no-store" });
    expect((await subscriber(email))!.confirmedAt).toBeInstanceOf(Date);
    // Opening it again (a second click, a mail scanner) says the same.
    expect(await openLink(token)).toMatchObject({ ok: true, message: SUBSCRIBED });

    const again = await subscribe(email).expect(409);
    expect(again.body.message).toBe("Email is already subscribed");
    expect(await emailsTo(email)).toHaveLength(1);
    expect(pageOf(await listSubscribers(db(), {})).items.map((item) => item.email)).toContain(email);
    expect(await subscribersCsv(db())).toContain(`${email},`);
  });

  it("asking again before confirming sends a new link with the same answer; the old link stops working", async () => {
    const email = nextEmail();
    await subscribe(email).expect(201);
    const first = await linkToken(email);
    const res = await subscribe(email).expect(201);
    expect(res.body).toEqual({ message: CHECK_INBOX });
    expect(await emailsTo(email)).toHaveLength(2);
    const second = await linkToken(email);
    expect(second).not.toBe(first);
    expect(await db().select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([{ n: 1 }]);

    expect(await openLink(first)).toMatchObject({ status: 400, ok: false, message: INVALID_LINK });
    expect(await openLink(second)).toMatchObject({ status: 200, ok: true });
  });

  it("a made-up, malformed or expired link is refused with a clear message and confirms nothing", async () => {
    expect(await openLink("")).toMatchObject({ status: 400, message: INVALID_LINK });
    expect(await openLink("not-a-token")).toMatchObject({ status: 400, message: INVALID_LINK });
    expect(await openLink("A".repeat(43))).toMatchObject({ status: 400, message: INVALID_LINK });

    const email = nextEmail();
    await subscribe(email).expect(201);
    const token = await linkToken(email);
    await db().update(newsletterSubscribers).set({ confirmationExpiresAt: new Date(Date.now() - 1000) }).where(eq(newsletterSubscribers.email, email));
    expect(await openLink(token)).toMatchObject({ status: 400, ok: false, message: INVALID_LINK });
    expect((await subscriber(email))!.confirmedAt).toBeNull();
  });

  it("the newsletter page (without JavaScript) gives the same answers", async () => {
    const email = nextEmail();
    const post = async () =>
      (await newsletterAction({
        request: new Request("http://localhost:3000/newsletter", { method: "POST", body: new URLSearchParams({ email }) }),
        context: pageContext(shop.context, null, "198.51.100.60"),
        params: {},
      } as never)) as { data: { ok: boolean; message: string }; init: ResponseInit };
    const first = await post();
    expect(first.init.status).toBe(201);
    expect(first.data).toEqual({ ok: true, message: CHECK_INBOX });
    await openLink(await linkToken(email));
    const second = await post();
    expect(second.init.status).toBe(409);
    expect(second.data).toEqual({ ok: false, message: "Email is already subscribed" });
  });
});

describe("sign-ups for other people's addresses", () => {
  it(`${LIMITS.newsletterRequestsPerAddress.max + 5} strangers' addresses from one client: ${LIMITS.newsletterRequestsPerAddress.max} emails, then 429 and nothing more stored or sent`, async () => {
    const max = LIMITS.newsletterRequestsPerAddress.max;
    const tries = max + 5;
    const [before] = await db().select({ n: count() }).from(newsletterSubscribers);
    const [emailsBefore] = await db().select({ n: count() }).from(outboundEmails);
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) {
      const res = await subscribe(nextEmail(), { "X-Forwarded-For": `203.0.113.${i % 250}` });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(201));
    expect(statuses.slice(max)).toEqual(Array(tries - max).fill(429));
    const [after] = await db().select({ n: count() }).from(newsletterSubscribers);
    const [emailsAfter] = await db().select({ n: count() }).from(outboundEmails);
    expect(after!.n - before!.n).toBe(max);
    expect(emailsAfter!.n - emailsBefore!.n).toBe(max);
  });

  it(`one inbox gets at most ${LIMITS.newsletterEmailsPerAddress.max} confirmation emails, even from many client addresses`, async () => {
    const max = LIMITS.newsletterEmailsPerAddress.max;
    const behindProxy = createApp({ ...shop.context, config: { ...shop.config, trustProxy: 1 } });
    const victim = nextEmail();
    const statuses: number[] = [];
    for (let i = 0; i < max + 3; i++) {
      statuses.push((await request(behindProxy).post("/api/subscribe").set("X-Forwarded-For", `198.51.100.${i + 1}`).send({ email: victim })).status);
    }
    expect(statuses).toEqual([...Array(max).fill(201), ...Array(3).fill(429)]);
    expect(await emailsTo(victim)).toHaveLength(max);
  });

  it("the limit is shared by every process on the database", async () => {
    for (let i = 0; i < LIMITS.newsletterRequestsPerAddress.max; i++) await countRequest(shop.context, "newsletterRequestsPerAddress", "127.0.0.1");
    const email = nextEmail();
    expect((await request(createApp(shop.context)).post("/api/subscribe").send({ email })).status).toBe(429);
    expect(await subscriber(email)).toBeUndefined();
  });
});

describe("the admin's list and CSV", () => {
  it("hold confirmed subscribers only", async () => {
    const confirmed = nextEmail();
    const pending = nextEmail();
    await subscribe(confirmed).expect(201);
    await openLink(await linkToken(confirmed));
    await subscribe(pending).expect(201);
    const listed = pageOf(await listSubscribers(db(), { limit: 100 })).items.map((item) => item.email);
    expect(listed).toContain(confirmed);
    expect(listed).not.toContain(pending);
    const csv = await subscribersCsv(db());
    expect(csv).toContain(confirmed);
    expect(csv).not.toContain(pending);
  });
});
