import { SHOP_NAME } from "#common/brand.ts";
import { formatShortDate } from "#common/dates.ts";
import type { EmailMessage } from "#server/modules/email/outbox.ts";

export interface BackInStockEmailInput {
  email: string;
  productId: string;
  productName: string;
  requestedAt: Date;
}

/**
 * The one email of a back-in-stock request: the product is available again, with its link. No
 * unit is held for the shopper, and the email says so rather than urging a hurry.
 */
export function backInStockEmail(request: BackInStockEmailInput, publicUrl: string): EmailMessage {
  const link = `${publicUrl}/product/${encodeURIComponent(request.productId)}`;
  const paragraphs = [
    `${request.productName} is back in stock at ${SHOP_NAME}.`,
    `You asked us on ${formatShortDate(request.requestedAt)} to tell you when it returns. This is the only email about that request; no unit is held for you.`,
  ];
  return {
    to: request.email,
    subject: `${request.productName} is back in stock`,
    text: [...paragraphs.flatMap((p) => [p, ""]), `See the product: ${link}`, "", SHOP_NAME, ""].join("\n"),
  };
}
