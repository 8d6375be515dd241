import { describe, expect, it } from "vitest";
import { gstIncludedPaise, splitTax, sumSplits } from "./tax.ts";

describe("gstIncludedPaise", () => {
  it("finds the GST inside a GST-inclusive amount", () => {
    expect(gstIncludedPaise(10500, 500)).toBe(500); // ₹105 at 5% = ₹100 + ₹5
    expect(gstIncludedPaise(11800, 1800)).toBe(1800); // ₹118 at 18%
    expect(gstIncludedPaise(11200, 1200)).toBe(1200);
    expect(gstIncludedPaise(0, 500)).toBe(0);
    expect(gstIncludedPaise(24050, 0)).toBe(0); // nil-rated
  });

  it("rounds half up to the paisa", () => {
    // 48100 × 5/105 = 2290.476… → 2290
    expect(gstIncludedPaise(48100, 500)).toBe(2290);
    // 21 × 5/105 = 1 exactly; 31.5 × … : 63 × 5/105 = 3 exactly
    expect(gstIncludedPaise(21, 500)).toBe(1);
    // 42 × 5/105 = 2 exactly; 10.5 paise cases: 2205 × 500 / 10500 = 105 exactly
    // 2 × 1800 / 11800 = 0.305… → 0; 59 × 1800 / 11800 = 9 exactly; 33 × 1800/11800 = 5.03 → 5
    expect(gstIncludedPaise(33, 1800)).toBe(5);
    // exact half: 1 × 10000 / 20000 = 0.5 → 1 (rate 100%)
    expect(gstIncludedPaise(1, 10000)).toBe(1);
    expect(gstIncludedPaise(3, 10000)).toBe(2); // 1.5 → 2
  });

  it("agrees with the exact rational result for many amounts and rates", () => {
    for (const rate of [0, 500, 1200, 1800, 2800]) {
      for (let gross = 0; gross < 5000; gross += 7) {
        const exact = (gross * rate) / (10000 + rate);
        const tax = gstIncludedPaise(gross, rate);
        expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5);
        if (Math.abs(tax - exact) === 0.5) expect(tax).toBeGreaterThan(exact);
      }
    }
  });

  it("refuses fractional or negative paise and rates", () => {
    expect(() => gstIncludedPaise(10.5, 500)).toThrow(RangeError);
    expect(() => gstIncludedPaise(-1, 500)).toThrow(RangeError);
    expect(() => gstIncludedPaise(100, -5)).toThrow(RangeError);
    expect(() => gstIncludedPaise(100, 5.5)).toThrow(RangeError);
  });
});

describe("splitTax", () => {
  it("splits intra-state tax into CGST and SGST, half each", () => {
    expect(splitTax(10500, 500, false)).toEqual({
      grossPaise: 10500,
      taxablePaise: 10000,
      cgstPaise: 250,
      sgstPaise: 250,
      igstPaise: 0,
      taxPaise: 500,
    });
  });

  it("gives an odd paisa to CGST so the halves add up to the tax", () => {
    const split = splitTax(48100, 2291, false);
    expect(split.cgstPaise).toBe(1146);
    expect(split.sgstPaise).toBe(1145);
    expect(split.cgstPaise + split.sgstPaise).toBe(2291);
    expect(split.taxablePaise + split.taxPaise).toBe(48100);
  });

  it("charges inter-state tax as IGST only", () => {
    expect(splitTax(11800, 1800, true)).toEqual({
      grossPaise: 11800,
      taxablePaise: 10000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1800,
      taxPaise: 1800,
    });
  });

  it("refuses tax larger than the amount", () => {
    expect(() => splitTax(100, 101, false)).toThrow(RangeError);
  });
});

describe("sumSplits", () => {
  it("totals are the column sums, so taxable + tax = gross and CGST + SGST + IGST = tax, to the paisa", () => {
    const lines = [
      [24050 * 3, 500],
      [33333, 1800],
      [1, 500],
      [99999, 1200],
      [4810, 0],
    ].map(([gross, rate]) => splitTax(gross!, gstIncludedPaise(gross!, rate!), false));
    const total = sumSplits(lines);
    expect(total.grossPaise).toBe(24050 * 3 + 33333 + 1 + 99999 + 4810);
    expect(total.taxablePaise + total.taxPaise).toBe(total.grossPaise);
    expect(total.cgstPaise + total.sgstPaise + total.igstPaise).toBe(total.taxPaise);
    expect(total.taxPaise).toBe(lines.reduce((sum, line) => sum + line.taxPaise, 0));
    expect(sumSplits([])).toEqual({ grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 });
  });
});
