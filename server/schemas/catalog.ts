// GET /api/products' query and the collection page's URL, read alike (api-contract.md, "Products").
import * as z from "zod/mini";
import { MAX_PAGE_SIZE, type ProductQuery } from "#common/catalog.ts";

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
          message: `The ${field} parameter must be ${integer ? "a whole number" : "a number"} from ${min} to ${max}`,
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
    z.optional(z.enum(["required", "not-required"], "The prescription parameter must be 'required' or 'not-required'")),
  ),
  search: optionalText,
  sortBy: z.pipe(
    optionalText,
    z.pipe(
      z.transform((value: string | undefined) => (value === "popularity" ? "rating" : value)),
      z.optional(z.enum(["newest", "priceAsc", "priceDesc", "rating"], "The sortBy parameter must be newest, priceAsc, priceDesc, rating or popularity")),
    ),
  ),
  limit: number("limit", { min: 1, max: MAX_PAGE_SIZE, integer: true }),
  page: number("page", { min: 1, max: 100_000, integer: true }),
});

export type ProductQueryInput = z.input<typeof productQuerySchema>;

// The schema reads exactly the contract's ProductQuery (common/catalog.ts): this fails to compile
// if the two drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const readsProductQuery: Same<Partial<z.output<typeof productQuerySchema>>, ProductQuery> = true;
void readsProductQuery;
