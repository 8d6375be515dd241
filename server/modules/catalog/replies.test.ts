import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, REVIEW_MODERATION_MESSAGES } from "#common/admin.ts";
import { catalogReply, reviewReply } from "./replies.ts";

describe("reviewReply: one answer per outcome of adding a review, for the API and the product page", () => {
  it.each([
    [{ ok: false, reason: "already-reviewed" }, 409, "You have already reviewed this product"],
    [{ ok: false, reason: "product-not-found" }, 404, "Product not found"],
  ] as const)("%o → %i %s", (result, status, message) => {
    expect(reviewReply(result)).toEqual({ status, message });
  });

  it("a posted review is a 201 with the thanks the page shows", () => {
    const review = { _id: "r1", name: "A", rating: 5, comment: "Good", createdAt: new Date().toISOString() };
    expect(reviewReply({ ok: true, review } as never)).toEqual({ status: 201, message: "Thank you! Your review has been posted." });
  });

  it("a body that fails the review schema: 400 led by the first field's message, as both doors answer it", () => {
    const errors = { comment: "Comment is required" };
    expect(reviewReply({ ok: false, reason: "invalid", errors })).toEqual({ status: 400, message: "Comment is required", errors });
  });

  it("too many reviews: 429 with Retry-After", () => {
    expect(reviewReply({ ok: false, reason: "throttled", limit: "reviewsPerUser", retryAfterSeconds: 60 })).toMatchObject({
      status: 429,
      headers: { "Retry-After": "60" },
    });
  });
});

describe("catalogReply: the staff's catalogue writes", () => {
  it("answers invalid input as every reply table does: 400, the first field's message, every field's", () => {
    const invalid = { ok: false, reason: "invalid", errors: { name: "Name is required", email: "Email is required" } } as const;
    const expected = { status: 400, message: "Name is required", errors: invalid.errors };
    expect(catalogReply.writeProduct(invalid, "update")).toEqual(expected);
    expect(catalogReply.moderateReview(invalid)).toEqual(expected);
  });

  it("products: created 201, saved 200, deleted or unpublished, SKU and price refusals on their fields", () => {
    const product = { _id: "p1" } as never;
    expect(catalogReply.writeProduct({ ok: true, product }, "create")).toEqual({ status: 201, message: ADMIN_MESSAGES.productCreated });
    expect(catalogReply.writeProduct({ ok: true, product }, "update")).toEqual({ status: 200, message: "Product saved" });
    expect(catalogReply.writeProduct({ ok: false, reason: "sku-taken" }, "create")).toEqual({ status: 409, message: ADMIN_MESSAGES.skuTaken, errors: { sku: ADMIN_MESSAGES.skuTaken } });
    expect(catalogReply.writeProduct({ ok: false, reason: "price-above-mrp" }, "update")).toMatchObject({ status: 400, errors: { price: ADMIN_MESSAGES.priceAboveMrp } });
    expect(catalogReply.writeProduct({ ok: false, reason: "not-found" }, "update")).toEqual({ status: 404, message: ADMIN_MESSAGES.productNotFound });
    expect(catalogReply.deleteProduct({ ok: true, outcome: "deleted" })).toEqual({ status: 200, message: ADMIN_MESSAGES.productDeleted });
    expect(catalogReply.deleteProduct({ ok: true, outcome: "unpublished" })).toEqual({ status: 200, message: ADMIN_MESSAGES.productUnpublished });
    expect(catalogReply.deleteProduct({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ADMIN_MESSAGES.productNotFound });
  });

  it("reviews: deleted, or not found", () => {
    expect(catalogReply.moderateReview({ ok: true, outcome: "deleted" })).toEqual({ status: 200, message: REVIEW_MODERATION_MESSAGES.reviewDeleted });
    expect(catalogReply.moderateReview({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: REVIEW_MODERATION_MESSAGES.reviewNotFound });
  });
});
