// The catalogue's public shapes and the product-list query, shared by the API, the pages and tests.
import * as z from "zod/mini";

export const CATEGORIES = ["Women Care", "Sports Nutrition", "Kids Nutrition"] as const;
export const DOSAGE_FORMS = ["Tablet", "Syrup", "Capsule", "Powder", "Topical", "Injection"] as const;

/** Collection slugs of the three shop sections, plus "all" (no filter). */
export const SECTION_COLLECTIONS: Record<string, (typeof CATEGORIES)[number]> = {
  "women-care": "Women Care",
  "sports-nutrition": "Sports Nutrition",
  "kids-nutrition": "Kids Nutrition",
};

export interface ProductImageJson {
  url: string;
  altText: string;
}

/** A product as the API returns it (api-contract.md, "Products"); money in rupees. */
export interface ProductJson {
  _id: string;
  name: string;
  description: string;
  price: number;
  mrp: number;
  images: ProductImageJson[];
  category: string;
  subcategory: string | null;
  form: string | null;
  tags: string[];
  brand: string | null;
  sku: string;
  collections: string[];
  bestseller: boolean;
  rating: number;
  numReviews: number;
  countInStock: number;
  /** Pack text shown beside the quantity selector ("/Sachet", "200ml"). */
  quantity: string | null;
  prescriptionRequired: boolean;
  hsnCode: string | null;
  gstRate: number;
  batchNumber: string | null;
  expiryDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FacetCount {
  name: string;
  count: number;
}

export interface ProductFacets {
  categories: FacetCount[];
  subcategories: Record<string, FacetCount[]>;
  brands: FacetCount[];
  price: { min: number; max: number };
}

export const SORT_OPTIONS = [
  { value: "newest", label: "Newest First" },
  { value: "priceAsc", label: "Price: Low to High" },
  { value: "priceDesc", label: "Price: High to Low" },
  { value: "rating", label: "Highest Rated" },
] as const;

export type SortBy = (typeof SORT_OPTIONS)[number]["value"];

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const PRICE_FILTER_MAX = 1000;

/** Empty strings count as absent (the spec's clients send only non-empty values, others may not). */
const optionalText = z.pipe(
  z.transform((value: unknown) => {
    if (Array.isArray(value)) value = value.join(",");
    if (value === undefined || value === null) return undefined;
    const text = String(value).trim();
    return text === "" ? undefined : text;
  }),
  z.optional(z.string().check(z.maxLength(200, "Filter values are limited to 200 characters"))),
);

const list = z.pipe(
  optionalText,
  z.transform((value) =>
    value
      ?.split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);

const number = (field: string, { min, max, integer }: { min: number; max: number; integer?: boolean }) =>
  z.pipe(
    optionalText,
    z.transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || (integer && !Number.isInteger(parsed)) || parsed < min || parsed > max) {
        ctx.issues.push({
          code: "custom",
          input: value,
          message: `${field} must be ${integer ? "a whole number" : "a number"} from ${min} to ${max}`,
        });
        return z.NEVER;
      }
      return parsed;
    }),
  );

/** Query parameters of GET /api/products and of the collection page's URL. */
export const productQuerySchema = z.object({
  collections: optionalText,
  category: optionalText,
  subcategory: list,
  brand: list,
  minPrice: number("minPrice", { min: 0, max: 1_000_000 }),
  maxPrice: number("maxPrice", { min: 0, max: 1_000_000 }),
  prescription: z.pipe(
    optionalText,
    z.optional(z.enum(["required", "not-required"], "prescription must be 'required' or 'not-required'")),
  ),
  search: optionalText,
  sortBy: z.pipe(
    optionalText,
    z.pipe(
      z.transform((value: string | undefined) => (value === "popularity" ? "rating" : value)),
      z.optional(z.enum(["newest", "priceAsc", "priceDesc", "rating"], "sortBy must be one of newest, priceAsc, priceDesc, rating, popularity")),
    ),
  ),
  limit: number("limit", { min: 1, max: MAX_PAGE_SIZE, integer: true }),
  page: number("page", { min: 1, max: 100_000, integer: true }),
});

export type ProductQueryInput = z.input<typeof productQuerySchema>;
// Every filter is optional (absent = no filter), whichever way the object was built.
export type ProductQuery = Partial<z.output<typeof productQuerySchema>>;
