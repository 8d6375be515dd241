import { describe, expect, it } from "vitest";
import { formatInvoiceDate, formatRate } from "./invoices.ts";

describe("invoice formatting", () => {
  it("writes rates and dates", () => {
    expect(formatRate(500)).toBe("5%");
    expect(formatRate(1250)).toBe("12.5%");
    expect(formatInvoiceDate("2028-03-31")).toBe("31 Mar 2028");
    expect(formatInvoiceDate("2026-11-20T20:00:00.000Z")).toBe("21 Nov 2026"); // 01:30 in India
  });
});
