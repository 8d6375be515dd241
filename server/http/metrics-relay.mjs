// The cluster primary's half of GET /metrics (decisions/034; the worker's half is
// joinClusterMetrics in server/http/metrics.ts). The workers share one port, so a scrape reaches
// any one of them: that worker asks the primary, the primary asks every live worker for its
// figures (prom-client's JSON) and answers with them added up by prom-client's
// AggregatorRegistry. The counters and histograms of workers that exited are kept (their last
// answer), so the shop's counters never go down when a worker is replaced. Plain JavaScript: the
// primary runs without the bundle.
import { AggregatorRegistry } from "prom-client";

const COLLECT = "shop:metrics:collect";
const ASK = "shop:metrics:process?";
const ANSWER = "shop:metrics:process";
const ADDED_UP = "shop:metrics:added-up";

/** A worker's counts without its gauges: what stays of it once it has exited. */
const countsOnly = (metrics) => metrics.filter((metric) => metric.type === "counter" || metric.type === "histogram");

/**
 * Answers the workers' metrics requests. `timeoutMs`: how long to wait for a busy worker; one
 * that does not answer in time is left out of that scrape (its counts come back in the next).
 */
export function relayMetrics(cluster, timeoutMs = 1000) {
  /** The last answer of each live worker, by worker id. */
  const latest = new Map();
  /** What each exited worker had counted: added into every scrape. */
  const retired = [];

  cluster.on("exit", (worker) => {
    const last = latest.get(worker.id);
    latest.delete(worker.id);
    if (last) retired.push(countsOnly(last));
  });

  cluster.on("message", (asker, message) => {
    if (message?.type !== COLLECT) return;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
    const answers = new Map();
    let finished = false;
    const finish = async () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      cluster.off("message", onAnswer);
      const text = await AggregatorRegistry.aggregate([...answers.values(), ...retired]).metrics();
      if (asker.isConnected()) asker.send({ type: ADDED_UP, id: message.id, text });
    };
    const onAnswer = (worker, reply) => {
      if (reply?.type !== ANSWER || reply.id !== message.id) return;
      answers.set(worker.id, reply.metrics);
      latest.set(worker.id, reply.metrics);
      if (answers.size === workers.length) void finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    cluster.on("message", onAnswer);
    for (const worker of workers) worker.send({ type: ASK, id: message.id });
    if (workers.length === 0) void finish();
  });
}
