// The sweep of prescriptions no order used (decisions/041): six months after its upload, a
// prescription no order was placed with loses its file (through the store) and its row, so the
// customer's list stops offering it and a checkout refuses it; one an order was placed with is a
// legal record and is never touched, however old; a younger one stays; a store that fails leaves
// the row for the next run; two processes sweeping at once delete each once.
import { eq, inArray, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderPrescriptions, prescriptions } from "#server/db/schema.ts";
import { shopJobs } from "#server/jobs/shop-jobs.ts";
import { listPrescriptions } from "#server/modules/prescriptions/prescriptions.ts";
import { prescriptionSweepJob, sweepUnusedPrescriptions } from "#server/modules/prescriptions/sweep.ts";
import { storageFor } from "#server/storage/storage.ts";
import { insertOrder } from "../support/orders.ts";
import { usingPostgres } from "../support/database.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

let shop: TestShop;
let customer: TestUser;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1");
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  shop = await createTestShop();
  customer = await createCustomer(shop.context);
});
afterAll(() => shop?.close());

const db = () => shop.context.db;
const fileExists = (key: string) => storageFor(shop.config).exists(`prescriptions/${key}`);

/** A prescription uploaded through the API by `user`, then dated `daysAgo` days back. */
async function uploaded(daysAgo: number, user: TestUser = customer): Promise<{ id: string; key: string }> {
  const res = await request(shop.app).post("/api/prescriptions").set(user.headers).attach("file", PDF, "rx.pdf").expect(201);
  const id: string = res.body._id;
  const [row] = await db()
    .update(prescriptions)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(prescriptions.id, id))
    .returning();
  expect(await fileExists(row!.storageKey)).toBe(true);
  return { id, key: row!.storageKey };
}

async function placedWith(prescriptionId: string) {
  const order = await insertOrder(shop.context, { userId: customer.id });
  await db().insert(orderPrescriptions).values({ orderId: order.id, prescriptionId });
}

const rowsOf = (ids: string[]) => db().select({ id: prescriptions.id }).from(prescriptions).where(inArray(prescriptions.id, ids));

describe("sweeping prescriptions no order used", () => {
  it("deletes the file and row of an unused upload older than six months; keeps younger ones and every one an order used", async () => {
    await sweepUnusedPrescriptions(shop.context); // earlier tests' leftovers out of the count
    const unused = await uploaded(200);
    const ordered = await uploaded(1200);
    await placedWith(ordered.id);
    const young = await uploaded(170);

    expect(await sweepUnusedPrescriptions(shop.context)).toBe(1);
    expect(await fileExists(unused.key)).toBe(false);
    expect((await rowsOf([unused.id, ordered.id, young.id])).map((row) => row.id).sort()).toEqual([ordered.id, young.id].sort());
    expect(await fileExists(ordered.key)).toBe(true);
    expect(await fileExists(young.key)).toBe(true);
    const listed = (await listPrescriptions(db(), customer.id)).map((item) => item._id);
    expect(listed).not.toContain(unused.id);
    expect(listed).toEqual(expect.arrayContaining([ordered.id, young.id]));
    // The file route answers an unknown id.
    await request(shop.app).get(`/api/prescriptions/${unused.id}/file`).set(customer.headers).expect(404);

    // Nothing left to sweep until the young one passes six months (the database's clock, moved on).
    expect(await sweepUnusedPrescriptions(shop.context)).toBe(0);
    expect(await sweepUnusedPrescriptions(shop.context, { now: new Date(Date.now() + 20 * DAY) })).toBe(1);
    expect(await fileExists(young.key)).toBe(false);
    expect(await rowsOf([ordered.id])).toHaveLength(1);
  });

  it("a swept prescription cannot be used at checkout", async () => {
    const rx = await makeProduct(shop.context, { name: "Rx after the sweep", schedule: "H", prescriptionRequired: true });
    const buyer = await buyerWithCart(shop, [{ productId: rx.id, quantity: 1 }]);
    const old = await uploaded(365, buyer);
    await sweepUnusedPrescriptions(shop.context);
    const res = await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "razorpay", prescriptionIds: [old.id] }).expect(400);
    expect(res.body.message).toBe("The prescription you chose cannot be used (it was rejected or is no longer in your account). Upload a prescription for Rx after the sweep to continue");
  });

  it("a store that fails keeps the row (and the file) for the next run", async () => {
    const old = await uploaded(400);
    const unreachable = {
      db: db(),
      config: {
        dataDir: shop.config.dataDir,
        storage: {
          kind: "s3" as const,
          bucket: "shop",
          region: "ap-south-1",
          endpoint: "http://127.0.0.1:1",
          forcePathStyle: true,
          prefix: "",
          credentials: { accessKeyId: "test", secretAccessKey: "test" },
        },
      },
    };
    await expect(sweepUnusedPrescriptions(unreachable)).rejects.toThrow();
    expect(await rowsOf([old.id])).toHaveLength(1);
    expect(await sweepUnusedPrescriptions(shop.context)).toBe(1);
    expect(await rowsOf([old.id])).toHaveLength(0);
    expect(await fileExists(old.key)).toBe(false);
  });

  it("two sweeps at once delete each unused upload once; the job is one of the shop's and works off a backlog", async () => {
    const olds = await Promise.all(Array.from({ length: 6 }, (_, i) => uploaded(190 + i)));
    const [a, b] = await Promise.all([sweepUnusedPrescriptions(shop.context, { limit: 4 }), sweepUnusedPrescriptions(shop.context, { limit: 4 })]);
    expect(a + b).toBe(6);
    expect(await rowsOf(olds.map((old) => old.id))).toHaveLength(0);

    expect(shopJobs(shop.context).map((job) => job.name)).toContain("prescription-sweep");
    const more = await Promise.all(Array.from({ length: 3 }, () => uploaded(250)));
    const logged: unknown[] = [];
    await prescriptionSweepJob({ ...shop.context, logger: { info: (fields: unknown) => logged.push(fields) } }).run(new AbortController().signal);
    expect(await rowsOf(more.map((old) => old.id))).toHaveLength(0);
    expect(logged).toEqual([{ count: 3, retention: "6 months" }]);
  });

  // PGlite runs one transaction at a time: a checkout holding a row while the sweep runs needs PostgreSQL.
  it.skipIf(!usingPostgres())("passes over a prescription a checkout holds, which its order then keeps", async () => {
    const old = await uploaded(300);
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from prescriptions where id = ${old.id} for share`);
      expect(await sweepUnusedPrescriptions(shop.context)).toBe(0);
      const order = await insertOrder({ db: tx } as never, { userId: customer.id });
      await tx.insert(orderPrescriptions).values({ orderId: order.id, prescriptionId: old.id });
    });
    expect(await sweepUnusedPrescriptions(shop.context)).toBe(0);
    expect(await rowsOf([old.id])).toHaveLength(1);
    expect(await fileExists(old.key)).toBe(true);
  });
});
