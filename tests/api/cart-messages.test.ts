// The cart's, coupon's, delivery check's and product page actions' English sentences (the JSON
// API's contract) are shown in Hindi on /hi pages by the API sentences' one mechanism
// (app/lib/api-sentences.ts, its sources the shop layout's CART_SOURCES and the product actions' keys):
// every sentence the server or the browser's own checks can say must be known, so none falls back
// to "something went wrong".
import { describe, expect, it } from "vitest";
import { BACK_IN_STOCK_MESSAGES, backInStockRequestedMessage } from "#common/back-in-stock.ts";
import { CART_MESSAGES as CART_INPUT_MESSAGES } from "#common/cart.ts";
import { COUPON_MESSAGES } from "#common/coupons.ts";
import { PIN_CODE_MESSAGE } from "#common/india.ts";
import { tooManyRequestsMessage } from "#common/messages.ts";
import { PRESCRIPTION_MESSAGES } from "#common/prescriptions.ts";
import { RATING_MESSAGE, REVIEW_FORM_MESSAGES } from "#common/review.ts";
import { DELIVERY_CHECK_TEXTS, SERVICEABILITY_MESSAGES } from "#common/serviceability.ts";
import { CART_MESSAGES as SERVER_CART_MESSAGES } from "#server/modules/cart/replies.ts";
import { REVIEW_MESSAGES } from "#server/modules/catalog/replies.ts";
import { localizeAnswer } from "~/components/product/action-messages.server.ts";
import { apiText } from "~/lib/api-sentences.ts";
import { sourcesOf } from "~/lib/api-sentences.server.ts";
import { CART_MESSAGES as CLIENT_CART_MESSAGES } from "~/lib/cart.tsx";
import { translator } from "~/lib/i18n.tsx";
import { catalogue } from "~/lib/i18n.server.ts";
import { CART_SOURCES } from "~/routes/shop-layout.server.ts";

const hi = translator("hi", { ...catalogue("hi", "cart"), ...catalogue("hi", "product") });
const en = translator("en", catalogue("en", "cart"));
const FALLBACK = hi("cart.error.other");
/** What the cart drawer's `useApiText(["cart"], "cart.error.other")` says on a Hindi page, and on an English one (no sources). */
const cartMessage = (sentence: string, language: "en" | "hi", t: typeof hi) =>
  language === "en" ? sentence : apiText(sourcesOf(...CART_SOURCES).cart ?? [], t, language, "cart.error.other")(sentence);

describe("the cart's sentences on Hindi pages", () => {
  const sentences: string[] = [
    ...Object.values(CLIENT_CART_MESSAGES).filter((text) => text !== CLIENT_CART_MESSAGES.other),
    ...Object.values(SERVER_CART_MESSAGES).flatMap((text) => (typeof text === "string" && !/guest/i.test(text) ? [text] : [])),
    SERVER_CART_MESSAGES.onlyAvailable(3),
    SERVER_CART_MESSAGES.overLimit(10),
    PRESCRIPTION_MESSAGES.notSoldOnline("Some Medicine 5 mg"),
    CART_INPUT_MESSAGES.quantityAtLeastOne,
    ...Object.values(COUPON_MESSAGES).flatMap((text) => (typeof text === "string" ? [text] : [])),
    COUPON_MESSAGES.minOrder(12_345),
    tooManyRequestsMessage(30),
    tooManyRequestsMessage(600),
    PIN_CODE_MESSAGE,
    SERVICEABILITY_MESSAGES.pin,
    DELIVERY_CHECK_TEXTS.failed,
  ];

  it.each(sentences)("knows %j", (sentence) => {
    const said = cartMessage(sentence, "hi", hi);
    expect(said).not.toBe(FALLBACK);
    expect(said).toMatch(/[\u0900-\u097F]/);
  });

  it("keeps the numbers and names of a sentence", () => {
    expect(cartMessage("Only 3 items available", "hi", hi)).toBe("सिर्फ़ 3 यूनिट उपलब्ध हैं");
    expect(cartMessage(COUPON_MESSAGES.minOrder(12_345), "hi", hi)).toContain("₹123.45");
    expect(cartMessage(tooManyRequestsMessage(600), "hi", hi)).toContain("10 मिनट");
  });

  it("leaves English as it is, and says an unknown sentence as a Hindi failure", () => {
    expect(cartMessage("Only 3 items available", "en", en)).toBe("Only 3 items available");
    expect(cartMessage("A sentence nobody wrote", "hi", hi)).toBe(FALLBACK);
  });
});

describe("the product page actions' sentences on Hindi pages", () => {
  const sentences = [
    ...Object.values(REVIEW_MESSAGES),
    RATING_MESSAGE,
    ...Object.values(REVIEW_FORM_MESSAGES),
    ...Object.values(BACK_IN_STOCK_MESSAGES),
    backInStockRequestedMessage("asha@example.com"),
    tooManyRequestsMessage(120),
  ];

  it.each(sentences)("knows %j", (sentence) => {
    const said = localizeAnswer({ message: sentence, errors: { comment: sentence } }, "hi", "product.reviews.failed");
    expect(said.message).not.toBe(hi("product.reviews.failed"));
    expect(said.message).toMatch(/[\u0900-\u097F]/);
    expect(said.errors?.comment).toBe(said.message);
  });

  it("keeps the address of the thank-you, and English as it is", () => {
    expect(localizeAnswer({ message: backInStockRequestedMessage("asha@example.com") }, "hi", "product.notify.failed").message).toContain("asha@example.com");
    const answer = { ok: true, message: REVIEW_MESSAGES.thanks, errors: {} };
    expect(localizeAnswer(answer, "en", "product.reviews.failed")).toBe(answer);
  });
});
