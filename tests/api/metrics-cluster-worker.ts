// A small cluster for tests/api/metrics.test.ts: the primary relays metrics (server/http/metrics-relay.mjs)
// and forks two workers sharing a port, each with the shop's request metrics, /metrics and joinClusterMetrics.
// Prints JSON lines: { ready: port } once both workers listen. GET /exit ends the worker that answers it.
import cluster from "node:cluster";
import express from "express";
import type { ShopContext } from "#server/context.ts";
import { joinClusterMetrics, metricsHandler, requestMetrics } from "#server/http/metrics.ts";
// @ts-expect-error: plain JavaScript module without types
import { relayMetrics } from "#server/http/metrics-relay.mjs";

const port = Number(process.argv[2]);
const WORKERS = 2;

if (cluster.isPrimary) {
  relayMetrics(cluster);
  let listening = 0;
  for (let i = 0; i < WORKERS; i++) {
    cluster.fork().on("listening", () => {
      listening += 1;
      if (listening === WORKERS) console.log(JSON.stringify({ ready: port }));
    });
  }
  cluster.on("exit", () => console.log(JSON.stringify({ exited: true })));
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  // What /metrics reads of the shop: no token, not production, an embedded database that does not answer.
  const shop = {
    config: { metricsToken: undefined, isProduction: false },
    database: { kind: "pglite", db: {} },
    db: { execute: () => Promise.reject(new Error("no database in this test")) },
  } as unknown as ShopContext;
  joinClusterMetrics(shop);
  const app = express();
  app.use(requestMetrics);
  app.get("/hit/:n", (_req, res) => {
    res.json({ pid: process.pid });
  });
  app.get("/exit", (_req, res) => {
    res.set("Connection", "close").json({ pid: process.pid });
    res.on("finish", () => setTimeout(() => process.exit(0), 50));
  });
  app.get("/metrics", metricsHandler(shop));
  app.listen(port, "127.0.0.1");
}
