/** The storefront's brand as shoppers see it; the legal seller details come from configuration. */
export const SHOP_NAME = "Healthcare Pharma";
export const SHOP_TAGLINE = "Women care, sports nutrition and kids nutrition you can trust";

export const SHOP_SECTIONS = [
  { name: "Women Care", slug: "women-care" },
  { name: "Sports Nutrition", slug: "sports-nutrition" },
  { name: "Kids Nutrition", slug: "kids-nutrition" },
] as const;
