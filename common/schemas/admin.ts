// zod/mini: bodies and queries of the admin calls (api-contract.md, "Admin"). The admin pages
// validate their forms with these same schemas, so they stay pure descriptions (no I/O).
import * as z from "zod/mini";
import { CATEGORIES, DOSAGE_FORMS } from "../catalog.ts";
import { AUTH_MESSAGES, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, personName } from "./auth.ts";

export const ADMIN_ROLES = ["customer", "admin"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Order statuses an admin can choose (product spec, section 4). */
export const ADMIN_ORDER_STATUSES = ["Processing", "Shipped", "Delivered", "Cancelled"] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

export const GST_RATES = [0, 5, 12, 18, 28] as const;

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_PRICE_RUPEES = 1_000_000;
export const MAX_STOCK = 1_000_000;

/** Texts the admin pages and the admin API share. */
export const ADMIN_MESSAGES = {
  signInRequired: "Please sign in",
  adminsOnly: "Only admins can do this",
  userNotFound: "User not found",
  userExists: "User already exists",
  userCreated: "User created",
  userUpdated: "User updated",
  userDeleted: "User deleted",
  cannotDeleteSelf: "You cannot delete your own account",
  cannotChangeOwnRole: "You cannot change your own role",
  lastAdmin: "Cannot remove the last admin",
  roleInvalid: "Role must be customer or admin",
  productNotFound: "Product not found",
  productCreated: "Product created",
  productDeleted: "Product deleted",
  productUnpublished: "This product appears in orders, so it was unpublished instead of deleted",
  skuTaken: "A product with this SKU already exists",
  priceAboveMrp: "Price cannot be more than the MRP",
  nameRequired: "Name is required",
  descriptionRequired: "Description is required",
  categoryRequired: "Category is required",
  categoryInvalid: `Category must be one of ${CATEGORIES.join(", ")}`,
  formInvalid: `Form must be one of ${DOSAGE_FORMS.join(", ")}`,
  priceRequired: "Price is required",
  priceInvalid: `Price must be a number of rupees above 0 and at most ${MAX_PRICE_RUPEES}, with at most two decimals`,
  mrpInvalid: `MRP must be a number of rupees above 0 and at most ${MAX_PRICE_RUPEES}, with at most two decimals`,
  stockInvalid: `Stock must be a whole number from 0 to ${MAX_STOCK}`,
  gstRateInvalid: `GST rate must be one of ${GST_RATES.join(", ")} (percent)`,
  expiryInvalid: "Expiry date must be a date (YYYY-MM-DD)",
  imagesInvalid: `Images are a list of at most ${MAX_PRODUCT_IMAGES} { url, altText }`,
  imageUrlInvalid: "Image URL must be an image of this shop (/images/...)",
  orderNotFound: "Order not found",
  orderDeleted: "Order deleted",
  orderNotDeletable: "Only cancelled or delivered orders can be deleted; cancel the order first",
  statusInvalid: `Status must be one of ${ADMIN_ORDER_STATUSES.join(", ")}`,
  messageNotFound: "Message not found",
  nothingToUpdate: "Nothing to update",
} as const;

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
        .number({ error: `${field} must be a whole number from 1 to ${max}` })
        .check(
          z.int(`${field} must be a whole number from 1 to ${max}`),
          z.minimum(1, `${field} must be a whole number from 1 to ${max}`),
          z.maximum(max, `${field} must be a whole number from 1 to ${max}`),
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

/** The orders list also filters by status ("all" or empty: every status). */
export const adminOrderQuerySchema = z.object({
  ...adminListQuerySchema.shape,
  status: z.pipe(
    z.transform((value: unknown) => {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first !== "string") return undefined;
      const text = first.trim().toLowerCase();
      if (text === "" || text === "all") return undefined;
      return ["Pending", ...ADMIN_ORDER_STATUSES].find((status) => status.toLowerCase() === text) ?? first;
    }),
    z.optional(
      z.enum(["Pending", ...ADMIN_ORDER_STATUSES], `Status must be one of Pending, ${ADMIN_ORDER_STATUSES.join(", ")}`),
    ),
  ),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

const userEmail = z.string({ error: AUTH_MESSAGES.emailRequired }).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, AUTH_MESSAGES.emailRequired),
  z.maxLength(EMAIL_MAX, AUTH_MESSAGES.emailTooLong),
  z.email(AUTH_MESSAGES.registerEmailInvalid),
);

const role = z.enum(ADMIN_ROLES, ADMIN_MESSAGES.roleInvalid);

/** POST /api/admin/users: the role defaults to customer. */
export const adminCreateUserSchema = z.object({
  name: personName,
  email: userEmail,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).check(
    z.minLength(1, AUTH_MESSAGES.passwordRequired),
    z.minLength(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort),
    z.maxLength(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  ),
  role: z._default(z.pipe(z.transform(blankToUndefined), z.optional(role)), "customer"),
});
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

/** PUT /api/admin/users/:id: any of name, email, role. */
export const adminUpdateUserSchema = z.object({
  name: z.optional(personName),
  email: z.optional(userEmail),
  role: z.pipe(z.transform(blankToUndefined), z.optional(role)),
});
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>;

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).check(
    z.trim(),
    z.maxLength(max, `${label} is too long (${max} characters at most)`),
  );

/** Optional text: empty clears the field (null). */
const optionalText = (label: string, max: number) =>
  z.optional(z.pipe(z.transform((value: unknown) => (value === null ? "" : value)), z.pipe(text(label, max), z.transform((value) => (value === "" ? null : value)))));

const requiredText = (message: string, label: string, max: number) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, `${label} is too long (${max} characters at most)`),
  );

const numeric = (value: unknown) => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : trimmed;
};

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Rupees above 0 with at most two decimals (they become integer paise). */
const rupees = (message: string, requiredMessage = message) =>
  z.pipe(
    z.transform(numeric),
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredMessage : message) })
      .check(z.gt(0, message), z.maximum(MAX_PRICE_RUPEES, message), z.refine(hasAtMostTwoDecimals, message)),
  );

const flag = z.pipe(
  z.transform((value: unknown) => {
    if (typeof value !== "string") return value;
    const text = value.trim().toLowerCase();
    if (["true", "on", "1", "yes"].includes(text)) return true;
    if (["false", "off", "0", "no", ""].includes(text)) return false;
    return value;
  }),
  z.boolean("Must be true or false"),
);

/** A list of short texts: an array, or one comma-separated string (a form field). */
const textList = (label: string, { lowerCase = false } = {}) =>
  z.pipe(
    z.transform((value: unknown) => {
      if (value === null || value === undefined) return [];
      const items = typeof value === "string" ? value.split(",") : value;
      if (!Array.isArray(items)) return value;
      const cleaned = items.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "");
      return [...new Set(lowerCase ? cleaned.map((item) => (typeof item === "string" ? item.toLowerCase() : item)) : cleaned)];
    }),
    z
      .array(z.string(`${label} must be text`).check(z.maxLength(60, `Each of ${label.toLowerCase()} is limited to 60 characters`)))
      .check(z.maxLength(30, `${label}: at most 30`)),
  );

const category = z.pipe(
  z.transform((value: unknown) => {
    if (typeof value !== "string") return value;
    const key = value.trim().toLowerCase();
    return CATEGORIES.find((name) => name.toLowerCase() === key) ?? value.trim();
  }),
  z.string({ error: ADMIN_MESSAGES.categoryRequired }).check(
    z.minLength(1, ADMIN_MESSAGES.categoryRequired),
    z.refine((value) => (CATEGORIES as readonly string[]).includes(value), ADMIN_MESSAGES.categoryInvalid),
  ),
);

const form = z.optional(
  z.pipe(
    z.transform((value: unknown) => {
      if (value === null) return null;
      if (typeof value !== "string") return value;
      const key = value.trim().toLowerCase();
      if (key === "") return null;
      return DOSAGE_FORMS.find((name) => name.toLowerCase() === key) ?? value.trim();
    }),
    z.nullable(z.enum(DOSAGE_FORMS, ADMIN_MESSAGES.formInvalid)),
  ),
);

/** Images live on this shop (uploads or demo files), never on another host (the CSP allows none). */
export const SHOP_IMAGE_URL = /^\/images\/[A-Za-z0-9][A-Za-z0-9._\-/]*\.(webp|png|jpe?g|avif|svg)$/i;

const productImage = z.object({
  url: z.string(ADMIN_MESSAGES.imageUrlInvalid).check(
    z.trim(),
    z.maxLength(300, ADMIN_MESSAGES.imageUrlInvalid),
    z.regex(SHOP_IMAGE_URL, ADMIN_MESSAGES.imageUrlInvalid),
    z.refine((url) => !url.includes(".."), ADMIN_MESSAGES.imageUrlInvalid),
  ),
  altText: z._default(z.pipe(z.transform((value: unknown) => value ?? ""), text("Alt text", 200)), ""),
});

/** An optional field where an empty form value ("" or null) means "not given". */
const blankIsAbsent = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(blankToUndefined), z.optional(schema));

const productFields = {
  name: requiredText(ADMIN_MESSAGES.nameRequired, "Name", 200),
  description: requiredText(ADMIN_MESSAGES.descriptionRequired, "Description", 10_000),
  category,
  price: rupees(ADMIN_MESSAGES.priceInvalid, ADMIN_MESSAGES.priceRequired),
  /** Defaults to the price on create. */
  mrp: blankIsAbsent(rupees(ADMIN_MESSAGES.mrpInvalid)),
  form,
  subcategory: optionalText("Subcategory", 100),
  brand: optionalText("Brand", 100),
  /** Generated when absent on create; unique whatever the letter case. */
  sku: z.optional(
    z.pipe(
      z.transform((value: unknown) => (typeof value === "string" ? value.trim() : value)),
      z.string("SKU must be text").check(
        z.maxLength(64, "SKU is too long (64 characters at most)"),
        z.regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$|^$/, "SKU may contain only letters, digits and . _ - /"),
      ),
    ),
  ),
  /** The contract's name for stock. */
  countInStock: blankIsAbsent(
    z.pipe(
      z.transform(numeric),
      z.number({ error: ADMIN_MESSAGES.stockInvalid }).check(z.int(ADMIN_MESSAGES.stockInvalid), z.minimum(0, ADMIN_MESSAGES.stockInvalid), z.maximum(MAX_STOCK, ADMIN_MESSAGES.stockInvalid)),
    ),
  ),
  /** Pack text ("/Sachet", "200ml"): the contract calls it `quantity`. */
  quantity: optionalText("Pack text", 60),
  tags: z.optional(textList("Tags")),
  collections: z.optional(textList("Collections", { lowerCase: true })),
  prescriptionRequired: z.optional(flag),
  bestseller: z.optional(flag),
  published: z.optional(flag),
  hsnCode: z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === null ? "" : typeof value === "number" ? String(value) : value)),
      z.pipe(
        z.string("HSN code must be 4 to 8 digits").check(z.trim(), z.regex(/^(\d{4,8})?$/, "HSN code must be 4 to 8 digits")),
        z.transform((value) => (value === "" ? null : value)),
      ),
    ),
  ),
  /** Percent. */
  gstRate: blankIsAbsent(
    z.pipe(
      z.transform(numeric),
      z.number({ error: ADMIN_MESSAGES.gstRateInvalid }).check(z.refine((value) => (GST_RATES as readonly number[]).includes(value), ADMIN_MESSAGES.gstRateInvalid)),
    ),
  ),
  batchNumber: optionalText("Batch number", 40),
  expiryDate: z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === null ? "" : typeof value === "string" ? value.trim().slice(0, 10) : value)),
      z.pipe(
        z.string(ADMIN_MESSAGES.expiryInvalid).check(
          z.refine((value) => value === "" || isCalendarDate(value), ADMIN_MESSAGES.expiryInvalid),
        ),
        z.transform((value) => (value === "" ? null : value)),
      ),
    ),
  ),
  images: z.optional(
    z.array(productImage, ADMIN_MESSAGES.imagesInvalid).check(z.maxLength(MAX_PRODUCT_IMAGES, ADMIN_MESSAGES.imagesInvalid)),
  ),
};

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const priceWithinMrp = z.refine<{ price?: number; mrp?: number }>(
  (input) => input.price === undefined || input.mrp === undefined || input.price <= input.mrp,
  { error: ADMIN_MESSAGES.priceAboveMrp, path: ["price"] },
);

/** POST /api/admin/products: name, description, category and price required. */
export const adminProductSchema = z.object(productFields).check(priceWithinMrp);
export type AdminProductInput = z.infer<typeof adminProductSchema>;

/** PUT /api/admin/products/:id and PUT /api/products/:id: any product fields (the rest stay). */
export const adminProductUpdateSchema = z.partial(z.object(productFields)).check(priceWithinMrp);
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

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
});

/** PUT /api/admin/messages/:id: `{ handled: true }` marks a contact message handled (false reopens it). */
export const adminMessageUpdateSchema = z.object({ handled: flag });
