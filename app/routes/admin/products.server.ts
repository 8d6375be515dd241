// The products list's server side: the list, and Delete (also from the edit page) through the
// admin module's use case and its one reply table (the same as DELETE /api/admin/products/:id).
import type { AppLoadContext } from "react-router";
import { ADMIN_PAGE_SIZE } from "#common/admin.ts";
import { deleteProduct, listAdminProducts } from "#server/modules/admin/products.ts";
import { adminReply } from "#server/modules/admin/replies.ts";
import { readSettings } from "#server/modules/settings/settings.ts";
import { pageParam } from "~/components/admin/pager";
import { formText } from "~/lib/form-text";
import { adminAction, changedBy } from "./admin-action.server";

export async function loadProducts(context: AppLoadContext, url: URL) {
  const page = pageParam(url);
  const search = url.searchParams.get("search")?.trim().slice(0, 200) ?? "";
  const [products, settings] = await Promise.all([
    listAdminProducts(context.shop.db, { page, limit: ADMIN_PAGE_SIZE, search: search || undefined }),
    readSettings(context.shop),
  ]);
  // Each product's "Low" is at its own threshold, else the shop's default (decisions/031).
  const defaultLowStock = settings.lowStockThreshold;
  return { products: products.items, total: products.total, hasNext: page * ADMIN_PAGE_SIZE < products.total, page, search, defaultLowStock };
}

/** "Product deleted", or the note that it was unpublished because orders refer to it. */
export function removeProduct(context: AppLoadContext, form: FormData) {
  const { id } = formText(form, ["id"]);
  return adminAction(context, "Failed to delete product", async () => adminReply.deleteProduct(await deleteProduct(context.shop.db, changedBy(context), id)));
}
