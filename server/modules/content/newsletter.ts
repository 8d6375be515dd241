import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { SHOP_NAME } from "#common/brand.ts";
import { WELCOME_OFFER } from "#common/content.ts";
import { normalizeEmail } from "#common/forms.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { newsletterSubscribers } from "#server/db/schema.ts";
import { queueEmail, type EmailMessage, type ListHeaders } from "#server/modules/email/outbox.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { welcomeCouponFor } from "#server/modules/coupons/welcome.ts";
import { subscribeSchema } from "#server/schemas/content.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_LIFETIME_MS = 48 * 60 * 60 * 1000;

export interface NewsletterContext {
  db: Database;
  config: Pick<Config, "publicUrl" | "rateLimitScale">;
}

/**
 * The address's welcome code (10% off a first order, once; the same code every time) travels in
 * the confirmation email only, never in the answer: whoever types an address must not learn its
 * code (issue 26, api-contract.md "Coupons").
 */
export type SubscribeResult =
  | { ok: true; outcome: "confirmation-sent" }
  | { ok: false; reason: "already-subscribed" }
  | Throttled
  | InvalidInput;

export type UnsubscribeResult = { ok: true } | { ok: false; reason: "invalid-link" };

export type ConfirmSubscriptionResult = { ok: true } | { ok: false; reason: "invalid-link" };

/**
 * Signs an address up for the newsletter (`{ email }`, the raw body either door received, read
 * here with its schema) with double opt-in: the address is stored unconfirmed
 * and a confirmation link is queued in the email outbox, in one transaction. Asking again before
 * confirming sends a new link (the old one stops working). A confirmed address is refused. Each
 * request counts against the client address's limit, each email against the subscriber address's,
 * so nobody can flood a stranger's inbox or the list.
 */
export async function subscribeToNewsletter(context: NewsletterContext, body: unknown, clientIp: string): Promise<SubscribeResult> {
  const read = readInput(subscribeSchema, body);
  if (!read.ok) return read;
  const { db, config } = context;
  const address = normalizeEmail(read.input.email);
  const perClient = await countRequests(context, [["newsletterRequestsPerAddress", clientIp]]);
  if (perClient) return perClient;
  if (await isConfirmed(db, address)) return { ok: false, reason: "already-subscribed" };
  const perSubscriber = await countRequests(context, [["newsletterEmailsPerAddress", address]]);
  if (perSubscriber) return perSubscriber;

  const token = randomBytes(32).toString("base64url");
  const link = { confirmationTokenHash: tokenHash(token), confirmationExpiresAt: new Date(Date.now() + CONFIRMATION_LINK_LIFETIME_MS) };
  const unsubscribeToken = randomBytes(32).toString("base64url");
  return db.transaction(async (tx): Promise<SubscribeResult> => {
    const saved = await tx
      .insert(newsletterSubscribers)
      .values({ email: address, ...link, unsubscribeToken })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        // Someone who unsubscribed signs up again: confirmed anew (double opt-in), same unsubscribe link.
        set: {
          ...link,
          confirmedAt: null,
          unsubscribedAt: null,
          unsubscribeToken: sql`coalesce(${newsletterSubscribers.unsubscribeToken}, ${unsubscribeToken})`,
        },
        setWhere: or(isNull(newsletterSubscribers.confirmedAt), isNotNull(newsletterSubscribers.unsubscribedAt)),
      })
      .returning({ id: newsletterSubscribers.id, unsubscribeToken: newsletterSubscribers.unsubscribeToken });
    // Confirmed by its link between the check above and this write.
    if (saved.length === 0) return { ok: false, reason: "already-subscribed" };
    // One welcome code per address, however often it subscribes (issue 15).
    const coupon = await welcomeCouponFor(tx, address);
    await queueEmail(tx, confirmationEmail(config.publicUrl, address, token, coupon.code, saved[0]!.unsubscribeToken ?? unsubscribeToken));
    return { ok: true, outcome: "confirmation-sent" };
  });
}

/**
 * Confirms the subscription a link's token belongs to, while the link is valid. Opening the link
 * again after confirming is answered the same way (mail scanners and second clicks do that).
 */
export async function confirmSubscription(db: Database, token: string): Promise<ConfirmSubscriptionResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: "invalid-link" };
  const hash = tokenHash(token);
  const confirmed = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date() })
    .where(
      and(
        eq(newsletterSubscribers.confirmationTokenHash, hash),
        isNull(newsletterSubscribers.confirmedAt),
        gt(newsletterSubscribers.confirmationExpiresAt, new Date()),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (confirmed.length > 0) return { ok: true };
  const [earlier] = await db
    .select({ confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmationTokenHash, hash));
  return earlier?.confirmedAt ? { ok: true } : { ok: false, reason: "invalid-link" };
}

async function isConfirmed(db: Database, address: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: newsletterSubscribers.confirmedAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address));
  return Boolean(row?.confirmedAt) && !row?.unsubscribedAt;
}

/**
 * The unsubscribe link of every marketing email (no sign-in): the token names the subscription.
 * Opening the link again after unsubscribing is answered the same way.
 */
export async function unsubscribeFromNewsletter(db: Database, token: string): Promise<UnsubscribeResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: "invalid-link" };
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ id: newsletterSubscribers.id });
  return row ? { ok: true } : { ok: false, reason: "invalid-link" };
}

/** The unsubscribe link every marketing email carries (List-Unsubscribe and the footer of the text). */
export function unsubscribeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * The List-Unsubscribe headers of every marketing email (RFC 2369): the same link as the footer's.
 * With an https link, List-Unsubscribe-Post says that one POST of `List-Unsubscribe=One-Click` to
 * it unsubscribes (RFC 8058; the /unsubscribe page's action takes the token from the link). Mail
 * providers send that POST from their servers, without cookies or a sign-in.
 */
export function unsubscribeHeaders(publicUrl: string, token: string): ListHeaders {
  const link = unsubscribeLink(publicUrl, token);
  return link.startsWith("https://")
    ? { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : { "List-Unsubscribe": `<${link}>` };
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function confirmationEmail(publicUrl: string, to: string, token: string, couponCode: string, unsubscribeToken: string): EmailMessage {
  const link = `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  const unsubscribe = unsubscribeLink(publicUrl, unsubscribeToken);
  const hours = CONFIRMATION_LINK_LIFETIME_MS / (60 * 60 * 1000);
  const terms = `takes ${WELCOME_OFFER}, once, when you shop with an account under this email address.`;
  const welcome = `Your welcome code ${couponCode} ${terms}`;
  return {
    to,
    subject: `Confirm your subscription to the ${SHOP_NAME} newsletter`,
    headers: unsubscribeHeaders(publicUrl, unsubscribeToken),
    text: [
      "Hello,",
      "",
      `Someone, hopefully you, asked to receive the ${SHOP_NAME} newsletter at this address.`,
      "To confirm, open this link:",
      "",
      link,
      "",
      `The link works for ${hours} hours. If you did not ask for the newsletter, ignore this email: nothing will be sent.`,
      "",
      welcome,
      "",
      `To stop receiving our emails: ${unsubscribe}`,
    ].join("\n"),
    html: [
      "<p>Hello,</p>",
      `<p>Someone, hopefully you, asked to receive the ${SHOP_NAME} newsletter at this address.</p>`,
      `<p><a href="${link}">Confirm my subscription</a></p>`,
      `<p>The link works for ${hours} hours. If you did not ask for the newsletter, ignore this email: nothing will be sent.</p>`,
      `<p>Your welcome code <strong>${couponCode}</strong> ${terms}</p>`,
      `<p style="font-size:12px;color:#555"><a href="${unsubscribe}">Unsubscribe</a></p>`,
    ].join("\n"),
  };
}
