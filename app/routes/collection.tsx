import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { SECTION_COLLECTIONS } from "#common/catalog.ts";
import { ActiveFilters } from "~/components/catalog/active-filters";
import { FilterDrawer } from "~/components/catalog/filter-drawer";
import { FilterPanel, type FilterChange } from "~/components/catalog/filter-panel";
import { activeFilterChips, listingSearch, NO_FILTERS, type ListingFilters } from "~/components/catalog/listing-query";
import { Pagination } from "~/components/catalog/pagination";
import { ProductCard, toCardProduct } from "~/components/catalog/product-card";
import { ErrorPage } from "~/components/error-page";
import { metaTranslator, translator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { useRequestId } from "~/lib/request-info";
import type { Route } from "./+types/collection";
import { loadListing, readListingFilters, suggestSearch } from "./collection.server";

/** The shop's named collections: their titles and descriptions are catalogue texts (`catalog.collection.<name>`). */
const COLLECTIONS = new Set(["all", "women-care", "sports-nutrition", "kids-nutrition", "bestsellers", "new-arrivals"]);

export const meta: Route.MetaFunction = ({ data, location, matches }) => {
  // Error pages (404, 500) set their own title and description.
  if (!data) return [];
  const { title, description, filters } = data;
  const t = metaTranslator(location, matches);
  let heading = filters.search ? t("catalog.searchTitle", { title, search: filters.search }) : title;
  if (filters.page > 1) heading = t("catalog.pageTitle", { heading, page: filters.page });
  return pageMeta(heading, description);
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const collection = params.collection.toLowerCase();
  const filters = readListingFilters(new URL(request.url).searchParams);
  const language = requestLanguage(request);
  const { result, facets } = await loadListing(context, collection, filters, language);
  const known = COLLECTIONS.has(collection);
  if (!known && facets.categories.length === 0) throw data(null, { status: 404 });
  const messages = pageMessages(request, "catalog");
  const t = translator(language, messages);
  const title = known ? t(`catalog.collection.${collection}`) : titleFromSlug(collection);
  return {
    collection,
    title,
    description: known ? t(`catalog.collection.${collection}.description`) : t("catalog.collectionDescription", { title }),
    sectionCategory: SECTION_COLLECTIONS[collection] ?? null,
    filters,
    products: result.products.map(toCardProduct),
    total: result.total,
    pageCount: Math.ceil(result.total / result.limit),
    didYouMean: filters.search && result.total === 0 ? await suggestSearch(context, filters.search) : null,
    // Only what the sidebar shows travels to the browser.
    facets: { categories: facets.categories, subcategories: facets.subcategories, prescription: facets.prescription },
    messages,
  };
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { title, sectionCategory, filters, products, total, pageCount, facets } = loaderData;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();

  // The filters as the shopper sets them, ahead of the URL while its navigations are pending. The
  // URL's filters replace them when they come from elsewhere (the back button, a chip, Clear All),
  // never when they are one of this page's own navigations landing, possibly overtaken by a newer one.
  const [shown, setShown] = useState(filters);
  const latest = useRef(shown);
  const pendingSearches = useRef<string[]>([]);
  useEffect(() => {
    const pending = pendingSearches.current;
    const index = pending.indexOf(listingSearch(filters));
    if (index === pending.length - 1 || index === -1) pendingSearches.current = [];
    if (index === -1) {
      latest.current = filters;
      setShown(filters);
    }
  }, [filters]);

  const applyFilters: FilterChange = (changes, { replace = false } = {}) => {
    const next: ListingFilters = { ...latest.current, ...changes, page: 1 };
    const search = listingSearch(next);
    latest.current = next;
    pendingSearches.current.push(search);
    setShown(next);
    navigate({ pathname, search }, { replace, preventScrollReset: true });
  };

  const pending = navigation.state === "loading" && navigation.location.pathname === pathname;
  const panel = (
    <FilterPanel filters={shown} facets={facets} sectionCategory={sectionCategory} action={pathname} onChange={applyFilters} />
  );

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      <div className="mt-6 flex gap-8">
        <section
          id="filters"
          aria-labelledby="filters-heading"
          className="w-64 shrink-0 max-[900px]:hidden max-[900px]:target:fixed max-[900px]:target:inset-0 max-[900px]:target:z-50 max-[900px]:target:block max-[900px]:target:w-auto max-[900px]:target:overflow-y-auto max-[900px]:target:bg-white max-[900px]:target:p-4"
        >
          <div className="mb-4 flex items-center justify-between">
            <h2 id="filters-heading" className="text-lg font-semibold text-gray-900">
              {t("catalog.filters")}
            </h2>
            <a href="#results" className="rounded-md px-2 py-1 text-sm font-medium text-brand-800 underline min-[901px]:hidden">
              {t("catalog.closeFilters")}
            </a>
          </div>
          {panel}
        </section>

        <section id="results" aria-labelledby="results-heading" className="min-w-0 flex-1">
          <h2 id="results-heading" className="sr-only">
            {t("catalog.products")}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="font-medium text-gray-800">
              {t("catalog.found", { count: total })}
            </p>
            <FilterDrawer activeCount={activeFilterChips(shown, t).length}>{panel}</FilterDrawer>
          </div>
          <div className="mt-3">
            <ActiveFilters filters={shown} pathname={pathname} />
          </div>

          <div className="relative mt-5" aria-busy={pending}>
            {pending ? <LoadingOverlay /> : null}
            {products.length > 0 ? (
              <ul aria-label={t("catalog.products")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5">
                {products.map((product, index) => (
                  <li key={product._id}>
                    <ProductCard product={product} priority={index < 2} />
                  </li>
                ))}
              </ul>
            ) : total > 0 ? (
              <p className="rounded-lg border border-gray-200 bg-gray-50 p-6 text-gray-800">
                {t("catalog.noProductsOnPage")}{" "}
                <Link to={{ pathname, search: listingSearch({ ...filters, page: 1 }) }} className="font-medium text-brand-800 underline">
                  {t("catalog.firstPage")}
                </Link>
              </p>
            ) : (
              <div className="rounded-lg border border-gray-200 bg-gray-50 p-6 text-gray-800">
                <p className="font-medium">{t("catalog.noMatch")}</p>
                {loaderData.didYouMean ? (
                  <p className="mt-2">
                    {t("catalog.didYouMean")}
                    <Link
                      to={{ pathname: lp("/collections/all"), search: listingSearch({ ...NO_FILTERS, search: loaderData.didYouMean }) }}
                      className="font-semibold text-brand-800 underline"
                      lang={lp("/") === "/" ? undefined : "en"}
                    >
                      {loaderData.didYouMean}
                    </Link>
                    {t("catalog.didYouMeanEnd")}
                  </p>
                ) : null}
                <p className="mt-2 text-sm">
                  {t("catalog.tryRemoving")}
                  <Link to={pathname} preventScrollReset className="font-medium text-brand-800 underline">
                    {t("catalog.clearAllFiltersLink")}
                  </Link>
                  {t("catalog.tryRemovingEnd")}
                </p>
              </div>
            )}
          </div>
          <Pagination filters={filters} pageCount={pageCount} pathname={pathname} />
        </section>
      </div>
    </main>
  );
}

function LoadingOverlay() {
  const t = useT();
  return (
    <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/70 pt-16" role="status">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden />
      <span className="sr-only">{t("catalog.loadingProducts")}</span>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const requestId = useRequestId();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage error={error} />;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <title>{`Products unavailable | ${SHOP_NAME}`}</title>
      <meta name="description" content="The product list could not be loaded. Please try again in a moment." />
      <h1 className="text-2xl font-bold text-gray-900">Products</h1>
      <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="font-semibold">Error: we couldn't load the products.</p>
        <p className="mt-1">Please try again in a moment.</p>
        {requestId ? (
          <p className="mt-2 text-sm">
            Reference: <code className="font-mono">{requestId}</code>
          </p>
        ) : null}
      </div>
      <Link to={pathname} className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        Try again
      </Link>
    </main>
  );
}

function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}
