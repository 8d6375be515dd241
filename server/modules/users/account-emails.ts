import { SHOP_NAME } from "#common/brand.ts";
import type { Database } from "#server/db/client.ts";
import { queueEmail, type EmailMessage } from "#server/modules/email/outbox.ts";
import { recordLink, UNDO_LINK_SECONDS } from "./account-links.ts";

/**
 * The emails of account self-service (decisions/023): Better Auth's reset and verification
 * callbacks (server/auth.ts) queue them in the outbox; the dispatcher delivers them. Links point
 * at the shop's own pages (/reset-password, /verify-email), never at Better Auth's closed paths.
 */

/** How long a reset link works (Better Auth's `resetPasswordTokenExpiresIn`). */
export const RESET_LINK_SECONDS = 60 * 60;
/**
 * How long a verification or email-change link works (Better Auth's `emailVerification.expiresIn`,
 * and the shop's record of the link, decisions/042): one hour, like a reset link.
 */
export const VERIFY_LINK_SECONDS = 60 * 60;

interface Recipient {
  id?: string;
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
      after: ["Your account keeps its old address until you do. The link works once, for one hour.", "If you did not ask for this, you can ignore this email."],
    });
  }
  return linkEmail(user.email, "Verify your email", {
    before: [`Hello ${user.name},`, `Please confirm that this is the email address of your ${SHOP_NAME} account:`],
    link,
    linkText: "Verify your email",
    after: ["The link works once, for one hour.", "If you did not create an account, you can ignore this email."],
  });
}

/** To the old address when the account's email has changed: what happened, and the undo link. */
export function emailChangedEmail(publicUrl: string, user: { name: string; oldEmail: string; newEmail: string }, undoToken: string): EmailMessage {
  const days = UNDO_LINK_SECONDS / (24 * 60 * 60);
  return linkEmail(user.oldEmail, "The email address of your account has changed", {
    before: [
      `Hello ${user.name},`,
      `The email address of your ${SHOP_NAME} account was changed from ${user.oldEmail} to ${user.newEmail}. Emails about your account and orders now go there.`,
      "If you did not make this change, open this link to undo it:",
    ],
    link: `${publicUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`,
    linkText: "Undo the email change",
    after: [
      `Undoing puts ${user.oldEmail} back, signs the account out on every device and stops its password working; we then send ${user.oldEmail} a link to choose a new password.`,
      `The link works once, for ${days} days. If you made this change yourself, you can ignore this email.`,
    ],
  });
}

/**
 * The claims of a Better Auth verification token (a JWT): the account's address, and `updateTo`
 * when it asks for an email change. Read without checking the signature: Better Auth checks it
 * when the link is opened. Null when it is not a JWT of that shape.
 */
export function verificationTokenClaims(token: string): { email: string; updateTo: string | null } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { email?: unknown; updateTo?: unknown };
    if (typeof payload.email !== "string") return null;
    return { email: payload.email, updateTo: typeof payload.updateTo === "string" ? payload.updateTo : null };
  } catch {
    return null;
  }
}

/** Whether a Better Auth verification token asks for an email change (its JWT carries `updateTo`). */
export function isEmailChangeToken(token: string): boolean {
  return typeof verificationTokenClaims(token)?.updateTo === "string";
}

/**
 * Better Auth's callbacks: each queues its email in the outbox (never sent inline). A verification
 * or email-change link is recorded too: it works only while its record exists (decisions/042).
 */
export function accountEmailCallbacks(db: Database, publicUrl: string) {
  return {
    sendResetPassword: async ({ user, token }: { user: Recipient; token: string }) => {
      await queueEmail(db, resetPasswordEmail(publicUrl, user, token));
    },
    sendVerificationEmail: async ({ user, token }: { user: Recipient; token: string }) => {
      const change = isEmailChangeToken(token);
      if (!user.id) throw new Error("Better Auth asked for a verification email without the account's id");
      await recordLink(db, { userId: user.id, kind: change ? "change-email" : "verify-email", email: user.email, token, seconds: VERIFY_LINK_SECONDS });
      await queueEmail(db, verificationEmail(publicUrl, user, token, change));
    },
  };
}
