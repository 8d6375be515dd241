import { Link } from "react-router";
import { ADMIN_MAIN, AdminPageHeader } from "~/components/admin/page-header";
import { BLANK_PRODUCT, ProductForm } from "~/components/admin/product-form";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/product-new";
import { addProduct } from "./product-new.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Add Product | Admin", "Add a product to the shop's catalogue."), NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

/** Creates the product and opens its edit page; a refusal comes back with messages beside the fields. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return addProduct(context, await request.formData());
}

export default function AdminProductNew({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className={`${ADMIN_MAIN} max-w-4xl`}>
      <Link to="/admin/products" className="text-sm font-medium text-brand-800 underline">
        Back to products
      </Link>
      <div className="mt-3">
        <AdminPageHeader title="Add Product" />
      </div>
      <ProductForm mode="create" values={BLANK_PRODUCT} errors={actionData?.errors} message={actionData?.message} />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
