import type { ProductJson } from "#common/catalog.ts";
import { formatLongDate } from "#common/dates.ts";
import { useLanguage, useT } from "~/lib/i18n";
import { categoryName } from "~/components/catalog/listing-query";
import { collectionName } from "./format";

/** The "Product Details" tab: the spec's fields, 'N/A' for any that are missing. */
export function ProductDetails({ product }: { product: ProductJson }) {
  const t = useT();
  const language = useLanguage();
  const NA = t("product.details.na");
  // The catalogue's own words (SKU, category, brand) stay as the shop writes them: marked English on Hindi pages.
  const data = language === "hi" ? "en" : undefined;
  const collection = (slug: string) => {
    const key = `catalog.collection.${slug}`;
    const name = t(key);
    return name === key ? collectionName(slug) : name;
  };
  const rows: [string, string, string?][] = [
    [t("product.details.sku"), product.sku || NA, product.sku ? data : undefined],
    [t("product.details.category"), product.category ? categoryName(product.category, t) : NA, product.category && categoryName(product.category, t) === product.category ? data : undefined],
    [t("product.details.subcategory"), product.subcategory || NA, product.subcategory ? data : undefined],
    [t("product.details.brand"), product.brand || NA, product.brand ? data : undefined],
    [t("product.details.status"), product.countInStock > 0 ? t("product.details.inStock") : t("product.details.outOfStock")],
    [t("product.details.dateAdded"), product.createdAt ? formatLongDate(product.createdAt, language) : NA],
    [t("product.details.collections"), product.collections.length > 0 ? product.collections.map(collection).join(", ") : NA],
  ];
  return (
    <dl className="divide-y divide-gray-200 rounded-lg border border-gray-200">
      {rows.map(([term, value, lang]) => (
        <div key={term} className="grid grid-cols-3 gap-4 px-4 py-3 text-sm">
          <dt className="font-medium text-gray-700">{term}</dt>
          <dd lang={lang} className="col-span-2 text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
