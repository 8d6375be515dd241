import { describe, expect, it } from "vitest";
import { formatAmount, formatInvoiceDate, formatInvoiceRupees, formatRate } from "./format.ts";

describe("invoice formatting", () => {
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

  it("writes rates and dates", () => {
    expect(formatRate(500)).toBe("5%");
    expect(formatRate(1250)).toBe("12.5%");
    expect(formatInvoiceDate("2028-03-31")).toBe("31 Mar 2028");
    expect(formatInvoiceDate("2026-11-20T20:00:00.000Z")).toBe("21 Nov 2026"); // 01:30 in India
  });
});
