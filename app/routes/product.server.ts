// The product page's server side: the product, its reviews and similar products, and the review form.
import type { AppLoadContext } from "react-router";
import type { Language } from "#common/language.ts";
import type { Reply } from "#server/replies.ts";
import { getProduct, similarProducts } from "#server/modules/catalog/products.ts";
import { REVIEW_SIGN_IN_REPLY, reviewReply } from "#server/modules/catalog/replies.ts";
import { addReview, listReviews } from "#server/modules/catalog/reviews.ts";
import { substitutesOf } from "#server/modules/catalog/substitutes.ts";
import { deliveryCheckForPage } from "#server/modules/delivery/courier-network.ts";
import { dispatchConfig } from "#server/modules/settings/settings.ts";
import { toCardProduct } from "~/components/catalog/product-card";
import { toSubstitute } from "~/components/product/substitutes";

/** The product and its reviews (null when there is no such product), and its similar products as a promise to stream. */
export async function loadProductPage(context: AppLoadContext, productId: string, language: Language) {
  const { db, logger } = context.shop;
  const [product, reviews] = await Promise.all([getProduct(db, productId, language), listReviews(db, productId)]);
  if (!product) return null;
  // Streamed after the first paint; a failure leaves the section out rather than failing the page.
  const similar = similarProducts(db, product._id, language)
    .then((list) => (list ?? []).map(toCardProduct))
    .catch((error: unknown) => {
      logger.warn({ err: error, requestId: context.requestId }, "similar products failed");
      return [];
    });
  // The same salt composition, cheapest first (decisions/028); streamed like the similar products.
  const substitutes = substitutesOf(db, product._id, language)
    .then((list) => (list ?? []).map(toSubstitute))
    .catch((error: unknown) => {
      logger.warn({ err: error, requestId: context.requestId }, "substitutes failed");
      return [];
    });
  return { product, reviews: reviews ?? [], similar, substitutes };
}

/**
 * The review form's use case, answered from the catalogue's one reply table (as POST
 * /api/products/:id/reviews): a visitor is asked to sign in before the form is read.
 */
export async function addReviewFromForm(context: AppLoadContext, productId: string, form: () => Promise<FormData>): Promise<Reply> {
  if (!context.user) return REVIEW_SIGN_IN_REPLY;
  const result = await addReview(context.shop, { productId, user: { id: context.user.id, name: context.user.name } }, Object.fromEntries(await form()));
  return reviewReply(result);
}

/** The "Check delivery" box without JavaScript: the page's `?pin=` answered by its loader (decisions/021). */
export async function checkDeliveryForPage(context: AppLoadContext, request: Request) {
  return deliveryCheckForPage(context.shop, await dispatchConfig(context.shop), new URL(request.url).searchParams.get("pin"), context.clientIp);
}
