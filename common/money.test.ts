import { describe, expect, it } from "vitest";
import { formatAmount, formatInvoiceRupees, formatRupeeAmount, formatRupees, paiseToRupees, rupeesToPaise } from "./money.ts";

describe("paise and rupees", () => {
  it.each([
    [0, 0],
    [6900, 69],
    [24050, 240.5],
    [12345650, 123456.5],
    [1, 0.01],
    [99, 0.99],
  ])("%i paise is ₹%d", (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it("round-trips every amount up to ₹1,000 without floating-point drift", () => {
    const drifted: number[] = [];
    for (let paise = 0; paise <= 100_000; paise++) {
      if (rupeesToPaise(paiseToRupees(paise)) !== paise) drifted.push(paise);
    }
    expect(drifted).toEqual([]);
  });

  it("rounds rupee amounts whose binary form is slightly off (0.1 + 0.2, 1.15, 19.99)", () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(1.15)).toBe(115);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(4.35 * 3)).toBe(1305);
  });

  it("treats fractional paise as whole paise", () => {
    expect(paiseToRupees(12.4)).toBe(0.12);
    expect(paiseToRupees(12.6)).toBe(0.13);
  });
});

describe("formatRupees", () => {
  it.each([
    [0, "₹0"],
    [6900, "₹69"],
    [24050, "₹240.50"],
    [24055, "₹240.55"],
    [99900, "₹999"],
    [100000, "₹1,000"],
    [12345650, "₹1,23,456.50"],
    [34830, "₹348.30"],
    [1000000000, "₹1,00,00,000"],
    [-50000, "-₹500"],
  ])("%i paise is shown as %s", (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });
});

describe("formatRupeeAmount", () => {
  const whole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
  const withPaise = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });
  const intl = { format: (rupees: number) => (Math.round(rupees * 100) % 100 === 0 ? whole : withPaise).format(rupees) };

  it("prints what Intl's en-IN rupee format prints (no decimals for whole rupees, else two), for every paise up to ₹2,000 and for large and negative amounts", () => {
    const differ: string[] = [];
    const check = (rupees: number) => {
      if (formatRupeeAmount(rupees) !== intl.format(rupees)) differ.push(`${rupees}: ${formatRupeeAmount(rupees)} ≠ ${intl.format(rupees)}`);
    };
    for (let paise = 0; paise <= 200_000; paise++) check(paiseToRupees(paise));
    for (const rupees of [123456.5, 1234567.89, 10000000, 999999999.99, 500000, -0.5, -69, -123456.75, 0.004, 19.999]) check(rupees);
    expect(differ.slice(0, 10)).toEqual([]);
  });
});

describe("invoice amounts", () => {
  it("writes paise as rupees with two decimals and Indian grouping", () => {
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(24050)).toBe("240.50");
    expect(formatAmount(100000)).toBe("1,000.00");
    expect(formatAmount(12345678)).toBe("1,23,456.78");
    expect(formatAmount(1234567890)).toBe("1,23,45,678.90");
    expect(formatInvoiceRupees(48100)).toBe("₹481.00");
    expect(formatInvoiceRupees(-250)).toBe("-₹2.50");
  });
});
