// The catalogue's public shapes, sections and list limits, shared by the API, the pages and tests
// (the product-list query's zod schema is server/schemas/catalog.ts).
import type { Language, TranslatableProductField } from "./language.ts";
import type { Schedule } from "./prescriptions.ts";

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
  /** Drug schedule; `prescriptionRequired` follows from it (common/prescriptions.ts). */
  schedule: Schedule;
  prescriptionRequired: boolean;
  hsnCode: string | null;
  gstRate: number;
  batchNumber: string | null;
  expiryDate: string | null;
  /** Medicine information (api-contract.md "Second release > Products"; decisions/027): text or null. */
  composition: string | null;
  uses: string | null;
  directions: string | null;
  sideEffects: string | null;
  /** One line per topic, "Pregnancy: …", "Alcohol: …" (common/medicine-information.ts). */
  safetyAdvice: string | null;
  storage: string | null;
  /** The manufacturer's name and address. */
  manufacturer: string | null;
  marketer: string | null;
  countryOfOrigin: string | null;
  createdAt: string;
  /**
   * Present when the product was asked for in a language other than English (`?lang=hi`,
   * decisions/063): that language, and the translatable fields answered in English because the
   * product has no text for them in it (a page marks those `lang="en"`).
   */
  lang?: Language;
  untranslated?: TranslatableProductField[];
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
  /** "required" and "not-required", as the `prescription` filter names them. */
  prescription: FacetCount[];
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

/**
 * The product-list filters (GET /api/products, the collection page's URL), as read by
 * server/schemas/catalog.ts; every filter is optional (absent = no filter).
 */
export interface ProductQuery {
  collections?: string;
  category?: string;
  subcategory?: string[];
  brand?: string[];
  minPrice?: number;
  maxPrice?: number;
  prescription?: "required" | "not-required";
  search?: string;
  sortBy?: SortBy;
  limit?: number;
  page?: number;
}
