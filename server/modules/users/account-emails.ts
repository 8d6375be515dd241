import { eq } from "drizzle-orm";
import { SHOP_NAME } from "#common/brand.ts";
import type { Language } from "#common/language.ts";
import type { Database } from "#server/db/client.ts";
import { user as users } from "#server/db/schema.ts";
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
  /** The account's language (decisions/064); absent: English. */
  language?: Language;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface LinkEmailText {
  subject: string;
  before: string[];
  linkText: string;
  after: string[];
}

function linkEmail(to: string, link: string, language: Language, words: LinkEmailText): EmailMessage {
  const { subject, before, linkText, after } = words;
  const text = [...before, "", link, "", ...after, "", `— ${SHOP_NAME}`].join("\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const body = [...before.map(p), `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`, ...after.map(p), p(`— ${SHOP_NAME}`)].join("");
  return { to, subject, text, html: `<!doctype html><html lang="${language}"><body>${body}</body></html>` };
}

/** The account emails' words in each language (decisions/064): one entry per email and language. */
const ACCOUNT_EMAIL_TEXT: Record<
  Language,
  {
    reset: (name: string) => LinkEmailText;
    confirmNewAddress: (name: string) => LinkEmailText;
    verify: (name: string) => LinkEmailText;
    changed: (name: string, oldEmail: string, newEmail: string, days: number) => LinkEmailText;
  }
> = {
  en: {
    reset: (name) => ({
      subject: "Reset your password",
      before: [`Hello ${name},`, "Someone asked to reset the password of your account. To choose a new password, open this link:"],
      linkText: "Reset your password",
      after: [
        "The link works once, for one hour. Setting a new password signs you out on every device.",
        "If you did not ask for this, you can ignore this email: your password stays as it is.",
      ],
    }),
    confirmNewAddress: (name) => ({
      subject: "Confirm your new email address",
      before: [`Hello ${name},`, `You asked to use this address for your ${SHOP_NAME} account. To confirm it, open this link:`],
      linkText: "Confirm your new email address",
      after: ["Your account keeps its old address until you do. The link works once, for one hour.", "If you did not ask for this, you can ignore this email."],
    }),
    verify: (name) => ({
      subject: "Verify your email",
      before: [`Hello ${name},`, `Please confirm that this is the email address of your ${SHOP_NAME} account:`],
      linkText: "Verify your email",
      after: ["The link works once, for one hour.", "If you did not create an account, you can ignore this email."],
    }),
    changed: (name, oldEmail, newEmail, days) => ({
      subject: "The email address of your account has changed",
      before: [
        `Hello ${name},`,
        `The email address of your ${SHOP_NAME} account was changed from ${oldEmail} to ${newEmail}. Emails about your account and orders now go there.`,
        "If you did not make this change, open this link to undo it:",
      ],
      linkText: "Undo the email change",
      after: [
        `Undoing puts ${oldEmail} back, signs the account out on every device and stops its password working; we then send ${oldEmail} a link to choose a new password.`,
        `The link works once, for ${days} days. If you made this change yourself, you can ignore this email.`,
      ],
    }),
  },
  hi: {
    reset: (name) => ({
      subject: "अपना पासवर्ड रीसेट करें",
      before: [`नमस्ते ${name} जी,`, "किसी ने आपके अकाउंट का पासवर्ड रीसेट करने का अनुरोध किया है। नया पासवर्ड चुनने के लिए यह लिंक खोलें:"],
      linkText: "पासवर्ड रीसेट करें",
      after: [
        "यह लिंक एक ही बार, एक घंटे तक काम करेगा। नया पासवर्ड सेट करने पर आप हर डिवाइस से साइन आउट हो जाएँगे।",
        "अगर आपने यह अनुरोध नहीं किया है, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड पहले जैसा ही रहेगा।",
      ],
    }),
    confirmNewAddress: (name) => ({
      subject: "अपना नया ईमेल पता कन्फ़र्म करें",
      before: [`नमस्ते ${name} जी,`, `आपने अपने ${SHOP_NAME} अकाउंट के लिए यह पता इस्तेमाल करने का अनुरोध किया है। इसे कन्फ़र्म करने के लिए यह लिंक खोलें:`],
      linkText: "नया ईमेल पता कन्फ़र्म करें",
      after: ["जब तक आप कन्फ़र्म नहीं करते, आपके अकाउंट पर पुराना पता ही रहेगा। यह लिंक एक ही बार, एक घंटे तक काम करेगा।", "अगर आपने यह अनुरोध नहीं किया है, तो इस ईमेल को अनदेखा कर दें।"],
    }),
    verify: (name) => ({
      subject: "अपना ईमेल वेरिफ़ाई करें",
      before: [`नमस्ते ${name} जी,`, `कृपया कन्फ़र्म करें कि यह आपके ${SHOP_NAME} अकाउंट का ईमेल पता है:`],
      linkText: "ईमेल वेरिफ़ाई करें",
      after: ["यह लिंक एक ही बार, एक घंटे तक काम करेगा।", "अगर आपने अकाउंट नहीं बनाया है, तो इस ईमेल को अनदेखा कर दें।"],
    }),
    changed: (name, oldEmail, newEmail, days) => ({
      subject: "आपके अकाउंट का ईमेल पता बदल गया है",
      before: [
        `नमस्ते ${name} जी,`,
        `आपके ${SHOP_NAME} अकाउंट का ईमेल पता ${oldEmail} से बदलकर ${newEmail} कर दिया गया है। आपके अकाउंट और ऑर्डर से जुड़े ईमेल अब इसी पते पर जाएँगे।`,
        "अगर यह बदलाव आपने नहीं किया है, तो इसे वापस लेने के लिए यह लिंक खोलें:",
      ],
      linkText: "ईमेल का बदलाव वापस लें",
      after: [
        `वापस लेने पर ${oldEmail} फिर से आपका पता बन जाएगा, अकाउंट हर डिवाइस से साइन आउट हो जाएगा और उसका पासवर्ड काम नहीं करेगा; फिर हम ${oldEmail} पर नया पासवर्ड चुनने का लिंक भेजेंगे।`,
        `यह लिंक एक ही बार, ${days} दिन तक काम करेगा। अगर यह बदलाव आपने ख़ुद किया है, तो इस ईमेल को अनदेखा कर दें।`,
      ],
    }),
  },
};

export function resetPasswordEmail(publicUrl: string, user: Recipient, token: string): EmailMessage {
  const language = user.language ?? "en";
  return linkEmail(user.email, `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`, language, ACCOUNT_EMAIL_TEXT[language].reset(user.name));
}

export function verificationEmail(publicUrl: string, user: Recipient, token: string, change: boolean): EmailMessage {
  const language = user.language ?? "en";
  const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const t = ACCOUNT_EMAIL_TEXT[language];
  return linkEmail(user.email, link, language, change ? t.confirmNewAddress(user.name) : t.verify(user.name));
}

/** To the old address when the account's email has changed: what happened, and the undo link. */
export function emailChangedEmail(
  publicUrl: string,
  user: { name: string; oldEmail: string; newEmail: string; language?: Language },
  undoToken: string,
): EmailMessage {
  const days = UNDO_LINK_SECONDS / (24 * 60 * 60);
  const language = user.language ?? "en";
  return linkEmail(
    user.oldEmail,
    `${publicUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`,
    language,
    ACCOUNT_EMAIL_TEXT[language].changed(user.name, user.oldEmail, user.newEmail, days),
  );
}

/** The account's language (decisions/064), by id or else by address: Better Auth's user objects do not carry it. */
async function accountLanguage(db: Database, user: Recipient): Promise<Language> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(user.id ? eq(users.id, user.id) : eq(users.email, user.email))
    .limit(1);
  return row?.language ?? "en";
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
      await queueEmail(db, resetPasswordEmail(publicUrl, { ...user, language: await accountLanguage(db, user) }, token));
    },
    sendVerificationEmail: async ({ user, token }: { user: Recipient; token: string }) => {
      const change = isEmailChangeToken(token);
      if (!user.id) throw new Error("Better Auth asked for a verification email without the account's id");
      await recordLink(db, { userId: user.id, kind: change ? "change-email" : "verify-email", email: user.email, token, seconds: VERIFY_LINK_SECONDS });
      await queueEmail(db, verificationEmail(publicUrl, { ...user, language: await accountLanguage(db, user) }, token, change));
    },
  };
}
