import { SHOP_NAME } from "#common/brand.ts";
import { formatShortDate } from "#common/dates.ts";
import type { Language } from "#common/language.ts";
import type { EmailMessage } from "#server/modules/email/outbox.ts";

export interface BackInStockEmailInput {
  email: string;
  productId: string;
  /** The product's name in the email's language (its Hindi name where it has one, decisions/063). */
  productName: string;
  requestedAt: Date;
  /** The account's language for a signed-in shopper's request (decisions/064); a guest's is English. */
  language?: Language;
}

/** The email's words in each language (decisions/064). */
const TEXT: Record<Language, { back: (name: string) => string; asked: (date: string) => string; subject: (name: string) => string; see: string }> = {
  en: {
    back: (name) => `${name} is back in stock at ${SHOP_NAME}.`,
    asked: (date) => `You asked us on ${date} to tell you when it returns. This is the only email about that request; no unit is held for you.`,
    subject: (name) => `${name} is back in stock`,
    see: "See the product",
  },
  hi: {
    back: (name) => `${name} ${SHOP_NAME} पर फिर से स्टॉक में है।`,
    asked: (date) => `आपने ${date} को कहा था कि इसके वापस आने पर हम आपको बताएँ। इस अनुरोध के बारे में यह अकेला ईमेल है; आपके लिए कोई यूनिट अलग नहीं रखी गई है।`,
    subject: (name) => `${name} फिर से स्टॉक में है`,
    see: "प्रोडक्ट देखें",
  },
};

/**
 * The one email of a back-in-stock request: the product is available again, with its link. No
 * unit is held for the shopper, and the email says so rather than urging a hurry.
 */
export function backInStockEmail(request: BackInStockEmailInput, publicUrl: string): EmailMessage {
  const link = `${publicUrl}/product/${encodeURIComponent(request.productId)}`;
  const language = request.language ?? "en";
  const t = TEXT[language];
  const paragraphs = [t.back(request.productName), t.asked(formatShortDate(request.requestedAt, language))];
  return {
    to: request.email,
    subject: t.subject(request.productName),
    text: [...paragraphs.flatMap((p) => [p, ""]), `${t.see}: ${link}`, "", SHOP_NAME, ""].join("\n"),
  };
}
