import { describe, expect, it } from "vitest";
import { allocate, couponDiscount, type DiscountLine, type DiscountRule } from "./discount.ts";

const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  type: "percent",
  percentBps: 1000,
  amountPaise: null,
  maxDiscountPaise: null,
  categories: [],
  productIds: [],
  includeRx: false,
  ...overrides,
});

const line = (overrides: Partial<DiscountLine> = {}): DiscountLine => ({
  productId: "p1",
  category: "Women Care",
  prescriptionRequired: false,
  unitPricePaise: 10_000,
  quantity: 1,
  ...overrides,
});

describe("couponDiscount", () => {
  it("takes a percentage of the eligible lines, rounded half up", () => {
    const result = couponDiscount(rule({ percentBps: 1000 }), [line({ unitPricePaise: 12_345 })]);
    expect(result.discountPaise).toBe(1235);
    expect(result.lineDiscounts).toEqual([1235]);
  });

  it("leaves prescription-only lines out unless the coupon includes them", () => {
    const lines = [line({ productId: "otc" }), line({ productId: "rx", prescriptionRequired: true, unitPricePaise: 50_000 })];
    expect(couponDiscount(rule(), lines)).toMatchObject({ eligiblePaise: 10_000, discountPaise: 1000, lineDiscounts: [1000, 0] });
    expect(couponDiscount(rule({ includeRx: true }), lines)).toMatchObject({ eligiblePaise: 60_000, discountPaise: 6000 });
  });

  it("applies only to the sections or products it is restricted to", () => {
    const lines = [line({ productId: "a", category: "Women Care" }), line({ productId: "b", category: "Sports Nutrition" }), line({ productId: "c", category: "Kids Nutrition" })];
    expect(couponDiscount(rule({ categories: ["Sports Nutrition"] }), lines).lineDiscounts).toEqual([0, 1000, 0]);
    expect(couponDiscount(rule({ categories: ["Sports Nutrition"], productIds: ["c"] }), lines).lineDiscounts).toEqual([0, 1000, 1000]);
    expect(couponDiscount(rule({ productIds: ["zzz"] }), lines).discountPaise).toBe(0);
  });

  it("is capped by the maximum discount", () => {
    expect(couponDiscount(rule({ percentBps: 5000, maxDiscountPaise: 2500 }), [line({ quantity: 3 })]).discountPaise).toBe(2500);
  });

  it("never takes more than the eligible value", () => {
    const result = couponDiscount(rule({ type: "fixed", percentBps: null, amountPaise: 50_000 }), [
      line({ unitPricePaise: 3000 }),
      line({ productId: "rx", prescriptionRequired: true, unitPricePaise: 90_000 }),
    ]);
    expect(result).toMatchObject({ itemsPaise: 93_000, eligiblePaise: 3000, discountPaise: 3000, lineDiscounts: [3000, 0] });
  });

  it("shares a fixed amount among the eligible lines in proportion, to the paisa", () => {
    const result = couponDiscount(rule({ type: "fixed", percentBps: null, amountPaise: 10_000 }), [
      line({ unitPricePaise: 10_000 }),
      line({ productId: "p2", unitPricePaise: 10_000 }),
      line({ productId: "p3", unitPricePaise: 10_000 }),
    ]);
    expect(result.lineDiscounts).toEqual([3334, 3333, 3333]);
  });
});

describe("allocate (largest remainder)", () => {
  it("adds up exactly and never gives a line more than its value, over many random cases", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 2000; run++) {
      const weights = Array.from({ length: 1 + Math.floor(random() * 8) }, () => (random() < 0.2 ? 0 : 1 + Math.floor(random() * 500_000)));
      const total = weights.reduce((a, b) => a + b, 0);
      const amount = Math.floor(random() * (total + 1));
      const shares = allocate(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : amount);
      shares.forEach((share, index) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(weights[index]!);
        // Within one paisa of the exact proportional share.
        if (total > 0) expect(Math.abs(share - (amount * weights[index]!) / total)).toBeLessThan(1);
      });
    }
  });
});
