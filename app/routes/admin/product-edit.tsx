import { CheckCircle2, ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { HistoryLink } from "~/components/admin/history-link";
import { ADMIN_MAIN, AdminPageHeader } from "~/components/admin/page-header";
import { ProductForm } from "~/components/admin/product-form";
import { waitingForStockText } from "#common/back-in-stock.ts";
import { NOINDEX } from "~/components/auth/auth-card";
import { toast } from "~/components/ui/toaster";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/product-edit";
import { loadProductEdit, saveProduct } from "./product-edit.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `Edit ${data.product.name} | Admin` : "Edit Product | Admin", "Change a product's details, price, stock, images and visibility."),
  NOINDEX,
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadProductEdit(context, params.productId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return saveProduct(context, params.productId, await request.formData());
}

/** After a delete from this page it is left for the list; its own data is not reloaded (it is gone). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete") return false;
  return defaultShouldRevalidate;
}

export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, waiting } = loaderData;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const created = searchParams.get("created") === "1";
  useEffect(() => {
    if (actionData?.ok) toast.success(actionData.message);
  }, [actionData]);
  return (
    <main id="main" className={`${ADMIN_MAIN} max-w-4xl`}>
      <Link to="/admin/products" className="text-sm font-medium text-brand-800 underline">
        Back to products
      </Link>
      <div className="mt-3">
        <AdminPageHeader title={`Edit ${product.name}`}>
          {product.published ? (
            <Link
              to={`/product/${product._id}`}
              className="inline-flex items-center gap-1 rounded-md border border-gray-400 bg-white px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100"
            >
              <ExternalLink className="h-4 w-4" aria-hidden /> View in shop
            </Link>
          ) : (
            <span className="text-sm text-gray-700">Unpublished: shoppers cannot see it</span>
          )}
          <HistoryLink entity="product" entityId={product._id} name={product.name} />
          <ConfirmDelete
            what={product.name}
            question="The product is removed from the shop. If orders contain it, it is unpublished instead so those orders keep their lines."
            fields={{ id: product._id }}
            action="/admin/products"
            failure="Failed to delete product"
            onDeleted={() => navigate("/admin/products")}
          />
        </AdminPageHeader>
      </div>
      {created || actionData?.ok ? (
        <p role="status" className="mt-4 flex items-center gap-2 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">
          <CheckCircle2 className="h-5 w-5" aria-hidden />
          {actionData?.ok ? actionData.message : "Product created"}
        </p>
      ) : null}
      {waiting > 0 ? (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          Back-in-stock requests: {waitingForStockText(waiting)} to be emailed once when this product is in stock again.
        </p>
      ) : null}
      <ProductForm
        key={product._id}
        mode="edit"
        values={product}
        errors={actionData && !actionData.ok ? actionData.errors : undefined}
        message={actionData && !actionData.ok ? actionData.message : undefined}
      />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
