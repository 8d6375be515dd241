import { describe, expect, it } from "vitest";
import {
  addIstDays,
  formatDateTime,
  formatDeliveryDate,
  formatLongDate,
  formatMonthYear,
  formatShortDate,
  formatTime,
  istDateTimeLocal,
  istDay,
  istDayStart,
} from "./dates.ts";

describe("dates in India Standard Time", () => {
  it("shows an evening UTC instant as the next Indian day, after midnight", () => {
    const instant = "2026-11-23T20:08:00.000Z";
    expect(formatDateTime(instant)).toBe("24 Nov 2026, 1:38 am");
    expect(formatShortDate(new Date(instant))).toBe("24 Nov 2026");
    expect(formatLongDate(instant)).toBe("24 November 2026");
    expect(istDay(new Date(instant))).toBe("2026-11-24");
  });

  it("writes noon, midnight and the afternoon the Indian way", () => {
    expect(formatTime("2026-11-24T06:30:00Z")).toBe("12:00 pm");
    expect(formatTime("2026-11-23T18:30:00Z")).toBe("12:00 am");
    expect(formatTime("2026-11-24T12:45:00Z")).toBe("6:15 pm");
  });

  it("keeps a bare calendar date (an expiry, a chosen day) on its own day", () => {
    expect(formatShortDate("2027-03-31")).toBe("31 Mar 2027");
    expect(formatShortDate("2026-09-03")).toBe("3 Sep 2026");
    expect(formatMonthYear("2027-09-30")).toBe("Sep 2027");
  });

  it("starts and ends an Indian day at 18:30 UTC the evening before", () => {
    expect(istDayStart("2026-11-24").toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(istDay(new Date("2026-11-23T18:29:59.999Z"))).toBe("2026-11-23");
    expect(istDay(new Date("2026-11-23T18:30:00.000Z"))).toBe("2026-11-24");
    expect(istDay(istDayStart("2026-11-24"))).toBe("2026-11-24");
  });

  it("counts calendar days across months and years", () => {
    expect(addIstDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addIstDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("fills a datetime-local input with India's wall clock", () => {
    expect(istDateTimeLocal("2026-12-01T04:00:00Z")).toBe("2026-12-01T09:30");
  });
});

describe("dates in Hindi (decisions/064)", () => {
  it("writes a date with the Hindi month and Western digits", () => {
    expect(formatLongDate("2026-11-29", "hi")).toBe("29 नवंबर 2026");
    expect(formatLongDate("2027-02-01", "hi")).toBe("1 फ़रवरी 2027");
    expect(formatShortDate("2026-09-03", "hi")).toBe("3 सितंबर 2026");
    // An instant is still India's day: 20:08 UTC is after midnight in India.
    expect(formatLongDate("2026-11-23T20:08:00.000Z", "hi")).toBe("24 नवंबर 2026");
  });

  it("says the time of day as a word instead of am/pm, in IST", () => {
    expect(formatTime("2026-11-23T20:08:00Z", "hi")).toBe("रात 1:38 बजे");
    expect(formatTime("2026-11-24T03:00:00Z", "hi")).toBe("सुबह 8:30 बजे");
    expect(formatTime("2026-11-24T06:30:00Z", "hi")).toBe("दोपहर 12:00 बजे");
    expect(formatTime("2026-11-24T12:45:00Z", "hi")).toBe("शाम 6:15 बजे");
    expect(formatTime("2026-11-24T15:30:00Z", "hi")).toBe("रात 9:00 बजे");
    expect(formatTime("2026-11-23T18:30:00Z", "hi")).toBe("रात 12:00 बजे");
    expect(formatDateTime("2026-11-23T20:08:00.000Z", "hi")).toBe("24 नवंबर 2026, रात 1:38 बजे");
  });

  it("names the weekday of a delivery date in full", () => {
    expect(formatDeliveryDate("2025-11-27", "hi")).toBe("गुरुवार, 27 नवंबर");
    expect(formatDeliveryDate("2026-11-29", "hi")).toBe("रविवार, 29 नवंबर");
    expect(formatDeliveryDate("2026-12-05", "hi")).toBe("शनिवार, 5 दिसंबर");
    expect(formatDeliveryDate("not a date", "hi")).toBe("not a date");
  });

  it("leaves English as it was when no language is given", () => {
    expect(formatLongDate("2026-11-29")).toBe("29 November 2026");
    expect(formatLongDate("2026-11-29", "en")).toBe("29 November 2026");
    expect(formatDeliveryDate("2025-11-27")).toBe("Thu, 27 Nov");
    expect(formatDateTime("2026-11-23T20:08:00.000Z", "en")).toBe("24 Nov 2026, 1:38 am");
  });
});
