import { useRef } from "react";
import type { ProductJson } from "#common/catalog.ts";
import type { ReviewJson } from "#common/review.ts";
import { useT } from "~/lib/i18n";
import { ProductDetails } from "./product-details";
import { Reviews, type ReviewResult } from "./reviews";

export const PRODUCT_TABS = ["description", "details", "reviews"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export function isProductTab(value: string | null): value is ProductTab {
  return PRODUCT_TABS.includes(value as ProductTab);
}

/**
 * Description, Product Details and Reviews, as the WAI-ARIA tabs pattern (arrow keys, Home and
 * End move and select). Each tab is also a link (?tab=reviews), so without JavaScript the server
 * renders the chosen tab. Hand-written rather than a tabs library: ~1 KB instead of ~10 KB.
 */
export function ProductTabs({
  product,
  reviews,
  signedIn,
  actionResult,
  tab,
  onTabChange,
}: {
  product: ProductJson;
  reviews: ReviewJson[];
  signedIn: boolean;
  actionResult?: ReviewResult;
  tab: ProductTab;
  onTabChange: (tab: ProductTab) => void;
}) {
  const t = useT();
  const tabRefs = useRef<Partial<Record<ProductTab, HTMLAnchorElement | null>>>({});
  const labels: Record<ProductTab, string> = {
    description: t("product.tab.description"),
    details: t("product.tab.details"),
    reviews: t("product.tab.reviews", { count: reviews.length }),
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = PRODUCT_TABS.indexOf(tab);
    const last = PRODUCT_TABS.length - 1;
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    if (event.key === " ") {
      event.preventDefault();
      return;
    }
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = PRODUCT_TABS[moves[event.key]];
    onTabChange(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div id="product-info" className="mt-12 scroll-mt-20">
      <div role="tablist" aria-label={t("product.tabsLabel")} className="flex gap-1 overflow-x-auto border-b border-gray-200">
        {PRODUCT_TABS.map((value) => {
          const selected = value === tab;
          return (
            <a
              key={value}
              ref={(element) => {
                tabRefs.current[value] = element;
              }}
              id={`product-tab-${value}`}
              role="tab"
              href={`?tab=${value}#product-info`}
              aria-selected={selected}
              aria-controls={selected ? "product-tab-panel" : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={(event) => {
                event.preventDefault();
                onTabChange(value);
              }}
              onKeyDown={onKeyDown}
              className={`-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold hover:text-brand-800 ${
                selected ? "border-brand-700 text-brand-800" : "border-transparent text-gray-700"
              }`}
            >
              {labels[value]}
            </a>
          );
        })}
      </div>
      <div id="product-tab-panel" role="tabpanel" aria-labelledby={`product-tab-${tab}`} tabIndex={0} className="py-6 focus-visible:outline-offset-4">
        {tab === "description" ? (
          <div className="max-w-3xl space-y-3 text-gray-800">
            {product.description.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        ) : tab === "details" ? (
          <div className="max-w-3xl">
            <ProductDetails product={product} />
          </div>
        ) : (
          <Reviews productId={product._id} reviews={reviews} signedIn={signedIn} actionResult={actionResult} />
        )}
      </div>
    </div>
  );
}
