import { describe, expect, it } from "vitest";
import { financialYearOf, formatInvoiceSerial } from "./numbering.ts";

describe("financialYearOf", () => {
  it("runs from 1 April to 31 March", () => {
    expect(financialYearOf(new Date("2026-04-15T12:00:00+05:30"))).toBe("2026-27");
    expect(financialYearOf(new Date("2027-03-15T12:00:00+05:30"))).toBe("2026-27");
    expect(financialYearOf(new Date("2026-12-31T12:00:00+05:30"))).toBe("2026-27");
    expect(financialYearOf(new Date("2026-01-01T12:00:00+05:30"))).toBe("2025-26");
    expect(financialYearOf(new Date("2099-06-01T00:00:00Z"))).toBe("2099-00");
  });

  it("rolls over at midnight of 1 April in India, not in UTC", () => {
    expect(financialYearOf(new Date("2027-03-31T23:59:59.999+05:30"))).toBe("2026-27");
    expect(financialYearOf(new Date("2027-04-01T00:00:00+05:30"))).toBe("2027-28");
    // 31 March 19:00 UTC is already 1 April 00:30 in India
    expect(financialYearOf(new Date("2027-03-31T19:00:00Z"))).toBe("2027-28");
    expect(financialYearOf(new Date("2027-03-31T18:29:59Z"))).toBe("2026-27");
  });
});

describe("formatInvoiceSerial", () => {
  it("is INV/<years>/<six digits>, at most 16 characters", () => {
    expect(formatInvoiceSerial("2026-27", 1)).toBe("INV/2627/000001");
    expect(formatInvoiceSerial("2026-27", 123456)).toBe("INV/2627/123456");
    expect(formatInvoiceSerial("2099-00", 9_999_999)).toBe("INV/9900/9999999");
    expect(formatInvoiceSerial("2099-00", 9_999_999).length).toBeLessThanOrEqual(16);
  });

  it("refuses numbers that do not fit", () => {
    expect(() => formatInvoiceSerial("2026-27", 0)).toThrow(RangeError);
    expect(() => formatInvoiceSerial("2026-27", 10_000_000)).toThrow(RangeError);
    expect(() => formatInvoiceSerial("2026", 1)).toThrow(RangeError);
  });
});
