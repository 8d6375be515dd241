import { describe, expect, it } from "vitest";
import { allowedTypos, editDistance, searchWords } from "./search.ts";

describe("searchWords", () => {
  it("lower-cases, splits on anything but letters and digits, and drops repeats", () => {
    expect(searchWords("Whey  PROTEIN, whey!")).toEqual(["whey", "protein"]);
    expect(searchWords("Omega-3 (D3)")).toEqual(["omega", "3", "d3"]);
    expect(searchWords("अश्वगंधा tablets")).toEqual(["अश्वगंधा", "tablets"]);
  });

  it("has no words for punctuation, and keeps queries small", () => {
    expect(searchWords("%_'\\:*!()")).toEqual([]);
    expect(searchWords("a b c d e f g h")).toHaveLength(6);
    expect(searchWords("x".repeat(500))[0]).toHaveLength(40);
  });
});

describe("editDistance", () => {
  it.each([
    ["protien", "protein", 1],
    ["macnursh", "macnurish", 1],
    ["electrolite", "electrolyte", 1],
    ["zinc", "zinc", 0],
    ["protien", "protect", 3],
    ["", "abc", 3],
    ["kitten", "sitting", 3],
  ])("%s → %s is %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe("allowedTypos", () => {
  it("corrects no short words, one typo in most words and two in long ones", () => {
    expect(allowedTypos("d3")).toBe(0);
    expect(allowedTypos("zin")).toBe(0);
    expect(allowedTypos("zinc")).toBe(1);
    expect(allowedTypos("protien")).toBe(1);
    expect(allowedTypos("ashwaganda")).toBe(2);
  });
});
