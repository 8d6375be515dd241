// Background jobs with several processes (decisions/036). In this process: the dispatcher gives
// an email up after MAX_EMAIL_ATTEMPTS, and the scheduler's stop waits for a run and counts
// failures. On PostgreSQL: THREE processes run every job of the shop at once on one database,
// and each email is sent once, each reservation expires once (its stock comes back once), each
// back-in-stock request is emailed once, the day's low-stock run happens once.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dailyJobRuns, orderStatusHistory, orders, outboundEmails, products, stockNotifications } from "#server/db/schema.ts";
import { every, jobCounters, startJobs } from "#server/jobs/scheduler.ts";
import { projectPath } from "#server/paths.ts";
import { WAKE_DELAY_MS, wakeJob } from "#server/periodic-job.ts";
import { deliverPendingEmails, emailDispatchJob, MAX_EMAIL_ATTEMPTS, retryDelayMs } from "#server/modules/email/dispatcher.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { istClock, LOW_STOCK_EMAIL_HOUR_IST } from "#server/modules/stock-alerts/daily-email.ts";
import { usingPostgres } from "../support/database.ts";
import { startFakeSmtp, type FakeSmtp } from "../support/fake-smtp.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin } from "../support/users.ts";
import { buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

const cleanups: (() => Promise<unknown>)[] = [];
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  cleanups.push(() => smtp.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const messageIdOf = (raw: string) => /^Message-ID: <([^@>]+)@/im.exec(raw)?.[1];

describe("email retries in one process", () => {
  it("gives an email up after MAX_EMAIL_ATTEMPTS failed attempts: status failed, its error kept, never tried again", async () => {
    const shop = await createTestShop({ SMTP_URL: smtp.url });
    cleanups.push(() => shop.close());
    const id = (await queueEmail(shop.context.db, { to: "nobody@example.com", subject: "Given up", text: "Never arrives." }))!;
    // The attempt before the last one has failed already.
    const start = new Date(Date.now() + 1000);
    await shop.context.db.update(outboundEmails).set({ attempts: MAX_EMAIL_ATTEMPTS - 2, nextAttemptAt: start }).where(eq(outboundEmails.id, id));
    smtp.failNext(2);
    expect(await deliverPendingEmails(shop.context, { now: start })).toEqual({ sent: 0, failed: 1 });
    let [row] = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
    expect(row).toMatchObject({ status: "queued", attempts: MAX_EMAIL_ATTEMPTS - 1 });
    expect(row!.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(MAX_EMAIL_ATTEMPTS - 1));

    const last = new Date(row!.nextAttemptAt.getTime());
    expect(await deliverPendingEmails(shop.context, { now: last })).toEqual({ sent: 0, failed: 1 });
    [row] = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_EMAIL_ATTEMPTS });
    expect(row!.lastError).toMatch(/451/);
    // A day later nothing is tried: the operator re-queues it after fixing the cause.
    expect(await deliverPendingEmails(shop.context, { now: new Date(last.getTime() + 86_400_000) })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.filter((m) => messageIdOf(m.raw) === id)).toHaveLength(0);
  });
});

describe("the scheduler", () => {
  it("runs a job once at a time, counts its failures, and stop() waits for the run in progress", async () => {
    const logged: unknown[] = [];
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    let finished = 0;
    const stop = every(
      {
        name: "test-slow-job",
        intervalMs: 5,
        runAtStart: true,
        async run(signal) {
          runs += 1;
          concurrent += 1;
          most = Math.max(most, concurrent);
          await new Promise((resolve) => setTimeout(resolve, 40));
          concurrent -= 1;
          finished += 1;
          if (!signal.aborted && runs === 1) throw new Error("first run fails");
        },
      },
      { error: (...args: unknown[]) => logged.push(args) },
    );
    while (runs < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await stop();
    expect(finished).toBe(runs);
    expect(most).toBe(1);
    const counters = jobCounters().get("test-slow-job")!;
    expect(counters.failures).toBe(1);
    expect(counters.runs).toBe(runs);
    expect(logged).toHaveLength(1);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(after);
    // One stop for a set of jobs, safe to call twice.
    const scheduler = startJobs([{ name: "test-noop", intervalMs: 5, run: async () => {} }], { error: () => {} });
    await Promise.all([scheduler.stop(), scheduler.stop()]);
  });

  it("a wake runs the job shortly instead of at its next tick; wakes during a run give one more run; none after stop()", async () => {
    const started: number[] = [];
    let release: (() => void) | undefined;
    const stop = every(
      {
        name: "test-woken-job",
        intervalMs: 3_600_000,
        async run() {
          started.push(Date.now());
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      },
      { error: () => {} },
    );
    const woken = Date.now();
    wakeJob("test-woken-job");
    wakeJob("test-woken-job");
    await vi.waitFor(() => expect(started).toHaveLength(1), { timeout: 5_000 });
    expect(started[0]! - woken).toBeGreaterThanOrEqual(WAKE_DELAY_MS - 20);
    // Two wakes while the run goes on: one more run once it ends (it may have missed their rows).
    wakeJob("test-woken-job");
    await new Promise((resolve) => setTimeout(resolve, WAKE_DELAY_MS + 50));
    wakeJob("test-woken-job");
    await new Promise((resolve) => setTimeout(resolve, WAKE_DELAY_MS + 50));
    expect(started).toHaveLength(1);
    release!();
    await vi.waitFor(() => expect(started).toHaveLength(2), { timeout: 5_000 });
    release!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toHaveLength(2);
    await stop();
    wakeJob("test-woken-job");
    await new Promise((resolve) => setTimeout(resolve, WAKE_DELAY_MS + 50));
    expect(started).toHaveLength(2);
  });

  it("queueing an email wakes the email dispatcher: it goes out in a fraction of its interval", async () => {
    const shop = await createTestShop({ SMTP_URL: smtp.url });
    cleanups.push(() => shop.close());
    const stop = every(emailDispatchJob(shop.context, 3_600_000), shop.context.logger);
    try {
      const id = await queueEmail(shop.context.db, { to: "woken@example.test", subject: "Woken", text: "Sent at once" });
      await vi.waitFor(
        async () => {
          const [row] = await shop.context.db.select({ status: outboundEmails.status }).from(outboundEmails).where(eq(outboundEmails.id, id!));
          expect(row!.status).toBe("sent");
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await stop();
    }
  });
});

interface Worker {
  child: ChildProcess;
  messages: Record<string, unknown>[];
  waitFor(predicate: (message: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

function startWorker(input: Record<string, unknown>): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", projectPath("tests/api/jobs-worker.ts"), JSON.stringify(input)], {
    cwd: projectPath("."),
    stdio: ["pipe", "pipe", "inherit"],
  });
  const messages: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    try {
      messages.push(JSON.parse(line));
    } catch {
      // not a JSON line
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    messages,
    exited,
    async waitFor(predicate, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (!messages.some(predicate)) {
        if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}; printed ${JSON.stringify(messages)}`);
        if (Date.now() > deadline) throw new Error(`worker: waited too long; printed ${JSON.stringify(messages.slice(-5))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

describe("three processes on one PostgreSQL", () => {
  it.runIf(usingPostgres())(
    "each email is sent once, each reservation expires once, each back-in-stock request is emailed once",
    { timeout: 240_000 },
    async () => {
      const shop: TestShop = await createTestShop({ MAX_UNPAID_ORDERS: "1" });
      cleanups.push(() => shop.close());
      const db = shop.context.db;
      smtp.received.length = 0;

      // 10 checkouts holding 2 units each, all past their 30 minutes.
      const item = await makeProduct(shop.context, { name: "Reserved Syrup", stock: 100 });
      const pending: string[] = [];
      for (let i = 0; i < 10; i++) {
        const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 2 }]);
        const res = await checkout(shop, buyer);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        pending.push(res.body.order._id);
      }
      expect(await stockOf(shop.context, item.id)).toBe(80);
      await db.update(orders).set({ reservationExpiresAt: sql`now() - interval '1 minute'` }).where(inArray(orders.id, pending));

      // 40 queued emails, 8 due back-in-stock requests, and a product low on stock with an admin to tell.
      for (let i = 0; i < 40; i++) await queueEmail(db, { to: `reader${i}@example.com`, subject: `Letter ${i}`, text: `Letter number ${i}.` });
      const back = await makeProduct(shop.context, { name: "Returned Balm", stock: 5 });
      for (let i = 0; i < 8; i++) {
        await db.insert(stockNotifications).values({ productId: back.id, email: `waiting${i}@example.com`, dueAt: new Date() });
      }
      await makeProduct(shop.context, { name: "Nearly Gone Drops", stock: 1, lowStockThreshold: 5 });
      const admin = await createAdmin(shop.context);

      const dataDir = await mkdtemp(path.join(tmpdir(), "jobs-processes-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const workers = [1, 2, 3].map(() =>
        startWorker({ databaseUrl: shop.config.databaseUrl, dataDir, smtpUrl: smtp.url, intervalMs: 20 }),
      );
      cleanups.push(async () => workers.forEach((w) => w.child.kill("SIGKILL")));
      await Promise.all(workers.map((w) => w.waitFor((m) => m.ready === true)));
      for (const worker of workers) worker.child.stdin!.write("go\n");

      // Done when nothing is left to do: no email queued, no expired reservation, no due request.
      const deadline = Date.now() + 120_000;
      for (;;) {
        const [left] = await db.execute<{ emails: number; reservations: number; requests: number }>(sql`select
          (select count(*)::int from outbound_emails where status = 'queued') as emails,
          (select count(*)::int from orders where status = 'Pending' and id in ${pending}) as reservations,
          (select count(*)::int from stock_notifications where notified_at is null and due_at is not null) as requests`).then((r) => r.rows);
        if (left && left.emails === 0 && left.reservations === 0 && left.requests === 0) break;
        if (Date.now() > deadline) throw new Error(`work left after 120 s: ${JSON.stringify(left)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Stopped as a shutdown stops them; a late duplicate would arrive before the exit.
      for (const worker of workers) worker.child.stdin!.write("stop\n");
      expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0, 0]);

      // Every email: sent, and received exactly once.
      const rows = await db.select().from(outboundEmails);
      expect(rows.every((row) => row.status === "sent")).toBe(true);
      const received = smtp.received.map((m) => messageIdOf(m.raw));
      expect(received.sort()).toEqual(rows.map((row) => row.id).sort());
      expect(rows.filter((row) => row.subject.startsWith("Letter "))).toHaveLength(40);
      // All three took part: each process's log names the emails it sent.
      const sentBy = workers.map((w) => w.messages.filter((m) => m.msg === "Email sent").length);
      expect(sentBy.reduce((a, b) => a + b, 0)).toBe(rows.length);
      expect(sentBy.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);

      // Every reservation: cancelled once, its 2 units back once.
      const cancelled = await db
        .select({ orderId: orderStatusHistory.orderId })
        .from(orderStatusHistory)
        .where(and(inArray(orderStatusHistory.orderId, pending), eq(orderStatusHistory.status, "Cancelled")));
      expect(cancelled.map((row) => row.orderId).sort()).toEqual([...pending].sort());
      expect(await stockOf(shop.context, item.id)).toBe(100);

      // Every back-in-stock request: notified once, one email each.
      const requests = await db.select().from(stockNotifications).where(eq(stockNotifications.productId, back.id));
      expect(requests.every((r) => r.notifiedAt !== null)).toBe(true);
      for (let i = 0; i < 8; i++) expect(rows.filter((row) => row.to === `waiting${i}@example.com`)).toHaveLength(1);
      expect(await db.select().from(stockNotifications).where(isNull(stockNotifications.notifiedAt))).toHaveLength(0);

      // The day's low-stock email: once, from whichever process claimed the day (from 08:00 India time).
      const runs = await db.select().from(dailyJobRuns);
      const toAdmin = rows.filter((row) => row.to === admin.email);
      if (istClock(new Date()).hour >= LOW_STOCK_EMAIL_HOUR_IST) {
        expect(runs).toHaveLength(1);
        expect(toAdmin).toHaveLength(1);
      } else {
        expect(toAdmin).toHaveLength(0);
      }
      // The product table was not touched twice either.
      const [balm] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, back.id));
      expect(balm!.stock).toBe(5);
    },
  );
});
