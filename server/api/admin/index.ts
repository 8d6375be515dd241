import { Router, type Request, type Response } from "express";
import { ADMIN_PAGE_SIZE } from "#common/admin.ts";
import { istDay } from "#common/dates.ts";
import { DOSAGE_FORMS } from "#common/catalog.ts";
import { adminListQuerySchema, adminOrderQuerySchema } from "#server/schemas/admin.ts";
import type { ShopContext } from "#server/context.ts";
import { adminCouponListQuerySchema } from "#server/schemas/admin-coupons.ts";
import { adminReviewQuerySchema } from "#server/schemas/admin-reviews.ts";
import { auditQuerySchema } from "#server/schemas/audit.ts";
import { listAuditEntries } from "#server/modules/audit/audit.ts";
import { AUDIT_PAGE_SIZE } from "#common/audit.ts";
import { CATALOGUE_CSV_MESSAGES, MAX_CATALOGUE_IMPORT_BYTES } from "#common/catalogue-csv.ts";
import { readMultipartFile, type MultipartOptions } from "#server/http/multipart.ts";
import { catalogueCsv, catalogueTemplateCsv, importCatalogueCsv } from "#server/modules/catalogue-csv/catalogue-csv.ts";
import { catalogueImportReply } from "#server/modules/catalogue-csv/replies.ts";
import { HttpError, parseInput, replyError, type Reply } from "#server/http/errors.ts";
import { listMessages, listSubscribers, setMessageHandled, subscribersCsv } from "#server/modules/admin/inbox.ts";
import { archivedFilter, listAdminOrders, removeOrder, setOrderStatus } from "#server/modules/admin/orders.ts";
import { includesExpired } from "#server/modules/orders/attempts.ts";
import { COD_CONFIRM_MESSAGES, confirmCodOrder } from "#server/modules/orders/cash-on-delivery.ts";
import { loadOrderJson } from "#server/modules/orders/orders.ts";
import { orderReply } from "#server/modules/orders/replies.ts";
import { createProduct, deleteProduct, listAdminProducts, updateProduct } from "#server/modules/admin/products.ts";
import { adminReply } from "#server/modules/admin/replies.ts";
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from "#server/modules/coupons/admin.ts";
import { couponReply } from "#server/modules/coupons/replies.ts";
import { deleteReview, listReviewsForModeration, setReviewHidden } from "#server/modules/admin/reviews.ts";
import { adminStats } from "#server/modules/admin/stats.ts";
import { settingsReply } from "#server/modules/settings/replies.ts";
import { readSettings, updateSettings } from "#server/modules/settings/settings.ts";
import { listLowStock } from "#server/modules/stock-alerts/low-stock.ts";
import { createUserAccount, deleteUserAccount, listUsers, updateUserAccount, type Page } from "#server/modules/admin/users.ts";
import { h1RegisterCsv } from "#server/modules/prescriptions/h1-register.ts";
import { reviewReply } from "#server/modules/prescriptions/review-replies.ts";
import { listReviewQueue, reviewOrderPrescription } from "#server/modules/prescriptions/review.ts";
import { h1RegisterQuerySchema, reviewQueueQuerySchema } from "#server/schemas/pharmacist.ts";
import { requireAdmin, requireStaff, signedInAdmin, signedInStaff } from "./require-admin.ts";

/** A page of a list: the array, with the count before paging in X-Total-Count. */
function sendPage<T>(res: Response, page: Page<T>) {
  res.setHeader("X-Total-Count", String(page.total));
  res.json(page.items);
}

/**
 * The admin module's reply for a result (server/modules/admin/replies.ts): a refusal is thrown
 * for the error handler to write; a success is returned for the handler to send with its record.
 */
function accepted<R extends { ok: boolean }>(result: R, reply: Reply): Extract<R, { ok: true }> {
  if (!result.ok || reply.status >= 400) throw replyError(reply);
  return result as Extract<R, { ok: true }>;
}

/**
 * Admin calls (api-contract.md, "Admin"), mounted at /api/admin. requireStaff runs first for
 * every path, so a guest or customer learns nothing but 401/403, not even which paths exist, and
 * a pharmacist reaches only the order reads and the prescription calls.
 */
export function adminRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();
  // Admins everywhere; pharmacists only to the order reads and the prescription calls (require-admin.ts).
  router.use(requireStaff);

  // --- Users ---------------------------------------------------------------------------
  router.get("/users", async (req, res) => {
    sendPage(res, await listUsers(db, parseInput(adminListQuerySchema, req.query)));
  });

  router.post("/users", async (req, res) => {
    const result = await createUserAccount(shop, (await signedInAdmin(req)).id, req.body);
    const reply = adminReply.createUser(result);
    res.status(reply.status).json({ message: reply.message, user: accepted(result, reply).user });
  });

  router.put("/users/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await updateUserAccount(db, admin.id, req.params.id, req.body, shop.config.publicUrl);
    const reply = adminReply.updateUser(result);
    res.status(reply.status).json({ message: reply.message, user: accepted(result, reply).user });
  });

  router.delete("/users/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await deleteUserAccount(db, admin.id, req.params.id);
    const reply = adminReply.deleteUser(result);
    accepted(result, reply);
    res.status(reply.status).json({ message: reply.message });
  });

  // --- Products ------------------------------------------------------------------------
  router.get("/products", async (req, res) => {
    sendPage(res, await listAdminProducts(db, parseInput(adminListQuerySchema, req.query)));
  });

  router.post("/products", async (req, res) => {
    const result = await createProduct(db, await signedInAdmin(req), req.body);
    const reply = adminReply.writeProduct(result, "create");
    res.status(reply.status).json(accepted(result, reply).product);
  });

  router.put("/products/:id", productUpdateHandler(shop));

  // The catalogue as CSV (decisions/033): export, template, import by SKU (all or nothing).
  router.get("/products/export.csv", async (_req, res) => {
    sendCsv(res, `catalogue-${istDay()}.csv`, await catalogueCsv(db));
  });

  router.get("/products/template.csv", (_req, res) => {
    sendCsv(res, "catalogue-template.csv", catalogueTemplateCsv());
  });

  router.post("/products/import", async (req, res) => {
    const admin = await signedInAdmin(req);
    const { bytes } = await readMultipartFile(req, CATALOGUE_CSV_PART);
    if (bytes.length === 0) throw CATALOGUE_CSV_PART.noFile();
    const result = await importCatalogueCsv(shop, admin, bytes);
    const reply = catalogueImportReply(result);
    if (!result.ok) return res.status(reply.status).json({ message: reply.message, errors: reply.rowErrors });
    res.status(reply.status).json({ message: reply.message, created: result.created, updated: result.updated });
  });

  router.delete("/products/:id", async (req, res) => {
    const result = await deleteProduct(db, await signedInAdmin(req), req.params.id);
    const reply = adminReply.deleteProduct(result);
    res.status(reply.status).json({ message: reply.message, unpublished: accepted(result, reply).outcome === "unpublished" });
  });

  // --- Orders --------------------------------------------------------------------------
  router.get("/orders", async (req, res) => {
    const query = parseInput(adminOrderQuerySchema, req.query);
    sendPage(res, await listAdminOrders(db, { ...query, archived: archivedFilter(req.query.archived), includeExpired: includesExpired(req.query.include) }));
  });

  router.put("/orders/:id", async (req, res) => {
    const result = await setOrderStatus(shop, await signedInAdmin(req), req.params.id, req.body);
    const reply = adminReply.setOrderStatus(result);
    res.status(reply.status).json(accepted(result, reply).order);
  });

  // Cash on delivery confirmed by the staff (a call; later the WhatsApp reply), decisions/044.
  router.post("/orders/:id/confirm-cod", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await confirmCodOrder(db, req.params.id, { role: "staff", actor: { id: admin.id, name: admin.name, role: admin.role } });
    if (!result.ok) throw replyError(orderReply.confirmCod(result));
    res.json({ message: COD_CONFIRM_MESSAGES.confirmed, order: await loadOrderJson(db, req.params.id) });
  });

  router.delete("/orders/:id", async (req, res) => {
    // An order with an invoice or a payment is archived, never erased; the message says which.
    const result = await removeOrder(db, await signedInAdmin(req), req.params.id);
    const reply = adminReply.removeOrder(result);
    res.status(reply.status).json({ message: reply.message, archived: accepted(result, reply).outcome === "archived" });
  });

  // --- Prescriptions: the pharmacist's review (decisions/020) ----------------------------
  router.get("/prescriptions", async (req, res) => {
    const { status } = parseInput(reviewQueueQuerySchema, req.query);
    const { page, limit } = parseInput(adminListQuerySchema, { page: req.query.page, limit: req.query.limit });
    const queue = await listReviewQueue(db, { status, page: page ?? 1, limit: limit ?? ADMIN_PAGE_SIZE });
    res.setHeader("X-Total-Count", String(queue.total));
    res.json(queue.items);
  });

  router.post("/orders/:id/prescription-review", async (req, res) => {
    const reviewer = await signedInStaff(req);
    const result = await reviewOrderPrescription(shop, reviewer, req.params.id, req.body);
    const reply = reviewReply.review(result);
    res.status(reply.status).json({ message: reply.message, order: accepted(result, reply).order });
  });

  router.get("/reports/h1-register.csv", async (req, res) => {
    const range = parseInput(h1RegisterQuerySchema, req.query);
    const csv = await h1RegisterCsv(db, range);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="h1-register-${range.from}-to-${range.to}.csv"`);
    res.send(csv);
  });

  // --- Reviews (moderation, decisions/015) ------------------------------------------------
  router.get("/reviews", async (req, res) => {
    sendPage(res, await listReviewsForModeration(db, parseInput(adminReviewQuerySchema, req.query)));
  });

  router.put("/reviews/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await setReviewHidden(db, admin, req.params.id, req.body);
    const reply = adminReply.moderateReview(result);
    const changed = accepted(result, reply);
    res.status(reply.status).json("review" in changed ? changed.review : { message: reply.message });
  });

  router.delete("/reviews/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await deleteReview(db, admin, req.params.id);
    const reply = adminReply.moderateReview(result);
    accepted(result, reply);
    res.status(reply.status).json({ message: reply.message });
  });

  // --- Coupons (issue 15, decisions/025) --------------------------------------------------
  router.get("/coupons", async (req, res) => {
    sendPage(res, await listCoupons(db, parseInput(adminCouponListQuerySchema, req.query)));
  });

  router.post("/coupons", async (req, res) => {
    const result = await createCoupon(db, await signedInAdmin(req), req.body);
    const reply = couponReply.write(result, "create");
    res.status(reply.status).json(accepted(result, reply).coupon);
  });

  router.put("/coupons/:id", async (req, res) => {
    const result = await updateCoupon(db, await signedInAdmin(req), req.params.id, req.body);
    const reply = couponReply.write(result, "update");
    res.status(reply.status).json(accepted(result, reply).coupon);
  });

  router.delete("/coupons/:id", async (req, res) => {
    const result = await deleteCoupon(db, await signedInAdmin(req), req.params.id);
    const reply = couponReply.remove(result);
    res.status(reply.status).json({ message: reply.message, deactivated: accepted(result, reply).outcome === "deactivated" });
  });

  // --- Settings and stock alerts (issue 17, decisions/031) ---------------------------------
  router.get("/settings", async (_req, res) => {
    res.json(await readSettings(shop));
  });

  router.put("/settings", async (req, res) => {
    const result = await updateSettings(shop, await signedInAdmin(req), req.body);
    const reply = settingsReply.update(result);
    res.status(reply.status).json({ message: reply.message, settings: accepted(result, reply).settings });
  });

  router.get("/low-stock", async (_req, res) => {
    res.json(await listLowStock(db, 100));
  });

  // --- Audit log (issue 17, decisions/033): newest first, the count in X-Total-Count ------
  router.get("/audit", async (req, res) => {
    const query = parseInput(auditQuerySchema, req.query);
    const log = await listAuditEntries(db, { ...query, page: query.page ?? 1, limit: query.limit ?? AUDIT_PAGE_SIZE });
    res.setHeader("X-Total-Count", String(log.total));
    res.json(log.items);
  });

  // --- Dashboard and inbox -------------------------------------------------------------
  router.get("/stats", async (_req, res) => {
    res.json(await adminStats(db));
  });

  router.get("/messages", async (req, res) => {
    sendPage(res, await listMessages(db, parseInput(adminListQuerySchema, req.query)));
  });

  router.put("/messages/:id", async (req, res) => {
    const result = await setMessageHandled(db, await signedInAdmin(req), req.params.id, req.body);
    const reply = adminReply.setMessageHandled(result);
    res.status(reply.status).json(accepted(result, reply).message);
  });

  router.get("/subscribers", async (req, res) => {
    sendPage(res, await listSubscribers(db, parseInput(adminListQuerySchema, req.query)));
  });

  router.get("/subscribers.csv", async (_req, res) => {
    const csv = await subscribersCsv(db);
    const date = istDay();
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="newsletter-subscribers-${date}.csv"`);
    res.send(csv);
  });

  return router;
}

/** The catalogue import's multipart field `file` and its refusals. */
const CATALOGUE_CSV_PART: MultipartOptions = {
  fileField: "file",
  maxFileBytes: MAX_CATALOGUE_IMPORT_BYTES,
  notMultipart: () => new HttpError(415, CATALOGUE_CSV_MESSAGES.noFile),
  malformed: () => new HttpError(400, CATALOGUE_CSV_MESSAGES.noFile),
  tooLarge: () => new HttpError(413, CATALOGUE_CSV_MESSAGES.tooLarge, undefined, { Connection: "close" }),
  noFile: () => new HttpError(400, CATALOGUE_CSV_MESSAGES.noFile),
};

/** A CSV download. */
function sendCsv(res: Response, fileName: string, csv: string) {
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
  res.send(csv);
}

/** PUT .../products/:id: the given product fields change, the rest stay. */
function productUpdateHandler({ db }: ShopContext, adaptBody: (body: unknown) => unknown = (body) => body) {
  return async (req: Request<{ id: string }>, res: Response) => {
    const result = await updateProduct(db, await signedInAdmin(req), req.params.id, adaptBody(req.body));
    const reply = adminReply.writeProduct(result, "update");
    res.status(reply.status).json(accepted(result, reply).product);
  };
}

/**
 * The spec's product-edit page calls the dosage form "category" (api-contract.md, "Products"):
 * a `category` naming a form, sent without a `form`, is taken as the form.
 */
function specProductBody(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const { category, form } = body as { category?: unknown; form?: unknown };
  const dosageForm = typeof category === "string" ? DOSAGE_FORMS.find((name) => name.toLowerCase() === category.trim().toLowerCase()) : undefined;
  if (!dosageForm || (form !== undefined && form !== null && form !== "")) return body;
  const { category: _category, ...rest } = body as Record<string, unknown>;
  return { ...rest, form: dosageForm };
}

/**
 * PUT /api/products/:id, the spec's product-edit call: the same admin-only update, mounted
 * beside the public catalogue routes.
 */
export function adminProductWritesRouter(shop: ShopContext) {
  const router = Router();
  router.put("/:id", requireAdmin, productUpdateHandler(shop, specProductBody));
  return router;
}
