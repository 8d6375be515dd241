// The pharmacist's pages, called the way React Router calls them (decisions/020): who may load
// them, the read-only orders for a pharmacist, the review action answering as the API does, the
// private file route and the H1 register download.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "#common/pharmacist.ts";
import { orderLines, orderPrescriptions, orders } from "#server/db/schema.ts";
import { contentSecurityPolicy } from "#server/http/csp.ts";
import { uploadPrescription } from "#server/modules/prescriptions/prescriptions.ts";
import { loader as dashboardLoader } from "~/routes/admin/dashboard.tsx";
import { loader as fileLoader } from "~/routes/admin/prescription-file.ts";
import { loader as h1Loader } from "~/routes/admin/h1-register-csv.ts";
import { loader as layoutLoader } from "~/routes/admin/layout.tsx";
import { loader as orderLoader } from "~/routes/admin/order.tsx";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders.tsx";
import { action as reviewAction, loader as reviewLoader } from "~/routes/admin/prescription-review.tsx";
import { loader as queueLoader } from "~/routes/admin/prescriptions.tsx";
import { loader as usersLoader } from "~/routes/admin/users.tsx";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, pageContext, type TestUser } from "../support/users.ts";

const ORIGIN = "http://localhost:3000";
let shop: TestShop;
let admin: TestUser;
let pharmacist: TestUser;
let customer: TestUser;
let orderId: string;
let prescriptionId: string;

type RouteFunction = (args: never) => unknown;
type Outcome = { redirect: string } | { status: number; data?: unknown; headers?: Headers } | { data: unknown; headers?: Headers };

/** Calls a loader (GET) or an action (POST with form fields); redirects and thrown statuses come back as values. */
async function call(fn: RouteFunction, path: string, user: TestUser | null, options: { form?: Record<string, string>; params?: Record<string, string> } = {}): Promise<Outcome> {
  const init: RequestInit = options.form ? { method: "POST", body: new URLSearchParams(options.form) } : {};
  try {
    const result = await fn({ request: new Request(`${ORIGIN}${path}`, init), context: pageContext(shop.context, user), params: options.params ?? {} } as never);
    if (result instanceof Response) return { status: result.status, data: Buffer.from(await result.arrayBuffer()), headers: result.headers };
    const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (wrapped?.type === "DataWithResponseInit") {
      const status = wrapped.init?.status ?? 200;
      return status === 200 ? { data: wrapped.data } : { status, data: wrapped.data };
    }
    return { data: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("Location")! };
    const init = (thrown as { init?: ResponseInit | null } | null)?.init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

beforeAll(async () => {
  shop = await createTestShop();
  [admin, pharmacist, customer] = await Promise.all([createAdmin(shop.context), createPharmacist(shop.context), createCustomer(shop.context)]);
  const order = await insertOrder(shop.context, { userId: customer.id });
  orderId = order.id;
  const photo = await sharp({ create: { width: 40, height: 60, channels: 3, background: "#eee" } }).png().toBuffer();
  const uploaded = await uploadPrescription(shop.context, customer.id, { bytes: photo, fileName: "rx.png", fields: { patientName: "Asha Rao" } });
  if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
  prescriptionId = uploaded.prescription._id;
  await shop.context.db.update(orderLines).set({ schedule: "H1" }).where(eq(orderLines.orderId, orderId));
  await shop.context.db.update(orders).set({ prescriptionStatus: "pending" }).where(eq(orders.id, orderId));
  await shop.context.db.insert(orderPrescriptions).values({ orderId, prescriptionId });
});
afterAll(() => shop?.close());

describe("who may load the pharmacist's pages", () => {
  const pages = (): [string, RouteFunction, Record<string, string>?][] => [
    ["/admin/prescriptions", queueLoader],
    [`/admin/prescriptions/orders/${orderId}`, reviewLoader, { orderId }],
    [`/admin/prescriptions/file/${prescriptionId}`, fileLoader, { prescriptionId }],
    ["/admin/prescriptions/h1-register.csv?from=2026-01-01&to=2026-01-02", h1Loader],
  ];

  it("sends guests to sign in and customers home, before reading anything", async () => {
    for (const [path, loader, params] of pages()) {
      expect(await call(loader, path, null, { params }), path).toEqual({ redirect: `/login?redirect=${encodeURIComponent(path)}` });
      expect(await call(loader, path, customer, { params }), path).toEqual({ redirect: "/" });
    }
  });

  it("lets a pharmacist into the layout, the queue and the orders (read-only), and sends them from admins' pages to the queue", async () => {
    const layout = (await call(layoutLoader, "/admin", pharmacist)) as { data: { admin: { role: string }; pendingReviews: number } };
    expect(layout.data.admin.role).toBe("pharmacist");
    expect(layout.data.pendingReviews).toBe(1);
    for (const [path, loader] of [["/admin", dashboardLoader], ["/admin/users", usersLoader]] as const) {
      expect(await call(loader, path, pharmacist), path).toEqual({ redirect: "/admin/prescriptions" });
    }
    const list = (await call(ordersLoader, "/admin/orders", pharmacist)) as { data: { canChange: boolean; orders: { _id: string }[] } };
    expect(list.data.canChange).toBe(false);
    expect(list.data.orders.map((order) => order._id)).toContain(orderId);
    const detail = (await call(orderLoader, `/admin/orders/${orderId}`, pharmacist, { params: { orderId } })) as { data: { canChange: boolean } };
    expect(detail.data.canChange).toBe(false);
    expect(((await call(ordersLoader, "/admin/orders", admin)) as { data: { canChange: boolean } }).data.canChange).toBe(true);

    // The orders page's action stays admins': a pharmacist's post changes nothing.
    const posted = await call(ordersAction, "/admin/orders", pharmacist, { form: { intent: "status", id: orderId, status: "Cancelled" } });
    expect(posted).toEqual({ redirect: "/admin/prescriptions" });
    const [row] = await shop.context.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe("Processing");
  });

  it("serves the file privately to staff, 404 for an unknown one", async () => {
    const file = (await call(fileLoader, `/admin/prescriptions/file/${prescriptionId}`, pharmacist, { params: { prescriptionId } })) as {
      status: number;
      data: Buffer;
      headers: Headers;
    };
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(file.data).metadata()).width).toBe(40);
    const unknown = crypto.randomUUID();
    expect(await call(fileLoader, `/admin/prescriptions/file/${unknown}`, admin, { params: { prescriptionId: unknown } })).toEqual({ status: 404 });
  });

  it("a PDF with embedded JavaScript is a sandboxed download, never shown in the page (issue 26)", async () => {
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj\n2 0 obj << /S /JavaScript /JS (app.alert('x')) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      "latin1",
    );
    const uploaded = await uploadPrescription(shop.context, customer.id, { bytes: pdf, fileName: "rx.pdf", fields: {} });
    if (!uploaded.ok) throw new Error("upload refused");
    const id = uploaded.prescription._id;
    const file = (await call(fileLoader, `/admin/prescriptions/file/${id}`, pharmacist, { params: { prescriptionId: id } })) as { status: number; headers: Headers };
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="rx.pdf"');
    expect(file.headers.get("content-security-policy")).toMatch(/^sandbox/);
  });

  it("downloads the H1 register, and answers a bad range with its sentence", async () => {
    const good = (await call(h1Loader, "/admin/prescriptions/h1-register.csv?from=2026-01-01&to=2026-01-31", pharmacist)) as { status: number; data: Buffer; headers: Headers };
    expect(good.status).toBe(200);
    expect(good.headers.get("content-disposition")).toContain("h1-register-2026-01-01-to-2026-01-31.csv");
    expect(good.data.toString()).toMatch(/^Date,Order number,Patient,/);
    const bad = (await call(h1Loader, "/admin/prescriptions/h1-register.csv?from=2026-02-01&to=2026-01-01", admin)) as { status: number; data: Buffer };
    expect(bad.status).toBe(400);
    expect(bad.data.toString()).toBe(REVIEW_MESSAGES.dateRangeInvalid);
  });
});

describe("the review page", () => {
  it("shows the order's review; an admin's decision is refused with the reason; the pharmacist's is recorded once", async () => {
    const page = (await call(reviewLoader, `/admin/prescriptions/orders/${orderId}`, admin, { params: { orderId } })) as {
      data: { review: { patient: string; rxLines: { schedule: string }[]; prescriptions: { _id: string }[] }; reviewer: unknown };
    };
    expect(page.data.review.patient).toBe("Asha Rao");
    expect(page.data.review.rxLines[0]!.schedule).toBe("H1");
    expect(page.data.review.prescriptions.map((p) => p._id)).toEqual([prescriptionId]);
    expect(page.data.reviewer).toBeNull();

    const approve = { decision: "approve", prescriberName: "Dr Meera Iyer", prescriberRegistration: "KMC 56789" };
    expect(await call(reviewAction, "/", admin, { form: approve, params: { orderId } })).toEqual({
      status: 403,
      data: { ok: false, message: REVIEW_MESSAGES.pharmacistOnly, errors: undefined },
    });
    const missing = (await call(reviewAction, "/", pharmacist, { form: { decision: "approve" }, params: { orderId } })) as { status: number; data: { errors: Record<string, string> } };
    expect(missing.status).toBe(400);
    expect(missing.data.errors.prescriberRegistration).toBe(REVIEW_MESSAGES.prescriberRegistrationRequired);
    expect(await call(reviewAction, "/", pharmacist, { form: approve, params: { orderId } })).toEqual({ data: { ok: true, message: REVIEW_MESSAGES.approved } });
    const again = (await call(reviewAction, "/", pharmacist, { form: { decision: "reject", reason: "other", otherReason: "Late" }, params: { orderId } })) as { status: number };
    expect(again.status).toBe(409);

    const decided = (await call(reviewLoader, `/admin/prescriptions/orders/${orderId}`, pharmacist, { params: { orderId } })) as {
      data: { review: { prescriptionStatus: string; prescriber: unknown }; reviewer: { registration: string } };
    };
    expect(decided.data.review).toMatchObject({ prescriptionStatus: "approved", prescriber: { name: "Dr Meera Iyer", registration: "KMC 56789" } });
    expect(decided.data.reviewer.registration).toMatch(/^KA\//);
  });

  it("is a 404 page for an order without a prescription", async () => {
    const plain = await insertOrder(shop.context);
    expect(await call(reviewLoader, `/admin/prescriptions/orders/${plain.id}`, pharmacist, { params: { orderId: plain.id } })).toEqual({ status: 404 });
    expect(await call(reviewLoader, "/admin/prescriptions/orders/nope", pharmacist, { params: { orderId: "nope" } })).toEqual({ status: 404 });
  });
});

describe("framing", () => {
  /** The policy the shop's CSP middleware writes for a path. */
  function policyFor(path: string): string {
    const headers = new Map<string, string>();
    const res = { locals: {}, setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) };
    contentSecurityPolicy(shop.config, false)({ path } as never, res as never, () => {});
    return headers.get("content-security-policy") ?? "";
  }

  it("lets only the shop frame a prescription file (a PDF in the review page's iframe); every other page stays unframeable", () => {
    expect(policyFor(`/admin/prescriptions/file/${prescriptionId}`)).toContain("frame-ancestors 'self'");
    expect(policyFor(`/admin/prescriptions/file/${prescriptionId}`)).not.toContain("frame-ancestors 'none'");
    expect(policyFor("/admin/prescriptions")).toContain("frame-ancestors 'none'");
    expect(policyFor("/admin/prescriptions/orders/x")).toContain("frame-ancestors 'none'");
  });
});
