// Bodies and queries of the admin calls (api-contract.md, "Admin"), pure descriptions (no I/O).
// Their limits, texts and shared rules are common/admin.ts, which the admin pages use in the browser.
import * as z from "zod/mini";
import { ADMIN_MAX_PAGE_SIZE, ADMIN_MESSAGES, ADMIN_ORDER_STATUSES, ADMIN_ROLES, COD_ORDER_FILTERS, ORDER_FILTER_STATUSES } from "#common/admin.ts";
import { checkProduct, FLAG_INVALID, flagValue } from "#common/admin-product.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { checkShipment } from "#common/couriers.ts";
import { isPharmacistRegistration } from "#common/pharmacist.ts";
import { accountEmail, password, personName } from "./auth.ts";
import { includesExpired } from "./orders.ts";
import { fromCheck } from "./rule.ts";

/** Strings from a form or a query; empty counts as absent. */
function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

const pageNumber = (field: string, max: number) =>
  z.pipe(
    z.transform((value: unknown) => {
      const present = blankToUndefined(Array.isArray(value) ? value[0] : value);
      return typeof present === "string" && /^\s*\d+\s*$/.test(present) ? Number(present) : present;
    }),
    z.optional(
      z
        .number({ error: `The ${field} parameter must be a whole number from 1 to ${max}` })
        .check(
          z.int(`The ${field} parameter must be a whole number from 1 to ${max}`),
          z.minimum(1, `The ${field} parameter must be a whole number from 1 to ${max}`),
          z.maximum(max, `The ${field} parameter must be a whole number from 1 to ${max}`),
        ),
    ),
  );

const searchText = z.pipe(
  z.transform((value: unknown) => {
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
  }),
  z.optional(z.string().check(z.maxLength(200, "Search is limited to 200 characters"))),
);

/** `page`, `limit`, `search` of the admin lists. */
export const adminListQuerySchema = z.object({
  page: pageNumber("page", 100_000),
  limit: pageNumber("limit", ADMIN_MAX_PAGE_SIZE),
  search: searchText,
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/**
 * A list filter's query parameter as one lower-case word: its first value, trimmed; undefined when
 * empty. A value that is not text is passed on for the schema to refuse.
 */
export function filterWord(value: unknown): unknown {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string") return first;
  const text = first.trim().toLowerCase();
  return text === "" ? undefined : text;
}

/** A yes-or-no list filter (`?waiting=1`): 1 or true is yes, anything else no. */
const flagWord = z.pipe(
  z.transform((value: unknown) => {
    const word = filterWord(value);
    return word === "1" || word === "true";
  }),
  z.boolean(),
);

/** The products list also shows only the products shoppers wait for (`waiting=1`, issue 27 item 8). */
export const adminProductQuerySchema = z.object({
  ...adminListQuerySchema.shape,
  waiting: flagWord,
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

/** Which orders an admin list shows: archived ones are hidden unless asked for. */
export const ARCHIVED_FILTERS = ["hide", "include", "only"] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];

/** `archived=include|only` (or 1/true for include); anything else hides archived orders. */
function archivedFilter(value: unknown): ArchivedFilter {
  const word = filterWord(value);
  if (word === "only") return "only";
  return word === "include" || word === "1" || word === "true" ? "include" : "hide";
}

/**
 * The orders list also filters by status ("all" or empty: every status), shows archived orders
 * when asked (`archived`) and the checkouts that ended unpaid (`include=expired`, decisions/024).
 */
export const adminOrderQuerySchema = z.object({
  ...adminListQuerySchema.shape,
  status: z.pipe(
    z.transform((value: unknown) => {
      const word = filterWord(value);
      if (typeof word !== "string" || word === "all") return undefined;
      return ORDER_FILTER_STATUSES.find((status) => status.toLowerCase() === word) ?? word;
    }),
    z.optional(z.enum(ORDER_FILTER_STATUSES, `Status must be one of ${ORDER_FILTER_STATUSES.join(", ")}`)),
  ),
  archived: z.pipe(z.transform(archivedFilter), z.enum(ARCHIVED_FILTERS)),
  include: z.pipe(z.transform(includesExpired), z.boolean()),
  // `cod=unconfirmed`: only unpaid COD orders in Processing still awaiting confirmation (decisions/044), held back from shipping.
  cod: z.pipe(
    z.transform((value: unknown) => filterWord(value)),
    z.optional(z.enum(COD_ORDER_FILTERS, `cod must be ${COD_ORDER_FILTERS.join(" or ")}`)),
  ),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

/** The registration's rules for an email (same messages). */
const userEmail = accountEmail(AUTH_MESSAGES.registerEmailInvalid);

const role = z.enum(ADMIN_ROLES, ADMIN_MESSAGES.roleInvalid);

/** A pharmacist's State Pharmacy Council registration number (common/pharmacist.ts); empty counts as absent. */
const pharmacistRegistration = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value)),
  z.pipe(
    z.transform(blankToUndefined),
    z.optional(
      z.string(ADMIN_MESSAGES.pharmacistRegistrationInvalid).check(
        z.refine(isPharmacistRegistration, ADMIN_MESSAGES.pharmacistRegistrationInvalid),
      ),
    ),
  ),
);

/** POST /api/admin/users: the role defaults to customer. */
export const adminCreateUserSchema = z.object({
  name: personName,
  email: userEmail,
  password,
  role: z._default(z.pipe(z.transform(blankToUndefined), z.optional(role)), "customer"),
  pharmacistRegistration,
});
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

/** PUT /api/admin/users/:id: any of name, email, role. */
export const adminUpdateUserSchema = z.object({
  name: z.optional(personName),
  email: z.optional(userEmail),
  role: z.pipe(z.transform(blankToUndefined), z.optional(role)),
  pharmacistRegistration,
});
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>;

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

/** POST /api/admin/products: name, description, category and price required (common/admin-product.ts). */
export const adminProductSchema = fromCheck((input) => checkProduct(input, "create"));

/** PUT /api/admin/products/:id and PUT /api/products/:id: any product fields (the rest stay). */
export const adminProductUpdateSchema = fromCheck((input) => checkProduct(input, "update"));

// ---------------------------------------------------------------------------
// Orders and inbox
// ---------------------------------------------------------------------------

/** PUT /api/admin/orders/:id. */
export const adminOrderStatusSchema = z.object({
  status: z.pipe(
    z.transform((value: unknown) =>
      typeof value === "string" ? (ADMIN_ORDER_STATUSES.find((status) => status.toLowerCase() === value.trim().toLowerCase()) ?? value) : value,
    ),
    z.enum(ADMIN_ORDER_STATUSES, ADMIN_MESSAGES.statusInvalid),
  ),
  // Marking Shipped needs the courier and AWB (decisions/032; the transition table refuses it without
  // them); here both or neither, checked by common/couriers.ts.
  courier: z.optional(z.unknown()),
  awb: z.optional(z.unknown()),
}).check(
  z.superRefine((input, ctx) => {
    const checked = checkShipment(input);
    if (!checked.ok) for (const [field, message] of Object.entries(checked.errors)) ctx.issues.push({ code: "custom", message, input, path: [field] });
  }),
);

/** PUT /api/admin/messages/:id: `{ handled: true }` marks a contact message handled (false reopens it). */
export const adminMessageUpdateSchema = z.object({ handled: z.pipe(z.transform(flagValue), z.boolean(FLAG_INVALID)) });
