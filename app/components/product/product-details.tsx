import type { ProductJson } from "#common/catalog.ts";
import { formatLongDate } from "#common/dates.ts";
import { collectionName } from "./format";

const NA = "N/A";

/** The "Product Details" tab: the spec's fields, 'N/A' for any that are missing. */
export function ProductDetails({ product }: { product: ProductJson }) {
  const rows: [string, string][] = [
    ["SKU", product.sku || NA],
    ["Category", product.category || NA],
    ["Subcategory", product.subcategory || NA],
    ["Brand", product.brand || NA],
    ["Status", product.countInStock > 0 ? "In stock" : "Out of stock"],
    ["Date added", product.createdAt ? formatLongDate(product.createdAt) : NA],
    ["Collections", product.collections.length > 0 ? product.collections.map(collectionName).join(", ") : NA],
  ];
  return (
    <dl className="divide-y divide-gray-200 rounded-lg border border-gray-200">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-3 gap-4 px-4 py-3 text-sm">
          <dt className="font-medium text-gray-700">{term}</dt>
          <dd className="col-span-2 text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
