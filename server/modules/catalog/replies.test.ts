import { describe, expect, it } from "vitest";
import { reviewReply } from "./replies.ts";

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
