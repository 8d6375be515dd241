// Delivery-date arithmetic (decisions/021): working days are Monday to Saturday, counted in IST
// from the dispatch day; an order before the cut-off leaves the same working day.
import { describe, expect, it } from "vitest";
import { addWorkingDays, dispatchDay, estimateDelivery } from "./serviceability.ts";

/** An instant given as IST wall-clock time ("2025-11-24T10:00" → 04:30 UTC). */
const ist = (local: string) => new Date(`${local}:00+05:30`);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe("dispatchDay", () => {
  it("is today on a working day before the cut-off", () => {
    expect(day(dispatchDay(ist("2025-11-24T10:00")))).toBe("2025-11-24"); // Monday
    expect(day(dispatchDay(ist("2025-11-24T13:59")))).toBe("2025-11-24");
  });

  it("is the next working day at or after the cut-off", () => {
    expect(day(dispatchDay(ist("2025-11-24T14:00")))).toBe("2025-11-25");
    expect(day(dispatchDay(ist("2025-11-24T23:59")))).toBe("2025-11-25");
  });

  it("skips Sunday: Saturday after the cut-off and all of Sunday dispatch on Monday", () => {
    expect(day(dispatchDay(ist("2025-11-29T09:00")))).toBe("2025-11-29"); // Saturday morning
    expect(day(dispatchDay(ist("2025-11-29T15:00")))).toBe("2025-12-01");
    expect(day(dispatchDay(ist("2025-11-30T08:00")))).toBe("2025-12-01"); // Sunday
  });

  it("reads the day in IST, not UTC: 01:00 IST on Monday is still Sunday in UTC", () => {
    expect(day(dispatchDay(new Date("2025-11-23T19:30:00Z")))).toBe("2025-11-24"); // Mon 01:00 IST
    // 20:00 UTC on Monday is 01:30 IST on Tuesday: before the cut-off, so Tuesday.
    expect(day(dispatchDay(new Date("2025-11-24T20:00:00Z")))).toBe("2025-11-25");
  });

  it("follows the configured cut-off", () => {
    expect(day(dispatchDay(ist("2025-11-24T11:00"), { dispatchCutoff: "11:00" }))).toBe("2025-11-25");
    expect(day(dispatchDay(ist("2025-11-24T10:59"), { dispatchCutoff: "11:00" }))).toBe("2025-11-24");
  });
});

describe("addWorkingDays and estimateDelivery", () => {
  it("counts Monday to Saturday only", () => {
    const friday = new Date(Date.UTC(2025, 10, 28));
    expect(day(addWorkingDays(friday, 0))).toBe("2025-11-28");
    expect(day(addWorkingDays(friday, 1))).toBe("2025-11-29"); // Saturday
    expect(day(addWorkingDays(friday, 2))).toBe("2025-12-01"); // over Sunday
    expect(day(addWorkingDays(friday, 7))).toBe("2025-12-06");
  });

  it("gives the window from the dispatch day: Monday 10:00, 2-3 days → Wed to Thu", () => {
    expect(estimateDelivery(ist("2025-11-24T10:00"), 2, 3)).toEqual({ from: "2025-11-26", to: "2025-11-27" });
  });

  it("moves a day after the cut-off, and over the weekend", () => {
    expect(estimateDelivery(ist("2025-11-24T16:00"), 2, 3)).toEqual({ from: "2025-11-27", to: "2025-11-28" });
    // Friday after the cut-off: dispatched Saturday; 2 working days → Tuesday, 3 → Wednesday.
    expect(estimateDelivery(ist("2025-11-28T16:00"), 2, 3)).toEqual({ from: "2025-12-02", to: "2025-12-03" });
    // Sunday: dispatched Monday; islands 8-10 working days.
    expect(estimateDelivery(ist("2025-11-30T12:00"), 8, 10)).toEqual({ from: "2025-12-10", to: "2025-12-12" });
  });

  it("crosses a year end", () => {
    expect(estimateDelivery(ist("2025-12-31T15:00"), 1, 2)).toEqual({ from: "2026-01-02", to: "2026-01-03" });
  });
});
