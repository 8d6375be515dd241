// Admin coupons (issue 15, decisions/025): GET/POST /api/admin/coupons, PUT/DELETE
// /api/admin/coupons/:id. Codes are stored upper-case and unique whatever the case; money in
// rupees; a used coupon is deactivated rather than deleted; every change is audited; only admins
// may call (401 signed out, 403 for customers and pharmacists, nothing changed).
import { desc, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminCouponJson } from "#common/admin-coupon.ts";
import { auditLog, couponRedemptions, coupons } from "#server/db/schema.ts";
import { welcomeCouponFor } from "#server/modules/coupons/welcome.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, pageContext, type TestUser } from "../support/users.ts";
import { action as editAction, loader as editLoader } from "~/routes/admin/coupon-edit.tsx";
import { action as newAction } from "~/routes/admin/coupon-new.tsx";
import { action as listAction, loader as listLoader } from "~/routes/admin/coupons.tsx";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
let pharmacist: TestUser;
const api = () => request(shop.app);

beforeAll(async () => {
  shop = await createTestShop();
  [admin, customer, pharmacist] = await Promise.all([createAdmin(shop.context), createCustomer(shop.context), createPharmacist(shop.context)]);
});
afterAll(() => shop?.close());

const create = (body: object) => api().post("/api/admin/coupons").set(admin.headers).send(body);

describe("creating and listing", () => {
  it("stores the code upper-case, rupees as rupees, IST form dates as instants, and audits", async () => {
    const res = await create({
      code: " diwali10 ",
      type: "percent",
      value: 10,
      maxDiscount: 200,
      minOrder: 499,
      startsAt: "2026-11-01T00:00",
      endsAt: "2026-11-15T23:59:00+05:30",
      usageLimit: 100,
      perCustomerLimit: 1,
      firstOrderOnly: true,
      categories: ["Women Care"],
    }).expect(201);
    const coupon = res.body as AdminCouponJson;
    expect(coupon).toMatchObject({
      code: "DIWALI10",
      type: "percent",
      value: 10,
      maxDiscount: 200,
      minOrder: 499,
      startsAt: "2026-10-31T18:30:00.000Z",
      endsAt: "2026-11-15T18:29:00.000Z",
      usageLimit: 100,
      perCustomerLimit: 1,
      firstOrderOnly: true,
      categories: ["Women Care"],
      productIds: [],
      includeRx: false,
      active: true,
      usage: { confirmed: 0, reserved: 0, discountGiven: 0 },
    });
    const [row] = await shop.context.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row).toMatchObject({ percentBps: 1000, maxDiscountPaise: 20_000, minOrderPaise: 49_900 });
    const [audit] = await shop.context.db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(1);
    expect(audit).toMatchObject({ action: "coupon.create", entity: "coupon", entityId: coupon._id, actorId: admin.id });

    const list = await api().get("/api/admin/coupons?search=diwali").set(admin.headers).expect(200);
    expect(list.headers["x-total-count"]).toBe("1");
    expect(list.body[0].code).toBe("DIWALI10");
  });

  it("refuses the same code in another case (409) and names each bad field", async () => {
    await create({ code: "SAVE50", type: "fixed", value: 50 }).expect(201);
    const taken = await create({ code: "save50", type: "fixed", value: 50 }).expect(409);
    expect(taken.body.message).toBe("A coupon with this code already exists");
    const bad = await create({ code: "a b", type: "bogus", value: -1, endsAt: "2026-01-01T00:00", startsAt: "2026-02-01T00:00", usageLimit: 0, categories: ["Nope"] }).expect(400);
    expect(bad.body.errors).toMatchObject({
      code: "A code is 3 to 32 letters, digits, dashes or underscores",
      type: "Choose percent or fixed amount",
      endsAt: "The end must be after the start",
      usageLimit: "A usage limit is a whole number from 1 to 10,00,000",
      categories: "Choose from Women Care, Sports Nutrition, Kids Nutrition",
    });
    const percent = await create({ code: "TOOMUCH", type: "percent", value: 150 }).expect(400);
    expect(percent.body.message).toBe("A percentage is more than 0 and at most 100");
    await create({ code: "HUGE", type: "fixed", value: 1e12 }).expect(400);
    await create([]).expect(400);
  });
});

describe("changing and deleting", () => {
  it("changes the given fields only, audited with before and after", async () => {
    const { body } = await create({ code: "EDITME", type: "fixed", value: 100, minOrder: 500 }).expect(201);
    const res = await api().put(`/api/admin/coupons/${body._id}`).set(admin.headers).send({ value: 150, active: false }).expect(200);
    expect(res.body).toMatchObject({ code: "EDITME", value: 150, minOrder: 500, active: false });
    const [audit] = await shop.context.db.select().from(auditLog).where(eq(auditLog.entityId, body._id)).orderBy(desc(auditLog.at)).limit(1);
    expect(audit).toMatchObject({ action: "coupon.update", before: expect.objectContaining({ value: 100 }), after: expect.objectContaining({ value: 150 }) });
    await api().put("/api/admin/coupons/not-an-id").set(admin.headers).send({ value: 1 }).expect(404);
    await api().put(`/api/admin/coupons/${crypto.randomUUID()}`).set(admin.headers).send({ value: 1 }).expect(404);
  });

  it("deletes an unused coupon and deactivates a used one", async () => {
    const unused = (await create({ code: "GONE", type: "fixed", value: 10 }).expect(201)).body as AdminCouponJson;
    expect((await api().delete(`/api/admin/coupons/${unused._id}`).set(admin.headers).expect(200)).body).toEqual({ message: "Coupon deleted", deactivated: false });
    expect(await shop.context.db.select().from(coupons).where(eq(coupons.id, unused._id))).toHaveLength(0);

    const used = (await create({ code: "KEPT", type: "fixed", value: 10 }).expect(201)).body as AdminCouponJson;
    const order = await insertOrder(shop.context, { userId: customer.id });
    await shop.context.db.insert(couponRedemptions).values({ couponId: used._id, orderId: order.id, userId: customer.id, email: customer.email, discountPaise: 1000, status: "confirmed" });
    const res = await api().delete(`/api/admin/coupons/${used._id}`).set(admin.headers).expect(200);
    expect(res.body).toEqual({ message: "This coupon has been used, so it was deactivated instead of deleted", deactivated: true });
    const list = await api().get("/api/admin/coupons?search=KEPT").set(admin.headers).expect(200);
    expect(list.body[0]).toMatchObject({ active: false, usage: { confirmed: 1, reserved: 0, discountGiven: 10 } });
  });
});

describe("authorisation", () => {
  const calls = (id: string) => [
    () => api().get("/api/admin/coupons"),
    () => api().post("/api/admin/coupons").send({ code: "HACKED", type: "percent", value: 100 }),
    () => api().put(`/api/admin/coupons/${id}`).send({ value: 100 }),
    () => api().delete(`/api/admin/coupons/${id}`),
  ];

  it("is 401 signed out and 403 for customers and pharmacists, changing nothing", async () => {
    const { body } = await create({ code: "GUARDED", type: "percent", value: 5 }).expect(201);
    const before = await shop.context.db.select().from(coupons).orderBy(coupons.id);
    for (const call of calls(body._id)) {
      expect((await call()).status).toBe(401);
      expect((await call().set(customer.headers)).status).toBe(403);
      expect((await call().set(pharmacist.headers)).status).toBe(403);
    }
    expect(await shop.context.db.select().from(coupons).orderBy(coupons.id)).toEqual(before);
  });
});

describe("the admin pages (the same use cases through their adapters)", () => {
  const ORIGIN = "http://localhost:3000";
  // biome-ignore lint/suspicious/noExplicitAny: route functions are called with hand-made arguments.
  const run = async (fn: (args: any) => unknown, path: string, user: TestUser, form?: Record<string, string | string[]>, params = {}) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form ?? {})) for (const item of [value].flat()) body.append(key, item);
    try {
      return await fn({ request: new Request(`${ORIGIN}${path}`, form ? { method: "POST", body } : {}), context: pageContext(shop.context, user), params });
    } catch (thrown) {
      if (thrown instanceof Response) return { location: thrown.headers.get("Location"), status: thrown.status };
      throw thrown;
    }
  };

  it("sends customers and pharmacists away, and lets an admin create, list, edit and deactivate", async () => {
    expect(await run(listLoader, "/admin/coupons", customer)).toMatchObject({ location: "/" });
    expect(await run(listLoader, "/admin/coupons", pharmacist)).toMatchObject({ location: "/admin/prescriptions" });
    expect(await run(newAction, "/admin/coupons/new", customer, { code: "NOPE1", type: "fixed", value: "5" })).toMatchObject({ location: "/" });

    const refused = (await run(newAction, "/admin/coupons/new", admin, { code: "x", type: "fixed", value: "0" })) as { data: { errors: Record<string, string> } };
    expect(refused.data.errors).toMatchObject({ code: "A code is 3 to 32 letters, digits, dashes or underscores" });
    const created = await run(newAction, "/admin/coupons/new", admin, {
      code: "pageform",
      type: "percent",
      value: "15",
      minOrder: "300",
      endsAt: "2027-01-31T23:59",
      categories: ["Kids Nutrition", "Women Care"],
      active: "on",
    });
    expect(created).toMatchObject({ location: "/admin/coupons?created=1" });
    const list = (await run(listLoader, "/admin/coupons?search=PAGEFORM", admin)) as { coupons: AdminCouponJson[] };
    const coupon = list.coupons[0]!;
    expect(coupon).toMatchObject({ code: "PAGEFORM", value: 15, minOrder: 300, endsAt: "2027-01-31T18:29:00.000Z", categories: ["Kids Nutrition", "Women Care"], active: true });

    const loaded = (await run(editLoader, `/admin/coupons/${coupon._id}/edit`, admin, undefined, { couponId: coupon._id })) as { coupon: AdminCouponJson };
    expect(loaded.coupon.code).toBe("PAGEFORM");
    // An unticked Active box deactivates.
    const saved = (await run(editAction, `/admin/coupons/${coupon._id}/edit`, admin, { code: "PAGEFORM", type: "percent", value: "20" }, { couponId: coupon._id })) as {
      data: { ok: boolean; message: string };
    };
    expect(saved.data).toEqual({ ok: true, message: "Coupon saved" });
    const [row] = await shop.context.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row).toMatchObject({ percentBps: 2000, active: false, categories: [], minOrderPaise: 0 });

    const removed = (await run(listAction, "/admin/coupons", admin, { id: coupon._id })) as { data: { message: string } };
    expect(removed.data.message).toBe("Coupon deleted");
  });
});

describe("campaign coupons and welcome codes (kind)", () => {
  it("lists either kind, or both; the page shows campaign coupons unless asked, with each kind's count", async () => {
    await create({ code: "KINDCAMPAIGN", type: "fixed", value: 25 }).expect(201);
    const welcome: string[] = [];
    for (const address of ["kind-one@example.com", "kind-two@example.com"]) {
      const codeFor = await shop.context.db.transaction((tx) => welcomeCouponFor(tx, address));
      welcome.push(codeFor.code);
    }
    const codes = async (query: string) => {
      const res = await api().get(`/api/admin/coupons${query}`).set(admin.headers).expect(200);
      return { codes: (res.body as AdminCouponJson[]).map((coupon) => coupon.code), total: Number(res.headers["x-total-count"]) };
    };
    const everything = await codes("?limit=100");
    expect(everything.codes).toEqual(expect.arrayContaining(["KINDCAMPAIGN", ...welcome]));
    expect(await codes("?limit=100&kind=all")).toEqual(everything);
    expect(await codes("?limit=100&kind=")).toEqual(everything);

    const campaign = await codes("?limit=100&kind=campaign");
    expect(campaign.codes).toContain("KINDCAMPAIGN");
    expect(campaign.codes.some((code) => code.startsWith("WELCOME-"))).toBe(false);
    const welcomeOnly = await codes("?limit=100&kind=Welcome");
    expect(welcomeOnly.codes).toEqual([...welcome].reverse());
    expect(campaign.total + welcomeOnly.total).toBe(everything.total);
    // With a search, as the admin types a code from a customer's email.
    expect((await codes(`?kind=welcome&search=${welcome[0]!.toLowerCase()}`)).codes).toEqual([welcome[0]]);
    expect((await codes(`?kind=campaign&search=${welcome[0]}`)).codes).toEqual([]);

    for (const bad of ["?kind=nope", "?kind=nope&kind=all", "?kind=campaign%20coupons"]) {
      const refused = await api().get(`/api/admin/coupons${bad}`).set(admin.headers).expect(400);
      expect(refused.body.errors).toEqual({ kind: "The kind parameter must be campaign, welcome or all" });
    }

    const ORIGIN = "http://localhost:3000";
    // biome-ignore lint/suspicious/noExplicitAny: the loader is called with hand-made arguments.
    const page = (path: string) => listLoader({ request: new Request(`${ORIGIN}${path}`), context: pageContext(shop.context, admin), params: {} } as any);
    const shown = await page("/admin/coupons");
    expect(shown.kind).toBe("campaign");
    expect(shown.coupons.map((coupon) => coupon.code)).toEqual(campaign.codes.slice(0, shown.coupons.length));
    expect(shown.counts).toEqual({ campaign: campaign.total, welcome: welcomeOnly.total, all: everything.total });
    const welcomePage = await page("/admin/coupons?kind=welcome");
    expect(welcomePage.coupons.map((coupon) => coupon.code)).toEqual([...welcome].reverse());
    // A kind the page does not know shows campaign coupons; the search counts each kind.
    expect((await page("/admin/coupons?kind=bogus")).kind).toBe("campaign");
    expect((await page(`/admin/coupons?kind=all&search=${welcome[1]}`)).counts).toEqual({ campaign: 0, welcome: 1, all: 1 });
  });
});
