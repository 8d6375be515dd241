import { Pencil, Plus } from "lucide-react";
import { data, Link } from "react-router";
import { PRODUCT_PLACEHOLDER, imageUrl } from "#common/images.ts";
import { waitingForStockText } from "#common/back-in-stock.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { CATALOGUE_IMPORT_INTENT, CatalogueCsv } from "~/components/admin/catalogue-csv";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { ADMIN_MAIN, AdminPageHeader, BUTTON_PRIMARY, EmptyState, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { SearchBox } from "~/components/admin/search-box";
import { StockCell } from "~/components/admin/stock-cell";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/products";
import { importCatalogueFromForm, loadProducts, removeProduct } from "./products.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Products | Admin", "Every product of the shop, published or not: search, stock, edit and delete."),
  NOINDEX,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadProducts(context, new URL(request.url));
}

/** Delete (from this list and from the edit page), and the catalogue CSV import (multipart, with or without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  const form = await request.formData();
  if (form.get("intent") === CATALOGUE_IMPORT_INTENT) {
    const { status, outcome } = await importCatalogueFromForm(context, form);
    return data({ catalogueImport: outcome }, { status });
  }
  return removeProduct(context, form);
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, total, hasNext, page, search, waiting, waitingFor, defaultLowStock } = loaderData;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Products">
        <SearchBox label="Search products" defaultValue={search} placeholder="Name, SKU or brand" />
        <Link to="/admin/products/new" className={BUTTON_PRIMARY}>
          <Plus className="h-4 w-4" aria-hidden /> Add Product
        </Link>
      </AdminPageHeader>
      <CatalogueCsv outcome={actionData && "catalogueImport" in actionData ? actionData.catalogueImport : undefined} />
      <WaitingFilter waiting={waiting} search={search} />
      {products.length === 0 ? (
        <EmptyState>{waiting ? "No shopper is waiting for a product to be back in stock." : "No Products found."}</EmptyState>
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700">
            {total} {total === 1 ? "product" : "products"}
            {search ? ` matching "${search}"` : ""}
            {waiting ? " · waited for by shoppers, the most asked for first" : ""}
          </p>
          <div className={TABLE_WRAP}>
            <table className={`${TABLE} min-w-[48rem]`}>
              <thead className={THEAD}>
                <tr>
                  <th scope="col" className={TH}><span className="sr-only">Image</span></th>
                  <th scope="col" className={TH}>Name</th>
                  <th scope="col" className={TH}>SKU</th>
                  <th scope="col" className={TH}>Category</th>
                  <th scope="col" className={`${TH} text-right`}>Price</th>
                  <th scope="col" className={TH}>Stock</th>
                  <th scope="col" className={TH}>Status</th>
                  <th scope="col" className={TH}><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {products.map((product) => (
                  <tr key={product._id}>
                    <td data-label="" className={TD}>
                      <img
                        src={imageUrl(product.images[0]?.url ?? PRODUCT_PLACEHOLDER, 80)}
                        alt=""
                        width={40}
                        height={40}
                        loading="lazy"
                        className="aspect-square h-10 w-10 max-w-none shrink-0 rounded bg-gray-100 object-contain"
                      />
                    </td>
                    <td className={`${TD} font-medium text-gray-900`}>{product.name}</td>
                    <td data-label="SKU" className={`${TD} font-mono text-xs`}>{product.sku}</td>
                    <td data-label="Category" className={TD}>
                      {product.category}
                      {product.form ? <span className="block text-xs text-gray-600">{product.form}</span> : null}
                    </td>
                    <td data-label="Price" className={`${TD} text-right`}>{formatRupees(rupeesToPaise(product.price))}</td>
                    <td data-label="Stock" className={TD}>
                      <StockCell stock={product.countInStock} threshold={product.lowStockThreshold ?? defaultLowStock} />
                      {waitingFor[product._id] ? (
                        <span className="mt-1 block text-xs whitespace-nowrap text-gray-800">{waitingForStockText(waitingFor[product._id]!)}</span>
                      ) : null}
                    </td>
                    <td data-label="Status" className={TD}>
                      {product.published ? (
                        <span className="text-green-800">Published</span>
                      ) : (
                        <span className="text-gray-700">Unpublished</span>
                      )}
                    </td>
                    <td data-label="" className={`${TD} whitespace-nowrap text-right`}>
                      <div className="flex justify-end gap-2">
                        <Link
                          to={`/admin/products/${product._id}/edit`}
                          aria-label={`Edit ${product.name}`}
                          className="inline-flex items-center gap-1 rounded-md border border-gray-400 px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100"
                        >
                          <Pencil className="h-4 w-4" aria-hidden />
                          <span className="hidden sm:inline">Edit</span>
                        </Link>
                        <ConfirmDelete
                          what={product.name}
                          question="The product is removed from the shop. If orders contain it, it is unpublished instead so those orders keep their lines."
                          fields={{ id: product._id }}
                          failure="Failed to delete product"
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={page} hasNext={hasNext} label="Products pages" />
    </main>
  );
}

/** All products, or only those shoppers asked to be told about ("Notify me"), the most asked for first. */
function WaitingFilter({ waiting, search }: { waiting: boolean; search: string }) {
  const to = (only: boolean) => `/admin/products?${new URLSearchParams({ ...(search ? { search } : {}), ...(only ? { waiting: "1" } : {}) })}`;
  const link = "rounded-full border px-3 py-1 text-sm font-medium";
  return (
    <nav aria-label="Show products" className="mt-4 flex flex-wrap gap-2">
      <Link to={to(false)} aria-current={waiting ? undefined : "page"} className={`${link} ${waiting ? "border-gray-300 text-gray-800" : "border-brand-700 bg-brand-50 text-brand-900"}`}>
        All products
      </Link>
      <Link to={to(true)} aria-current={waiting ? "page" : undefined} className={`${link} ${waiting ? "border-brand-700 bg-brand-50 text-brand-900" : "border-gray-300 text-gray-800"}`}>
        Waited for (back in stock)
      </Link>
    </nav>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
