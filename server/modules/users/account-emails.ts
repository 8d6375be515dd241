import { SHOP_NAME } from "#common/brand.ts";
import type { Database } from "#server/db/client.ts";
import { queueEmail, type EmailMessage } from "#server/modules/email/outbox.ts";

/**
 * The emails of account self-service (decisions/023): Better Auth's reset and verification
 * callbacks (server/auth.ts) queue them in the outbox; the dispatcher delivers them. Links point
 * at the shop's own pages (/reset-password, /verify-email), never at Better Auth's closed paths.
 */

/** How long a reset link works (Better Auth's `resetPasswordTokenExpiresIn`). */
export const RESET_LINK_SECONDS = 60 * 60;
/** How long a verification link works (Better Auth's `emailVerification.expiresIn`). */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

interface Recipient {
  name: string;
  email: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkEmail(to: string, subject: string, paragraphs: { before: string[]; link: string; linkText: string; after: string[] }): EmailMessage {
  const { before, link, linkText, after } = paragraphs;
  const text = [...before, "", link, "", ...after, "", `— ${SHOP_NAME}`].join("\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [...before.map(p), `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`, ...after.map(p), p(`— ${SHOP_NAME}`)].join("");
  return { to, subject, text, html };
}

export function resetPasswordEmail(publicUrl: string, user: Recipient, token: string): EmailMessage {
  return linkEmail(user.email, "Reset your password", {
    before: [`Hello ${user.name},`, "Someone asked to reset the password of your account. To choose a new password, open this link:"],
    link: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
    linkText: "Reset your password",
    after: [
      "The link works once, for one hour. Setting a new password signs you out on every device.",
      "If you did not ask for this, you can ignore this email: your password stays as it is.",
    ],
  });
}

export function verificationEmail(publicUrl: string, user: Recipient, token: string, change: boolean): EmailMessage {
  const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  if (change) {
    return linkEmail(user.email, "Confirm your new email address", {
      before: [`Hello ${user.name},`, `You asked to use this address for your ${SHOP_NAME} account. To confirm it, open this link:`],
      link,
      linkText: "Confirm your new email address",
      after: ["Your account keeps its old address until you do. The link works for 24 hours.", "If you did not ask for this, you can ignore this email."],
    });
  }
  return linkEmail(user.email, "Verify your email", {
    before: [`Hello ${user.name},`, `Please confirm that this is the email address of your ${SHOP_NAME} account:`],
    link,
    linkText: "Verify your email",
    after: ["The link works for 24 hours.", "If you did not create an account, you can ignore this email."],
  });
}

/** Whether a Better Auth verification token asks for an email change (its JWT carries `updateTo`). */
export function isEmailChangeToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { updateTo?: unknown };
    return typeof payload.updateTo === "string";
  } catch {
    return false;
  }
}

/** Better Auth's callbacks: each queues its email in the outbox (never sent inline). */
export function accountEmailCallbacks(db: Database, publicUrl: string) {
  return {
    sendResetPassword: async ({ user, token }: { user: Recipient; token: string }) => {
      await queueEmail(db, resetPasswordEmail(publicUrl, user, token));
    },
    sendVerificationEmail: async ({ user, token }: { user: Recipient; token: string }) => {
      await queueEmail(db, verificationEmail(publicUrl, user, token, isEmailChangeToken(token)));
    },
  };
}
