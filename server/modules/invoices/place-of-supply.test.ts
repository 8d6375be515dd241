import { describe, expect, it } from "vitest";
import { placeOfSupply, stateFromGstin, stateFromPin } from "./place-of-supply.ts";

const code = (pin: string) => stateFromPin(pin)?.code;

describe("stateFromPin", () => {
  it("reads the state from the postal circle", () => {
    expect(stateFromPin("560001")).toEqual({ code: "29", name: "Karnataka" });
    expect(code("590001")).toBe("29"); // Belagavi
    expect(code("110001")).toBe("07"); // New Delhi
    expect(code("400001")).toBe("27"); // Mumbai
    expect(code("600001")).toBe("33"); // Chennai
    expect(code("500001")).toBe("36"); // Hyderabad
    expect(code("520001")).toBe("37"); // Vijayawada
    expect(code("700001")).toBe("19"); // Kolkata
    expect(code("682001")).toBe("32"); // Kochi
    expect(code("226001")).toBe("09"); // Lucknow
    expect(code("800001")).toBe("10"); // Patna
  });

  it("knows the districts and towns that belong to another state than their circle", () => {
    expect(code("403001")).toBe("30"); // Panaji, Goa (Maharashtra circle)
    expect(code("605001")).toBe("34"); // Puducherry (Tamil Nadu circle)
    expect(code("160017")).toBe("04"); // Chandigarh (Punjab circle)
    expect(code("160062")).toBe("03"); // Mohali, Punjab
    expect(code("737101")).toBe("11"); // Gangtok, Sikkim
    expect(code("744101")).toBe("35"); // Port Blair
    expect(code("682555")).toBe("31"); // Lakshadweep
    expect(code("194101")).toBe("38"); // Leh, Ladakh
    expect(code("248001")).toBe("05"); // Dehradun, Uttarakhand
    expect(code("834001")).toBe("20"); // Ranchi, Jharkhand
    expect(code("793001")).toBe("17"); // Shillong, Meghalaya
    expect(code("396210")).toBe("26"); // Daman
  });

  it("accepts a space inside the PIN and refuses what is not a PIN", () => {
    expect(code("560 001")).toBe("29");
    expect(stateFromPin("56000")).toBeUndefined();
    expect(stateFromPin("056001")).toBeUndefined();
    expect(stateFromPin("SW1A 1AA")).toBeUndefined();
    expect(stateFromPin("990001")).toBeUndefined(); // Army Postal Service: no state
  });
});

describe("placeOfSupply", () => {
  it("is the PIN's state in India, Other Country abroad, unknown when the PIN names no state", () => {
    expect(placeOfSupply({ country: "India", postalCode: "560102" }).code).toBe("29");
    expect(placeOfSupply({ country: "USA", postalCode: "10001" })).toEqual({ code: "96", name: "Other Country" });
    expect(placeOfSupply({ country: "India", postalCode: "999999" }).code).toBe("97");
  });
});

describe("stateFromGstin", () => {
  it("reads the first two digits", () => {
    expect(stateFromGstin("29AABCH1234M1Z5")).toEqual({ code: "29", name: "Karnataka" });
    expect(stateFromGstin("27AABCH1234M1Z5").name).toBe("Maharashtra");
  });
});
