import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { areaGraph, findCircles, importGraph } from "#tests/support/import-graph.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("import circles", () => {
  it("none in server/, common/ and app/, counting type-only and dynamic imports too", () => {
    const graph = importGraph(root, ["server", "common", "app"], { types: true, dynamic: true });
    expect(graph.size).toBeGreaterThan(100);
    expect(findCircles(graph)).toEqual([]);
  });

  it("none among the domain's areas either: server/modules/<area>/ imports point one way", () => {
    const areas = areaGraph(importGraph(root, ["server"], { types: true, dynamic: true }));
    expect(areas.size).toBeGreaterThan(15);
    // The areas' graph, printed for whoever changes it (decisions/049 has it before and after issue 28).
    console.info([...areas].map(([area, edges]) => `${area} → ${edges.join(", ") || "—"}`).join("\n"));
    expect(findCircles(areas)).toEqual([]);
    expect(areas.has("admin"), "server/modules/admin/: admin use cases live in their areas").toBe(false);
  });
});

describe("the circle finder", () => {
  const fixture = mkdtempSync(path.join(tmpdir(), "import-circles-"));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  };

  it("finds a circle through the aliases, relative paths and re-exports, and not in comments", () => {
    write("server/modules/pay/gateway.ts", `import { razorpay } from "#server/modules/pay/razorpay.ts";\nexport const gateway = razorpay;\n`);
    write("server/modules/pay/razorpay.ts", `export { gateway as other } from "./gateway";\nexport const razorpay = 1;\n`);
    write("common/money.ts", `// import { x } from "~/lib/page.tsx";\nexport const paise = 1;\n`);
    write("app/lib/page.tsx", `import { paise } from "#common/money.ts";\nimport { gateway } from "../../server/modules/pay/gateway.ts";\nexport const page = paise + gateway;\n`);
    const graph = importGraph(fixture, ["server", "common", "app"]);
    expect(graph.get("app/lib/page.tsx")).toEqual(["common/money.ts", "server/modules/pay/gateway.ts"]);
    expect(graph.get("common/money.ts")).toEqual([]);
    expect(findCircles(graph)).toEqual([
      "server/modules/pay/gateway.ts → server/modules/pay/razorpay.ts → server/modules/pay/gateway.ts",
    ]);
  });

  it("counts type-only and dynamic imports only when asked", () => {
    write("server/a.ts", `import type { B } from "./b.ts";\nexport type A = B;\n`);
    write("server/b.ts", `export type B = string;\nexport const load = () => import("#server/a.ts");\n`);
    expect(findCircles(importGraph(fixture, ["server"]))).not.toContain("server/a.ts → server/b.ts → server/a.ts");
    expect(findCircles(importGraph(fixture, ["server"], { types: true, dynamic: true }))).toContain("server/a.ts → server/b.ts → server/a.ts");
    write("common/c.ts", `export type C = import("./d.ts").D;\n`);
    write("common/d.ts", `import type { C } from "#common/c.ts";\nexport type D = C[];\n`);
    expect(findCircles(importGraph(fixture, ["common"]))).toEqual([]);
    expect(findCircles(importGraph(fixture, ["common"], { types: true }))).toEqual(["common/c.ts → common/d.ts → common/c.ts"]);
  });

  it("draws the areas' graph from the files' imports, tests left out", () => {
    const graph = new Map([
      ["server/modules/orders/checkout.ts", ["server/modules/cart/cart.ts", "server/modules/orders/stock.ts", "server/db/tx.ts"]],
      ["server/modules/cart/cart.ts", ["server/modules/coupons/discount.ts"]],
      ["server/modules/cart/cart.test.ts", ["server/modules/orders/checkout.ts"]],
      ["server/modules/coupons/discount.ts", []],
      ["server/api/cart.ts", ["server/modules/cart/cart.ts"]],
    ]);
    expect(areaGraph(graph)).toEqual(new Map([["cart", ["coupons"]], ["coupons", []], ["orders", ["cart"]]]));
    graph.set("server/modules/coupons/discount.ts", ["server/modules/orders/checkout.ts"]);
    expect(findCircles(areaGraph(graph))).toEqual(["cart → coupons → orders → cart"]);
  });

  it("reports a file importing itself and a longer loop once each", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", ["d"]],
      ["e", ["a"]],
    ]);
    expect(findCircles(graph)).toEqual(["a → b → c → a", "d → d"]);
    expect(findCircles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });
});
