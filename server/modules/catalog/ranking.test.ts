import { describe, expect, it } from "vitest";
import { RATING_PRIOR_MEAN, RATING_PRIOR_WEIGHT, ratingScore } from "./ranking.ts";

describe("ratingScore (Highest Rated, decisions/026)", () => {
  it("is the prior for a product with no reviews", () => {
    expect(ratingScore(0, 0)).toBe(RATING_PRIOR_MEAN);
    expect(RATING_PRIOR_WEIGHT).toBe(5);
  });

  it("is the average with the prior's pseudo-reviews added", () => {
    expect(ratingScore(5, 1)).toBeCloseTo(20 / 6, 10);
    expect(ratingScore(4.5, 20)).toBeCloseTo((15 + 90) / 25, 10);
    expect(ratingScore(1, 2)).toBeCloseTo(17 / 7, 10);
  });

  it("ranks many good reviews above one perfect review, and a few bad reviews below none", () => {
    const ranked = [
      { name: "one 5-star review", score: ratingScore(5, 1) },
      { name: "twenty reviews averaging 4.5", score: ratingScore(4.5, 20) },
      { name: "no reviews", score: ratingScore(0, 0) },
      { name: "two 1-star reviews", score: ratingScore(1, 2) },
      { name: "three 5-star reviews", score: ratingScore(5, 3) },
    ]
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.name);
    expect(ranked).toEqual([
      "twenty reviews averaging 4.5",
      "three 5-star reviews",
      "one 5-star review",
      "no reviews",
      "two 1-star reviews",
    ]);
  });

  it("moves towards the true average as reviews come in, and stays within the scale", () => {
    let previous = ratingScore(0, 0);
    for (let count = 1; count <= 1000; count *= 10) {
      const score = ratingScore(4.8, count);
      expect(score).toBeGreaterThan(previous);
      expect(score).toBeLessThan(4.8);
      previous = score;
    }
    expect(ratingScore(4.8, 100_000)).toBeCloseTo(4.8, 3);
    for (const [average, count] of [[1, 1], [5, 1_000_000], [3, 7]] as const) {
      expect(ratingScore(average, count)).toBeGreaterThanOrEqual(1);
      expect(ratingScore(average, count)).toBeLessThanOrEqual(5);
    }
  });
});
