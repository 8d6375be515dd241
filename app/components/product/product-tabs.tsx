import { Tabs } from "radix-ui";
import type { ProductJson } from "#common/catalog.ts";
import { ProductDetails } from "./product-details";
import { Reviews, type ProductReview, type ReviewResult } from "./reviews";

export const PRODUCT_TABS = ["description", "details", "reviews"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export function isProductTab(value: string | null): value is ProductTab {
  return PRODUCT_TABS.includes(value as ProductTab);
}

/**
 * Description, Product Details and Reviews. Each tab is also a link (?tab=reviews), so without
 * JavaScript the server renders the chosen tab; with it, the link is only a tab.
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
  reviews: ProductReview[];
  signedIn: boolean;
  actionResult?: ReviewResult;
  tab: ProductTab;
  onTabChange: (tab: ProductTab) => void;
}) {
  const labels: Record<ProductTab, string> = {
    description: "Description",
    details: "Product Details",
    reviews: `Reviews (${reviews.length})`,
  };
  return (
    <Tabs.Root
      id="product-info"
      value={tab}
      onValueChange={(value) => isProductTab(value) && onTabChange(value)}
      className="mt-12 scroll-mt-20"
    >
      <Tabs.List aria-label="Product information" className="flex gap-1 overflow-x-auto border-b border-gray-200">
        {PRODUCT_TABS.map((value) => (
          <Tabs.Trigger key={value} value={value} asChild>
            <a
              href={`?tab=${value}#product-info`}
              onClick={(event) => event.preventDefault()}
              className="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-3 text-sm font-semibold text-gray-700 hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {labels[value]}
            </a>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="description" className="py-6 focus-visible:outline-offset-4">
        <div className="max-w-3xl space-y-3 text-gray-800">
          {product.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </Tabs.Content>
      <Tabs.Content value="details" className="max-w-3xl py-6 focus-visible:outline-offset-4">
        <ProductDetails product={product} />
      </Tabs.Content>
      <Tabs.Content value="reviews" className="py-6 focus-visible:outline-offset-4">
        <Reviews productId={product._id} reviews={reviews} signedIn={signedIn} actionResult={actionResult} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
