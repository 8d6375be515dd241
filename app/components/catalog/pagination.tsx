import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n";
import { listingSearch, type ListingFilters } from "./listing-query";

/** Page links (plain links: they work without JavaScript), keeping every other filter. */
export function Pagination({ filters, pageCount, pathname }: { filters: ListingFilters; pageCount: number; pathname: string }) {
  const t = useT();
  if (pageCount <= 1) return null;
  const page = Math.min(filters.page, pageCount);
  const to = (target: number) => ({ pathname, search: listingSearch({ ...filters, page: target }) });
  const base = "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium";
  const idle = `${base} border-gray-300 text-gray-800 hover:bg-brand-50`;
  const off = `${base} border-gray-200 text-gray-500`;
  return (
    <nav aria-label={t("catalog.pagination")} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={to(page - 1)} rel="prev" className={idle}>
              <ChevronLeft className="h-4 w-4" aria-hidden /> {t("catalog.previous")}
            </Link>
          ) : (
            <span className={off} aria-disabled="true">
              <ChevronLeft className="h-4 w-4" aria-hidden /> {t("catalog.previous")}
            </span>
          )}
        </li>
        {pageNumbers(page, pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-gray-600">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={to(number)}
                aria-label={t("catalog.pageNumber", { number })}
                aria-current={number === page ? "page" : undefined}
                className={number === page ? `${base} border-brand-700 bg-brand-700 text-white` : idle}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={to(page + 1)} rel="next" className={idle}>
              {t("catalog.next")} <ChevronRight className="h-4 w-4" aria-hidden />
            </Link>
          ) : (
            <span className={off} aria-disabled="true">
              {t("catalog.next")} <ChevronRight className="h-4 w-4" aria-hidden />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** 1 … 4 5 6 … 20: the first, the last and the current page's neighbours. */
function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const n of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === "number" && n - previous === 2) result.push(n - 1);
    else if (typeof previous === "number" && n - previous > 2) result.push(null);
    result.push(n);
  }
  return result;
}
