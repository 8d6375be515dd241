// The cluster primary's half of GET /metrics (decisions/034; the worker's half is
// joinClusterMetrics in server/http/metrics.ts). The workers share one port, so a scrape reaches
// any one of them: that worker asks the primary, the primary asks every live worker for its
// snapshot and answers with all of them, and the worker adds them up. Counts of workers that
// exited are kept (their last snapshot), so the shop's counters never go down when a worker is
// replaced. Plain JavaScript: the primary runs without the bundle.

const COLLECT = "shop:metrics:collect";
const ASK = "shop:metrics:snapshot?";
const ANSWER = "shop:metrics:snapshot";
const ANSWERS = "shop:metrics:snapshots";

/** Counters of `from` added into `into` (gauges of exited workers are not kept). */
function addCounters(into, from) {
  for (const [key, series] of Object.entries(from.requests)) {
    const target = (into.requests[key] ??= { count: 0, sum: 0, buckets: series.buckets.map(() => 0) });
    target.count += series.count;
    target.sum += series.sum;
    series.buckets.forEach((count, i) => {
      target.buckets[i] = (target.buckets[i] ?? 0) + count;
    });
  }
  into.unhandledErrors += from.unhandledErrors;
  for (const [job, counts] of Object.entries(from.jobs)) {
    const target = (into.jobs[job] ??= { runs: 0, failures: 0 });
    target.runs += counts.runs;
    target.failures += counts.failures;
  }
  into.cpuSeconds += from.cpuSeconds;
  into.startTimeSeconds = Math.min(into.startTimeSeconds, from.startTimeSeconds);
}

/**
 * Answers the workers' metrics requests. `timeoutMs`: how long to wait for a busy worker; one
 * that does not answer in time is left out of that scrape (its counts come back in the next).
 */
export function relayMetrics(cluster, timeoutMs = 1000) {
  /** The last snapshot of each live worker, by worker id. */
  const latest = new Map();
  /** What exited workers had counted, as one snapshot without gauges (null until one exits). */
  let retired = null;

  cluster.on("exit", (worker) => {
    const last = latest.get(worker.id);
    latest.delete(worker.id);
    if (!last) return;
    retired ??= {
      requests: {},
      unhandledErrors: 0,
      jobs: {},
      pool: { kind: last.pool.kind, max: 0, total: 0, idle: last.pool.idle === null ? null : 0, waiting: last.pool.waiting === null ? null : 0 },
      residentBytes: 0,
      heapUsedBytes: 0,
      cpuSeconds: 0,
      startTimeSeconds: last.startTimeSeconds,
      eventLoopDelayP99Seconds: 0,
      processes: 0,
    };
    addCounters(retired, last);
  });

  cluster.on("message", (asker, message) => {
    if (message?.type !== COLLECT) return;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
    const answers = new Map();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      cluster.off("message", onAnswer);
      const snapshots = [...answers.values()];
      if (retired) snapshots.push(retired);
      if (asker.isConnected()) asker.send({ type: ANSWERS, id: message.id, snapshots });
    };
    const onAnswer = (worker, reply) => {
      if (reply?.type !== ANSWER || reply.id !== message.id) return;
      answers.set(worker.id, reply.snapshot);
      latest.set(worker.id, reply.snapshot);
      if (answers.size === workers.length) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    cluster.on("message", onAnswer);
    for (const worker of workers) worker.send({ type: ASK, id: message.id });
    if (workers.length === 0) finish();
  });
}
