// Add Product's server side: the form's fields go to the catalog module's createProduct, the same
// use case and reply table as POST /api/admin/products.
import { redirect, type AppLoadContext } from "react-router";
import { createProduct } from "#server/modules/catalog/admin-products.ts";
import { catalogReply } from "#server/modules/catalog/replies.ts";
import { productInput } from "~/components/admin/product-form";
import { adminAction, changedBy } from "./admin-action.server";

/** Creates the product and opens its edit page; a refusal comes back with messages beside the fields. */
export async function addProduct(context: AppLoadContext, form: FormData) {
  let createdId = "";
  const answer = await adminAction(context, "Failed to save product", async () => {
    const result = await createProduct(context.shop.db, changedBy(context), productInput(form));
    if (result.ok) createdId = result.product._id;
    return catalogReply.writeProduct(result, "create");
  });
  if (createdId) throw redirect(`/admin/products/${createdId}/edit?created=1`);
  return answer;
}
