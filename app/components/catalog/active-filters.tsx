import { X } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n";
import { activeFilterChips, listingSearch, type ListingFilters } from "./listing-query";

/** One removable chip per active filter: links, so they work without JavaScript too. */
export function ActiveFilters({ filters, pathname }: { filters: ListingFilters; pathname: string }) {
  const t = useT();
  const chips = activeFilterChips(filters, t);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label={t("catalog.activeFilters")} role="group">
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={{ pathname, search: listingSearch(chip.without) }}
          preventScrollReset
          aria-label={t("catalog.removeFilter", { label: chip.label })}
          className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-900 hover:border-brand-600"
        >
          {chip.label}
          <X className="h-4 w-4" aria-hidden />
        </Link>
      ))}
      <Link to={pathname} preventScrollReset className="px-1 text-sm font-medium text-brand-800 underline">
        {t("catalog.clearAll")}
      </Link>
    </div>
  );
}
