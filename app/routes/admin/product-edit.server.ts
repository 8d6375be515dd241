// Edit Product's server side: the product (published or not), and Save through the catalog
// module's updateProduct, the same use case and reply table as PUT /api/admin/products/:id.
import { data, type AppLoadContext } from "react-router";
import { getAdminProduct, updateProduct, waitingForStock } from "#server/modules/catalog/admin-products.ts";
import { catalogReply } from "#server/modules/catalog/replies.ts";
import { productInput } from "~/components/admin/product-form";
import { adminAction, changedBy } from "./admin-action.server";

/** The product to edit; a 404 page when there is none. */
export async function loadProductEdit(context: AppLoadContext, productId: string) {
  const product = await getAdminProduct(context.shop.db, productId);
  if (!product) throw data(null, { status: 404 });
  const waiting = (await waitingForStock(context.shop.db, [product._id]))[product._id] ?? 0;
  return { product, waiting };
}

export function saveProduct(context: AppLoadContext, productId: string, form: FormData) {
  return adminAction(context, "Failed to save product", async () =>
    catalogReply.writeProduct(await updateProduct(context.shop.db, changedBy(context), productId, productInput(form)), "update"),
  );
}
