import { Router, type Request, type Response } from "express";
import { DOSAGE_FORMS } from "#common/catalog.ts";
import {
  ADMIN_MESSAGES,
  adminCreateUserSchema,
  adminListQuerySchema,
  adminMessageUpdateSchema,
  adminOrderQuerySchema,
  adminOrderStatusSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  adminUpdateUserSchema,
} from "#common/schemas/admin.ts";
import type { ShopContext } from "#server/context.ts";
import { adminReviewQuerySchema, adminReviewUpdateSchema } from "#common/schemas/admin-reviews.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { listMessages, listSubscribers, setMessageHandled, subscribersCsv } from "#server/modules/admin/inbox.ts";
import { archivedFilter, listAdminOrders, removeOrder, removeOrderReply, setOrderStatus } from "#server/modules/admin/orders.ts";
import {
  createProduct,
  deleteProduct,
  listAdminProducts,
  updateProduct,
  type ProductWriteResult,
} from "#server/modules/admin/products.ts";
import {
  deleteReview,
  listReviewsForModeration,
  reviewModerationAnswer,
  setReviewHidden,
} from "#server/modules/admin/reviews.ts";
import { adminStats } from "#server/modules/admin/stats.ts";
import {
  createUserAccount,
  deleteUserAccount,
  listUsers,
  updateUserAccount,
  type Page,
} from "#server/modules/admin/users.ts";
import { requireAdmin, signedInAdmin } from "./require-admin.ts";

/** A page of a list: the array, with the count before paging in X-Total-Count. */
function sendPage<T>(res: Response, page: Page<T>) {
  res.setHeader("X-Total-Count", String(page.total));
  res.json(page.items);
}

function productOrError(result: ProductWriteResult) {
  if (result.ok) return result.product;
  if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.productNotFound);
  if (result.reason === "sku-taken") throw new HttpError(409, ADMIN_MESSAGES.skuTaken, { sku: ADMIN_MESSAGES.skuTaken });
  throw new HttpError(400, ADMIN_MESSAGES.priceAboveMrp, { price: ADMIN_MESSAGES.priceAboveMrp });
}

/**
 * Admin calls (api-contract.md, "Admin"), mounted at /api/admin. requireAdmin runs first for
 * every path, so a guest or customer learns nothing but 401/403, not even which paths exist.
 */
export function adminRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();
  router.use(requireAdmin);

  // --- Users ---------------------------------------------------------------------------
  router.get("/users", async (req, res) => {
    sendPage(res, await listUsers(db, parseInput(adminListQuerySchema, req.query)));
  });

  router.post("/users", async (req, res) => {
    const input = parseInput(adminCreateUserSchema, req.body);
    const result = await createUserAccount(shop, input);
    if (!result.ok) throw new HttpError(409, ADMIN_MESSAGES.userExists, { email: ADMIN_MESSAGES.userExists });
    res.status(201).json({ message: ADMIN_MESSAGES.userCreated, user: result.user });
  });

  router.put("/users/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const input = parseInput(adminUpdateUserSchema, req.body);
    if (input.name === undefined && input.email === undefined && input.role === undefined) {
      throw new HttpError(400, ADMIN_MESSAGES.nothingToUpdate);
    }
    const result = await updateUserAccount(db, admin.id, req.params.id, input);
    if (!result.ok) {
      if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
      if (result.reason === "email-taken") throw new HttpError(409, ADMIN_MESSAGES.userExists, { email: ADMIN_MESSAGES.userExists });
      if (result.reason === "own-role") throw new HttpError(409, ADMIN_MESSAGES.cannotChangeOwnRole, { role: ADMIN_MESSAGES.cannotChangeOwnRole });
      throw new HttpError(409, ADMIN_MESSAGES.lastAdmin, { role: ADMIN_MESSAGES.lastAdmin });
    }
    res.json({ message: ADMIN_MESSAGES.userUpdated, user: result.user });
  });

  router.delete("/users/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await deleteUserAccount(db, admin.id, req.params.id);
    if (!result.ok) {
      if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
      throw new HttpError(409, result.reason === "self" ? ADMIN_MESSAGES.cannotDeleteSelf : ADMIN_MESSAGES.lastAdmin);
    }
    res.json({ message: ADMIN_MESSAGES.userDeleted });
  });

  // --- Products ------------------------------------------------------------------------
  router.get("/products", async (req, res) => {
    sendPage(res, await listAdminProducts(db, parseInput(adminListQuerySchema, req.query)));
  });

  router.post("/products", async (req, res) => {
    const product = productOrError(await createProduct(db, parseInput(adminProductSchema, req.body)));
    res.status(201).json(product);
  });

  router.put("/products/:id", productUpdateHandler(shop));

  router.delete("/products/:id", async (req, res) => {
    const result = await deleteProduct(db, req.params.id);
    if (!result.ok) throw new HttpError(404, ADMIN_MESSAGES.productNotFound);
    const unpublished = result.outcome === "unpublished";
    res.json({ message: unpublished ? ADMIN_MESSAGES.productUnpublished : ADMIN_MESSAGES.productDeleted, unpublished });
  });

  // --- Orders --------------------------------------------------------------------------
  router.get("/orders", async (req, res) => {
    const query = parseInput(adminOrderQuerySchema, req.query);
    sendPage(res, await listAdminOrders(db, { ...query, archived: archivedFilter(req.query.archived) }));
  });

  router.put("/orders/:id", async (req, res) => {
    const { status } = parseInput(adminOrderStatusSchema, req.body);
    const result = await setOrderStatus(shop, req.params.id, status);
    if (!result.ok) {
      if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
      if (result.reason === "not-allowed") throw new HttpError(409, result.message, { status: result.message });
      throw new HttpError(502, result.message);
    }
    res.json(result.order);
  });

  router.delete("/orders/:id", async (req, res) => {
    // An order with an invoice or a payment is archived, never erased; the message says which.
    const reply = removeOrderReply(await removeOrder(db, req.params.id));
    if (reply.status !== 200) throw new HttpError(reply.status, reply.message);
    res.json({ message: reply.message, archived: reply.archived });
  });

  // --- Reviews (moderation, decisions/015) ------------------------------------------------
  router.get("/reviews", async (req, res) => {
    sendPage(res, await listReviewsForModeration(db, parseInput(adminReviewQuerySchema, req.query)));
  });

  router.put("/reviews/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const { hidden } = parseInput(adminReviewUpdateSchema, req.body);
    const result = await setReviewHidden(db, admin, req.params.id, hidden);
    const { status, message } = reviewModerationAnswer(result);
    if (!result.ok || !("review" in result)) throw new HttpError(status, message);
    res.status(status).json(result.review);
  });

  router.delete("/reviews/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await deleteReview(db, admin, req.params.id);
    const { status, message } = reviewModerationAnswer(result);
    if (!result.ok) throw new HttpError(status, message);
    res.status(status).json({ message });
  });

  // --- Dashboard and inbox -------------------------------------------------------------
  router.get("/stats", async (_req, res) => {
    res.json(await adminStats(db));
  });

  router.get("/messages", async (req, res) => {
    sendPage(res, await listMessages(db, parseInput(adminListQuerySchema, req.query)));
  });

  router.put("/messages/:id", async (req, res) => {
    const { handled } = parseInput(adminMessageUpdateSchema, req.body);
    const message = await setMessageHandled(db, req.params.id, handled);
    if (!message) throw new HttpError(404, ADMIN_MESSAGES.messageNotFound);
    res.json(message);
  });

  router.get("/subscribers", async (req, res) => {
    sendPage(res, await listSubscribers(db, parseInput(adminListQuerySchema, req.query)));
  });

  router.get("/subscribers.csv", async (_req, res) => {
    const csv = await subscribersCsv(db);
    const date = new Date().toISOString().slice(0, 10);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="newsletter-subscribers-${date}.csv"`);
    res.send(csv);
  });

  return router;
}

/** PUT .../products/:id: the given product fields change, the rest stay. */
function productUpdateHandler({ db }: ShopContext, adaptBody: (body: unknown) => unknown = (body) => body) {
  return async (req: Request<{ id: string }>, res: Response) => {
    const input = parseInput(adminProductUpdateSchema, adaptBody(req.body));
    if (Object.values(input).every((value) => value === undefined)) throw new HttpError(400, ADMIN_MESSAGES.nothingToUpdate);
    res.json(productOrError(await updateProduct(db, req.params.id, input)));
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
  router.put("/products/:id", requireAdmin, productUpdateHandler(shop, specProductBody));
  return router;
}
