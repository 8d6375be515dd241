import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ImportGraph, importGraph } from "#tests/support/import-graph.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The layers above the domain: a module under server/modules/ never imports them. */
const ABOVE_THE_DOMAIN = ["server/http/", "server/jobs/", "server/api/"];

/**
 * A module's public face towards server/http: the only module files the HTTP layer may import.
 * Everything else in server/modules/ is the module's inside, reached through server/api/ and the
 * pages' adapters. Add a file here only when a middleware needs it, never a reply table or a use case.
 */
const PUBLIC_FACES = [
  // the products version every kept answer is keyed by (page-cache.ts, finished-responses.ts)
  "server/modules/catalog/catalogue-cache.ts",
  // the guest cart's cookie line (server/http/guest.ts)
  "server/modules/cart/guest-cookie.ts",
  // "orders placed", one definition for /metrics and the dashboard (metrics.ts)
  "server/modules/orders/placed.ts",
  // Shiprocket's shipments and webhooks counted in this process, read by /metrics when scraped (metrics.ts, issue 31)
  "server/modules/shipping/counters.ts",
];

/** Every import that points the wrong way, as "importer → imported: why". Type-only and dynamic imports count. */
function layerOffences(graph: ImportGraph, publicFaces: readonly string[] = PUBLIC_FACES): string[] {
  const offences: string[] = [];
  for (const [file, imports] of graph) {
    if (file.endsWith(".test.ts")) continue;
    for (const to of imports) {
      if (file.startsWith("server/modules/") && ABOVE_THE_DOMAIN.some((layer) => to.startsWith(layer))) {
        offences.push(`${file} → ${to}: a domain module imports a layer above it`);
      }
      if (file.startsWith("server/http/") && to.startsWith("server/modules/") && !publicFaces.includes(to)) {
        offences.push(`${file} → ${to}: server/http reaches inside a module (not in PUBLIC_FACES)`);
      }
    }
  }
  return offences.sort();
}

describe("layers point one way", () => {
  const graph = importGraph(root, ["server"], { types: true, dynamic: true });

  it("domain modules never import server/http, server/jobs or server/api; server/http only a module's public face", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(layerOffences(graph)).toEqual([]);
  });

  it("every public face is a module file that exists", () => {
    for (const face of PUBLIC_FACES) {
      expect(face.startsWith("server/modules/"), face).toBe(true);
      expect(graph.has(face), face).toBe(true);
    }
  });

  it("names each offender with the rule it breaks", () => {
    const fixture: ImportGraph = new Map([
      ["server/modules/orders/expiry.ts", ["server/jobs/scheduler.ts", "server/modules/orders/status.ts"]],
      ["server/modules/users/session.ts", ["server/http/guest.ts"]],
      ["server/modules/users/session.test.ts", ["server/api/users.ts"]],
      ["server/http/page-cache.ts", ["server/modules/catalog/catalogue-cache.ts", "server/modules/catalog/products.ts"]],
      ["server/api/orders.ts", ["server/modules/orders/status.ts", "server/http/errors.ts"]],
    ]);
    expect(layerOffences(fixture)).toEqual([
      "server/http/page-cache.ts → server/modules/catalog/products.ts: server/http reaches inside a module (not in PUBLIC_FACES)",
      "server/modules/orders/expiry.ts → server/jobs/scheduler.ts: a domain module imports a layer above it",
      "server/modules/users/session.ts → server/http/guest.ts: a domain module imports a layer above it",
    ]);
  });
});
