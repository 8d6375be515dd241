import { Link, useLocation } from "react-router";

/** Previous / next links that keep the page's other query parameters (search, status). */
export function Pager({ page, hasNext, label }: { page: number; hasNext: boolean; label: string }) {
  const location = useLocation();
  if (page <= 1 && !hasNext) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `?${query}` : location.pathname;
  };
  const linkClass = "rounded-md border border-gray-400 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={to(page - 1)} className={linkClass}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-700">Page {page}</span>
      {hasNext ? (
        <Link to={to(page + 1)} className={linkClass}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The `page` query parameter as a positive whole number (anything else is page 1). */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1;
}
