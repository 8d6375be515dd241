import { describe, expect, it } from "vitest";
import { INDIAN_STATES, isValidPin, normalizeIndianPhone } from "./india.ts";

describe("INDIAN_STATES", () => {
  it("has the 28 states and 8 union territories, once each", () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
  });
});

describe("normalizeIndianPhone", () => {
  it.each([
    ["+91 98450 12345", "9845012345"],
    ["+919845012345", "9845012345"],
    ["+91-98450-12345", "9845012345"],
    ["91 98450 12345", "9845012345"],
    ["098450-12345", "9845012345"],
    ["9845012345", "9845012345"],
    ["98450 12345", "9845012345"],
    ["(98450) 12345", "9845012345"],
    [" 6000000000 ", "6000000000"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeIndianPhone(input)).toBe(expected);
  });

  it.each(["", "0000000000", "5845012345", "984501234", "98450123456", "+1 98450 12345", "+44 9845012345", "9845o12345", "0091 98450 12345", "91984501234"])(
    "refuses %j",
    (input) => {
      expect(normalizeIndianPhone(input)).toBeNull();
    },
  );
});

describe("isValidPin", () => {
  it("is six digits not starting with 0", () => {
    expect(isValidPin("560102")).toBe(true);
    expect(isValidPin("110001")).toBe(true);
    for (const bad of ["056010", "56010", "5601022", "56O102", " 560102", "", "5601 2"]) expect(isValidPin(bad)).toBe(false);
  });
});
