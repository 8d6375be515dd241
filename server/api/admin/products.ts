import { type Request, type Response, Router } from "express";
import { DOSAGE_FORMS } from "#common/catalog.ts";
import { CATALOGUE_CSV_MESSAGES, MAX_CATALOGUE_IMPORT_BYTES } from "#common/catalogue-csv.ts";
import { istDay } from "#common/dates.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { type MultipartOptions, readMultipartFile } from "#server/http/multipart.ts";
import { createProduct, deleteProduct, listAdminProducts, updateProduct } from "#server/modules/catalog/admin-products.ts";
import { catalogReply } from "#server/modules/catalog/replies.ts";
import { catalogueCsv, catalogueTemplateCsv, importCatalogueCsv } from "#server/modules/catalogue-csv/catalogue-csv.ts";
import { catalogueImportReply } from "#server/modules/catalogue-csv/replies.ts";
import { requireAdmin, signedInAdmin } from "./require-admin.ts";
import { accepted, sendCsv, sendPage } from "./send.ts";

/** Products, published or not, and the catalogue as CSV (decisions/033), mounted at /api/admin/products. */
export function adminProductsRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.get("/", async (req, res) => {
    const list = await listAdminProducts(db, req.query);
    if (!list.ok) throw replyError(catalogReply.list(list));
    sendPage(res, list);
  });

  router.post("/", async (req, res) => {
    const result = await createProduct(db, await signedInAdmin(req), req.body);
    const reply = catalogReply.writeProduct(result, "create");
    res.status(reply.status).json(accepted(result, reply).product);
  });

  // The catalogue as CSV: export, template, import by SKU (all or nothing).
  router.get("/export.csv", async (_req, res) => {
    sendCsv(res, `catalogue-${istDay()}.csv`, await catalogueCsv(db));
  });

  router.get("/template.csv", (_req, res) => {
    sendCsv(res, "catalogue-template.csv", catalogueTemplateCsv());
  });

  router.post("/import", async (req, res) => {
    const admin = await signedInAdmin(req);
    const { bytes } = await readMultipartFile(req, CATALOGUE_CSV_PART);
    if (bytes.length === 0) throw CATALOGUE_CSV_PART.noFile();
    const result = await importCatalogueCsv(shop, admin, bytes);
    const reply = catalogueImportReply(result);
    if (!result.ok) return res.status(reply.status).json({ message: reply.message, errors: reply.rowErrors });
    res.status(reply.status).json({ message: reply.message, created: result.created, updated: result.updated });
  });

  router.put("/:id", productUpdateHandler(shop));

  router.delete("/:id", async (req, res) => {
    const result = await deleteProduct(db, await signedInAdmin(req), req.params.id);
    const reply = catalogReply.deleteProduct(result);
    res.status(reply.status).json({ message: reply.message, unpublished: accepted(result, reply).outcome === "unpublished" });
  });

  return router;
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

/** The catalogue import's multipart field `file` and its refusals. */
const CATALOGUE_CSV_PART: MultipartOptions = {
  fileField: "file",
  maxFileBytes: MAX_CATALOGUE_IMPORT_BYTES,
  notMultipart: () => new HttpError(415, CATALOGUE_CSV_MESSAGES.noFile),
  malformed: () => new HttpError(400, CATALOGUE_CSV_MESSAGES.noFile),
  tooLarge: () => new HttpError(413, CATALOGUE_CSV_MESSAGES.tooLarge, undefined, { Connection: "close" }),
  noFile: () => new HttpError(400, CATALOGUE_CSV_MESSAGES.noFile),
};

/** PUT .../products/:id: the given product fields change, the rest stay. */
function productUpdateHandler({ db }: ShopContext, adaptBody: (body: unknown) => unknown = (body) => body) {
  return async (req: Request<{ id: string }>, res: Response) => {
    const result = await updateProduct(db, await signedInAdmin(req), req.params.id, adaptBody(req.body));
    const reply = catalogReply.writeProduct(result, "update");
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
