// List-Unsubscribe on marketing email (decisions/041): the newsletter's email carries its
// unsubscribe link as List-Unsubscribe and, for an https link, List-Unsubscribe-Post (RFC 8058);
// the outbox keeps them to nodemailer, so the SMTP server receives them. Transactional email
// (here an order confirmation) carries none. A mail provider's one-click POST of
// `List-Unsubscribe=One-Click` to the link unsubscribes, with no token in the body and no sign-in.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { ShopContext } from "#server/context.ts";
import { newsletterSubscribers, outboundEmails } from "#server/db/schema.ts";
import { listSubscribers } from "#server/modules/content/inbox.ts";
import { pageOf } from "#server/schemas/input.ts";
import { unsubscribeHeaders } from "#server/modules/content/newsletter.ts";
import { deliverPendingEmails } from "#server/modules/email/dispatcher.ts";
import { afterOrderPaid } from "#server/modules/orders/side-effects.ts";
import { action as unsubscribeAction } from "~/routes/unsubscribe.tsx";
import { withEmailShop, withSmtp as withSmtpAt } from "../support/email-shop.ts";
import type { FakeSmtp } from "../support/fake-smtp.ts";
import { insertOrder } from "../support/orders.ts";
import type { TestShop } from "../support/test-shop.ts";
import { pageContext } from "../support/users.ts";

const PUBLIC_URL = "https://shop.example.in";

let shop: TestShop;
let smtp: FakeSmtp;
withEmailShop(PUBLIC_URL, (started, server) => {
  shop = started;
  smtp = server;
});

const db = () => shop.context.db;
const withSmtp = (): ShopContext => withSmtpAt(shop, smtp);
const emailTo = async (to: string) => (await db().select().from(outboundEmails).where(eq(outboundEmails.to, to)))[0]!;
/** A received message's header block with folded lines joined (RFC 5322 unfolding). */
const headerBlock = (raw: string) => raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");

async function subscribe(label: string): Promise<{ email: string; token: string }> {
  const email = `${label}-${Date.now()}@example.in`;
  await request(shop.app).post("/api/subscribe").send({ email }).expect(201);
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return { email, token: row!.unsubscribeToken! };
}

describe("List-Unsubscribe", () => {
  it("the newsletter's email carries the footer's link as List-Unsubscribe, with one-click; an order email carries none", async () => {
    const { email, token } = await subscribe("headers");
    const link = `${PUBLIC_URL}/unsubscribe?token=${token}`;
    const newsletter = await emailTo(email);
    expect(newsletter.headers).toEqual({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(newsletter.text).toContain(`To stop receiving our emails: ${link}`);

    const order = await insertOrder(shop.context, { customerEmail: `buyer-${Date.now()}@example.in` });
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    expect((await emailTo(order.customerEmail)).headers).toBeNull();

    expect(await deliverPendingEmails(withSmtp())).toEqual({ sent: 2, failed: 0 });
    const received = await smtp.waitFor(2);
    const toSubscriber = headerBlock(received.find((message) => message.to.includes(email))!.raw);
    const toBuyer = headerBlock(received.find((message) => message.to.includes(order.customerEmail))!.raw);
    expect(toSubscriber).toMatch(new RegExp(`^List-Unsubscribe: <${link.replace(/[.?]/g, "\\$&")}>$`, "m"));
    expect(toSubscriber).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(toBuyer).toContain(`Subject: Order ${order.orderNumber} confirmed`);
    expect(toBuyer).not.toMatch(/^List-Unsubscribe/im);
  });

  it("one-click is offered only for an https link (RFC 8058)", () => {
    const token = "a".repeat(43);
    expect(unsubscribeHeaders("http://localhost:3000", token)).toEqual({ "List-Unsubscribe": `<http://localhost:3000/unsubscribe?token=${token}>` });
    expect(unsubscribeHeaders(PUBLIC_URL, token)["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("a one-click POST to the link unsubscribes without a token in the body or a sign-in; a wrong link is refused", async () => {
    const { email, token } = await subscribe("one-click");
    await db().update(newsletterSubscribers).set({ confirmedAt: new Date() }).where(eq(newsletterSubscribers.email, email));
    const listed = async () => pageOf(await listSubscribers(db(), { limit: 100 })).items.some((row) => row.email === email);
    expect(await listed()).toBe(true);
    const oneClick = async (url: string) =>
      (await unsubscribeAction({
        request: new Request(url, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        context: pageContext(shop.context, null),
        params: {},
      } as never)) as { data: { ok: boolean; message: string }; init: { status: number } | null };

    const wrong = await oneClick(`${PUBLIC_URL}/unsubscribe?token=${"x".repeat(43)}`);
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.message).toBe("This unsubscribe link is invalid. Please use the link from one of our emails.");
    expect(await listed()).toBe(true);

    const done = await oneClick(`${PUBLIC_URL}/unsubscribe?token=${token}`);
    expect(done.init?.status).toBe(200);
    expect(done.data).toEqual({ ok: true, message: "You have been unsubscribed. We will send you no more newsletter emails." });
    expect(await listed()).toBe(false);
    // Providers may repeat the POST: answered the same way.
    expect((await oneClick(`${PUBLIC_URL}/unsubscribe?token=${token}`)).data.ok).toBe(true);
  });
});
