import { ChevronRight } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { ProductJson } from "#common/catalog.ts";
import { categoryName, categorySlug, listingSearch, NO_FILTERS } from "~/components/catalog/listing-query";
import type { loader as rootLoader } from "~/root";
import { useNonce } from "~/lib/request-info";
import { useLocalePath, useT } from "~/lib/i18n";

interface Crumb {
  name: string;
  /** A path; absent for the page itself. */
  path?: string;
}

/** Home › Category › Product: the category leads to the listing filtered by it (as the category chip does); paths in the page's language. */
export function productCrumbs(product: Pick<ProductJson, "name" | "category">, home = "Home", lp = (path: string) => path, category = product.category): Crumb[] {
  const slug = categorySlug(product.category);
  return [
    { name: home, path: lp("/") },
    ...(slug ? [{ name: category, path: lp(`/collections/all${listingSearch({ ...NO_FILTERS, category: slug })}`) }] : []),
    { name: product.name },
  ];
}

/** The trail as schema.org BreadcrumbList data (absolute URLs; the last item is this page). */
export function breadcrumbListData(crumbs: Crumb[], publicUrl: string, pageUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.path ? `${publicUrl}${crumb.path}` : pageUrl,
    })),
  };
}

/** The product page's breadcrumbs, with their BreadcrumbList JSON-LD beside them. */
export function Breadcrumbs({ product }: { product: Pick<ProductJson, "_id" | "name" | "category"> }) {
  const nonce = useNonce();
  const publicUrl = useRouteLoaderData<typeof rootLoader>("root")?.publicUrl;
  const t = useT();
  const lp = useLocalePath();
  const crumbs = productCrumbs(product, t("product.home"), lp, categoryName(product.category, t));
  return (
    <nav aria-label={t("product.breadcrumb")} className="mt-2 text-sm">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-gray-700">
        {crumbs.map((crumb, index) => (
          <li key={crumb.name + index} className="flex min-w-0 items-center gap-1">
            {index > 0 ? <ChevronRight className="h-4 w-4 flex-none text-gray-500" aria-hidden /> : null}
            {crumb.path ? (
              <Link to={crumb.path} className="rounded px-1 py-0.5 text-brand-800 underline-offset-2 hover:underline">
                {crumb.name}
              </Link>
            ) : (
              <span aria-current="page" className="min-w-0 px-1 font-medium text-gray-900">
                {crumb.name}
              </span>
            )}
          </li>
        ))}
      </ol>
      {publicUrl ? (
        <script
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD made here with `<` escaped (as product-json-ld.tsx), never user HTML.
          dangerouslySetInnerHTML={{
            __html: JSON.stringify(breadcrumbListData(crumbs, publicUrl, `${publicUrl}${lp(`/product/${product._id}`)}`)).replace(/</g, "\\u003c"),
          }}
        />
      ) : null}
    </nav>
  );
}
