import { ADMIN_MESSAGES, adminProductSchema, adminProductUpdateSchema } from "#common/schemas/admin.ts";
import type { Database } from "#server/db/client.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { createProduct, deleteProduct, updateProduct, type ProductWriteResult } from "#server/modules/admin/products.ts";

export { getAdminProduct, listAdminProducts } from "#server/modules/admin/products.ts";

function written(result: ProductWriteResult) {
  if (result.ok) return result.product;
  if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.productNotFound);
  if (result.reason === "sku-taken") throw new HttpError(409, ADMIN_MESSAGES.skuTaken, { sku: ADMIN_MESSAGES.skuTaken });
  throw new HttpError(400, ADMIN_MESSAGES.priceAboveMrp, { price: ADMIN_MESSAGES.priceAboveMrp });
}

/** The product pages' saves, through the admin module; refusals become field messages. */
export async function saveNewProduct(db: Database, body: Record<string, unknown>) {
  return written(await createProduct(db, parseInput(adminProductSchema, body, "Please fix the errors in the form")));
}

export async function saveProduct(db: Database, id: string, body: Record<string, unknown>) {
  return written(await updateProduct(db, id, parseInput(adminProductUpdateSchema, body, "Please fix the errors in the form")));
}

/** "Product deleted", or the note that it was unpublished because orders refer to it. */
export async function removeProduct(db: Database, id: string): Promise<string> {
  const result = await deleteProduct(db, id);
  if (!result.ok) throw new HttpError(404, ADMIN_MESSAGES.productNotFound);
  return result.outcome === "deleted" ? ADMIN_MESSAGES.productDeleted : ADMIN_MESSAGES.productUnpublished;
}
