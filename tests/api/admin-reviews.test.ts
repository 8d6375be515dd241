// Review moderation (issue 11, item 6; decisions/015): an admin hides, shows again or deletes a
// review through the admin API or the admin page (one server function each). A hidden review
// leaves every public read — the reviews list, the product's rating and count, the rating sort —
// including the responses kept in memory; every change leaves an audit row with its actor.
// Customers and strangers are refused before anything is read, and nothing changes.
import { desc, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductJson } from "#common/catalog.ts";
import { auditLog, products, reviews } from "#server/db/schema.ts";
import { AUDIT_TEXT_MAX, listAuditEntries } from "#server/modules/audit/audit.ts";
import { pageOf } from "#server/schemas/input.ts";
import { action as reviewsAction, loader as reviewsLoader } from "~/routes/admin/reviews.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, pageContext, type TestUser } from "../support/users.ts";
import { makeProduct } from "./cart-helpers.ts";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
let critic: TestUser;
let product: { id: string; name: string };
let praise: string;
let complaint: string;

const api = () => request(shop.app);
const publicReviews = async () =>
  (await api().get(`/api/products/${product.id}/reviews`).expect(200)).body as { _id: string; comment: string }[];
const publicProduct = async () => (await api().get(`/api/products/${product.id}`).expect(200)).body as ProductJson;
const auditRows = () => shop.context.db.select().from(auditLog).orderBy(desc(auditLog.at));
const reviewRow = async (id: string) => (await shop.context.db.select().from(reviews).where(eq(reviews.id, id)))[0];

beforeAll(async () => {
  shop = await createTestShop();
  [admin, customer, critic] = await Promise.all([
    createAdmin(shop.context, { name: "Moderating Admin" }),
    createCustomer(shop.context, { name: "Happy Customer" }),
    createCustomer(shop.context, { name: "Angry Critic" }),
  ]);
  const row = await makeProduct(shop.context, { name: "Moderated Whey Protein" });
  product = { id: row.id, name: row.name };
  // Written through the public API, as shoppers write them.
  praise = (await api().post(`/api/products/${product.id}/reviews`).set(customer.headers).send({ rating: 5, comment: "Mixes well" }).expect(201)).body._id;
  complaint = (await api().post(`/api/products/${product.id}/reviews`).set(critic.headers).send({ rating: 1, comment: "Spam spam spam" }).expect(201)).body._id;
});
afterAll(() => shop?.close());

describe("GET /api/admin/reviews", () => {
  it("lists every review newest first with X-Total-Count, the product and the state", async () => {
    const res = await api().get("/api/admin/reviews").set(admin.headers).expect(200);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.body.map((r: { _id: string }) => r._id)).toEqual([complaint, praise]);
    expect(res.body[0]).toMatchObject({
      product: { _id: product.id, name: product.name },
      name: "Angry Critic",
      rating: 1,
      comment: "Spam spam spam",
      hidden: false,
      hiddenAt: null,
    });
    const paged = await api().get("/api/admin/reviews").query({ limit: 1, page: 2 }).set(admin.headers).expect(200);
    expect(paged.body.map((r: { _id: string }) => r._id)).toEqual([praise]);
    expect(paged.headers["x-total-count"]).toBe("2");
  });

  it("searches by product or reviewer name and filters hidden or visible", async () => {
    const byReviewer = await api().get("/api/admin/reviews").query({ search: "angry" }).set(admin.headers).expect(200);
    expect(byReviewer.body.map((r: { _id: string }) => r._id)).toEqual([complaint]);
    const byProduct = await api().get("/api/admin/reviews").query({ search: "moderated whey" }).set(admin.headers).expect(200);
    expect(byProduct.headers["x-total-count"]).toBe("2");
    const none = await api().get("/api/admin/reviews").query({ search: "%" }).set(admin.headers).expect(200);
    expect(none.body).toEqual([]);
    const hidden = await api().get("/api/admin/reviews").query({ status: "hidden" }).set(admin.headers).expect(200);
    expect(hidden.body).toEqual([]);
    const visible = await api().get("/api/admin/reviews").query({ status: "visible" }).set(admin.headers).expect(200);
    expect(visible.headers["x-total-count"]).toBe("2");
  });

  it("refuses a bad status, paging or a null byte with 400", async () => {
    for (const query of [{ status: "secret" }, { page: "0" }, { limit: "1000" }, { search: "a\u0000b" }]) {
      const res = await api().get("/api/admin/reviews").query(query).set(admin.headers).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it("cuts a huge reviewer name and comment instead of sending them whole", async () => {
    const other = await makeProduct(shop.context, { name: "Huge Name Syrup" });
    const [row] = await shop.context.db
      .insert(reviews)
      .values({ productId: other.id, userId: null, name: "N".repeat(500_000), rating: 3, comment: "C".repeat(5_000) })
      .returning();
    try {
      const res = await api().get("/api/admin/reviews").query({ search: "Huge Name Syrup" }).set(admin.headers).expect(200);
      expect(res.body[0].name.length).toBeLessThanOrEqual(121);
      expect(res.body[0].name.endsWith("…")).toBe(true);
      expect(res.body[0].comment.length).toBeLessThanOrEqual(2001);
      expect(JSON.stringify(res.body).length).toBeLessThan(5_000);
    } finally {
      await shop.context.db.delete(reviews).where(eq(reviews.id, row!.id));
    }
  });
});

describe("PUT /api/admin/reviews/:id", () => {
  it("hides a review from the public list, the count, the rating and the rating sort, then shows it again", async () => {
    // Fill the in-memory caches first: they must not keep the old figures.
    expect(await publicProduct()).toMatchObject({ rating: 3, numReviews: 2 });
    expect((await publicReviews()).map((r) => r._id)).toEqual([complaint, praise]);
    const sorted = async () =>
      ((await api().get("/api/products").query({ sortBy: "rating", limit: 100 }).expect(200)).body as ProductJson[]).find(
        (p) => p._id === product.id,
      );
    expect(await sorted()).toMatchObject({ rating: 3, numReviews: 2 });

    const hidden = await api().put(`/api/admin/reviews/${complaint}`).set(admin.headers).send({ hidden: true }).expect(200);
    expect(hidden.body).toMatchObject({ _id: complaint, hidden: true, hiddenAt: expect.any(String) });

    expect((await publicReviews()).map((r) => r._id)).toEqual([praise]);
    expect(await publicProduct()).toMatchObject({ rating: 5, numReviews: 1 });
    expect(await sorted()).toMatchObject({ rating: 5, numReviews: 1 });
    const listed = await api().get("/api/admin/reviews").query({ status: "hidden" }).set(admin.headers).expect(200);
    expect(listed.body.map((r: { _id: string }) => r._id)).toEqual([complaint]);

    // Hiding again changes nothing and records nothing.
    const before = (await auditRows()).length;
    await api().put(`/api/admin/reviews/${complaint}`).set(admin.headers).send({ hidden: true }).expect(200);
    expect(await auditRows()).toHaveLength(before);

    const shown = await api().put(`/api/admin/reviews/${complaint}`).set(admin.headers).send({ hidden: false, extra: "ignored" }).expect(200);
    expect(shown.body).toMatchObject({ _id: complaint, hidden: false, hiddenAt: null });
    expect((await publicReviews()).map((r) => r._id)).toEqual([complaint, praise]);
    expect(await publicProduct()).toMatchObject({ rating: 3, numReviews: 2 });

    const [unhide, hide] = await auditRows();
    expect(hide).toMatchObject({ action: "review.hide", entity: "review", entityId: complaint, actorId: admin.id, actorName: admin.name, actorRole: "admin" });
    expect(hide!.before).toMatchObject({ name: "Angry Critic", comment: "Spam spam spam", rating: 1, hiddenAt: null });
    expect(hide!.after).toMatchObject({ hiddenAt: expect.any(String) });
    expect(unhide).toMatchObject({ action: "review.unhide", entityId: complaint, actorId: admin.id });
    expect(unhide!.after).toMatchObject({ hiddenAt: null });
  });

  it("refuses bad bodies with 400 and changes nothing", async () => {
    const bodies: unknown[] = [{}, { hidden: "yes" }, { hidden: "true" }, { hidden: 1 }, { hidden: null }, [true], "hidden"];
    const auditBefore = (await auditRows()).length;
    for (const body of bodies) {
      const req = api().put(`/api/admin/reviews/${complaint}`).set(admin.headers);
      const res = typeof body === "string" ? await req.set("Content-Type", "application/json").send(JSON.stringify(body)) : await req.send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const broken = await api().put(`/api/admin/reviews/${complaint}`).set(admin.headers).set("Content-Type", "application/json").send("{ hidden:");
    expect(broken.status).toBe(400);
    expect((await reviewRow(complaint))!.hiddenAt).toBeNull();
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it("answers 404 for unknown or malformed ids", async () => {
    for (const id of [crypto.randomUUID(), "not a review", "x".repeat(300), "%00"]) {
      const res = await api().put(`/api/admin/reviews/${encodeURIComponent(id)}`).set(admin.headers).send({ hidden: true });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe("Review not found");
    }
  });
});

describe("who may moderate", () => {
  const calls = [
    ["GET", () => api().get("/api/admin/reviews")],
    ["PUT", () => api().put(`/api/admin/reviews/${complaint}`).send({ hidden: true })],
    ["DELETE", () => api().delete(`/api/admin/reviews/${complaint}`)],
  ] as const;

  it.each(calls)("%s: signed out is 401, a customer 403 (even the review's author), and nothing changes", async (_method, call) => {
    const auditBefore = (await auditRows()).length;
    expect((await call()).status).toBe(401);
    for (const user of [customer, critic]) {
      const res = await call().set(user.headers);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only admins can do this");
    }
    expect(await reviewRow(complaint)).toMatchObject({ hiddenAt: null });
    expect(await auditRows()).toHaveLength(auditBefore);
  });
});

describe("the admin page /admin/reviews", () => {
  const ORIGIN = "http://localhost:3000";
  const post = (user: TestUser | null, form: Record<string, string>) =>
    reviewsAction({
      request: new Request(`${ORIGIN}/admin/reviews`, { method: "POST", body: new URLSearchParams(form) }),
      context: pageContext(shop.context, user),
      params: {},
    } as never);
  const unwrap = (result: unknown) => result as { data: { ok: boolean; message: string }; init: ResponseInit | null };

  it("turns guests and customers away before reading or changing anything", async () => {
    const load = (user: TestUser | null) =>
      reviewsLoader({ request: new Request(`${ORIGIN}/admin/reviews`), context: pageContext(shop.context, user), params: {} } as never);
    await expect(load(null)).rejects.toMatchObject({ status: 302 });
    await expect(load(customer)).rejects.toMatchObject({ status: 302 });
    await expect(post(customer, { intent: "hide", id: complaint })).rejects.toMatchObject({ status: 302 });
    expect((await reviewRow(complaint))!.hiddenAt).toBeNull();
  });

  it("lists, hides and shows again with the API's answers", async () => {
    const loaded = (await reviewsLoader({
      request: new Request(`${ORIGIN}/admin/reviews?status=visible&search=angry`),
      context: pageContext(shop.context, admin),
      params: {},
    } as never)) as { reviews: { _id: string }[]; total: number };
    expect(loaded.reviews.map((r) => r._id)).toEqual([complaint]);

    expect(unwrap(await post(admin, { intent: "hide", id: complaint })).data).toEqual({ ok: true, message: "Review hidden from the shop" });
    expect((await publicReviews()).map((r) => r._id)).toEqual([praise]);
    expect(unwrap(await post(admin, { intent: "unhide", id: complaint })).data).toEqual({ ok: true, message: "Review shown in the shop again" });
    expect((await publicReviews()).map((r) => r._id)).toEqual([complaint, praise]);

    const missing = unwrap(await post(admin, { intent: "hide", id: crypto.randomUUID() }));
    expect(missing.init?.status).toBe(404);
    expect(missing.data).toMatchObject({ ok: false, message: "Review not found" });
    const bogus = unwrap(await post(admin, { intent: "publish", id: complaint }));
    expect(bogus.init?.status).toBe(400);
  });
});

describe("DELETE /api/admin/reviews/:id", () => {
  it("deletes the review, recounts the product and records it (cut) with its actor", async () => {
    const long = await createCustomer(shop.context, { name: "Long Winded" });
    const longId = (await api().post(`/api/products/${product.id}/reviews`).set(long.headers).send({ rating: 4, comment: "W".repeat(1_500) }).expect(201)).body._id;
    expect(await publicProduct()).toMatchObject({ numReviews: 3, rating: 3.3 });

    const res = await api().delete(`/api/admin/reviews/${longId}`).set(admin.headers).expect(200);
    expect(res.body).toEqual({ message: "Review deleted" });
    expect(await reviewRow(longId)).toBeUndefined();
    expect((await publicReviews()).map((r) => r._id)).not.toContain(longId);
    expect(await publicProduct()).toMatchObject({ numReviews: 2, rating: 3 });

    const { items } = pageOf(await listAuditEntries(shop.context.db, { entity: "review", entityId: longId, page: 1, limit: 10 }));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ action: "review.delete", actor: { _id: admin.id, name: admin.name, role: "admin" }, entityId: longId });
    expect(items[0]!.after).toBeUndefined();
    const before = items[0]!.before as { comment: string; name: string; rating: number };
    expect(before).toMatchObject({ name: "Long Winded", rating: 4 });
    expect(before.comment.length).toBeLessThan(AUDIT_TEXT_MAX + 30);
    expect(before.comment).toContain("(1500 characters)");

    const again = await api().delete(`/api/admin/reviews/${longId}`).set(admin.headers).expect(404);
    expect(again.body.message).toBe("Review not found");
  });

  it("through the page: the review goes, and the audit keeps the admin after the admin's account is gone", async () => {
    const second = await createAdmin(shop.context, { name: "Temporary Admin" });
    const outcome = (await reviewsAction({
      request: new Request("http://localhost:3000/admin/reviews", { method: "POST", body: new URLSearchParams({ intent: "delete", id: complaint }) }),
      context: pageContext(shop.context, second),
      params: {},
    } as never)) as { data: { ok: boolean; message: string } };
    expect(outcome.data).toEqual({ ok: true, message: "Review deleted" });
    expect((await publicReviews()).map((r) => r._id)).toEqual([praise]);
    expect(await publicProduct()).toMatchObject({ numReviews: 1, rating: 5 });

    await api().delete(`/api/admin/users/${second.id}`).set(admin.headers).expect(200);
    const [entry] = await shop.context.db.select().from(auditLog).where(eq(auditLog.entityId, complaint)).orderBy(desc(auditLog.at)).limit(1);
    // The actor's id, name and role stay as written (decisions/033: no foreign key to the account).
    expect(entry).toMatchObject({ action: "review.delete", actorId: second.id, actorName: "Temporary Admin", actorRole: "admin" });
  });

  it("answers 404 for unknown ids and leaves the others alone", async () => {
    const res = await api().delete(`/api/admin/reviews/${crypto.randomUUID()}`).set(admin.headers).expect(404);
    expect(res.body.message).toBe("Review not found");
    expect(await reviewRow(praise)).toBeDefined();
    const [row] = await shop.context.db.select({ numReviews: products.numReviews }).from(products).where(eq(products.id, product.id));
    expect(row!.numReviews).toBe(1);
  });
});
