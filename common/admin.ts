// The admin area's shared contract (api-contract.md, "Admin"): roles, statuses, limits, the texts
// the admin pages and the admin API share, and the JSON shapes of the admin lists. No library:
// the admin pages import it in the browser; the zod schemas (server/schemas/admin.ts) build on it.
import { CATEGORIES, DOSAGE_FORMS } from "./catalog.ts";
import type { OrderJson } from "./orders.ts";

export const ADMIN_ROLES = ["customer", "pharmacist", "admin"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Order statuses an admin can choose (product spec, section 4). */
export const ADMIN_ORDER_STATUSES = ["Processing", "Shipped", "Delivered", "Cancelled"] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/** The orders list's status filter (the page's select, the API's `status`): the statuses an admin sets, and Pending. */
export const ORDER_FILTER_STATUSES = ["Pending", ...ADMIN_ORDER_STATUSES] as const;

/** The orders list's cash-on-delivery filter: `unconfirmed`, the unpaid COD orders in Processing awaiting confirmation (decisions/044). */
export const COD_ORDER_FILTERS = ["unconfirmed"] as const;

/**
 * Beside an unpaid cash-on-delivery order in Processing on the orders list: whether the shopper (or
 * the staff) confirmed it yet (decisions/044); null for every other order.
 */
export function codConfirmationLabel(order: {
  paymentMethod?: string;
  isPaid: boolean;
  status: string;
  codConfirmation?: { confirmed: boolean };
}): "Awaiting confirmation" | "Confirmed" | null {
  if (order.paymentMethod !== "cod" || order.isPaid || order.status !== "Processing" || !order.codConfirmation) return null;
  return order.codConfirmation.confirmed ? "Confirmed" : "Awaiting confirmation";
}

/** The orders pages' own failure and empty texts (the server's reasons come from the orders module's reply table). */
export const ORDER_PAGE_MESSAGES = {
  fetchFailed: "Failed to fetch orders",
  updateFailed: "Failed to update order status",
  deleteFailed: "Failed to delete order",
  confirmCodFailed: "Failed to confirm the order",
  codConfirmed: "Cash on delivery confirmed for the shopper",
  empty: "No orders found",
} as const;

/**
 * How the admin's status select names a choice from an order's current status. From Shipped,
 * Cancelled is possible only for an unpaid cash-on-delivery parcel refused at the door (the
 * transition table's guard), so it says so; the value sent stays the status itself.
 */
export function statusOptionLabel(current: string, option: string): string {
  return current === "Shipped" && option === "Cancelled" ? "Cancelled — returned to sender" : option;
}

/**
 * GST slabs in percent from 22 September 2025 (the reform removed 12% and 28%; 40% is the new
 * slab for luxury and sin goods). Order lines keep the rate they were sold at, so past invoices
 * keep theirs; migration 0019 moved products on 12%/28% and recorded each (decisions/031).
 */
export const GST_RATES = [0, 5, 18, 40] as const;

/** The shop's default low-stock threshold before the admin sets one (shop_settings). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

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
  roleInvalid: "Role must be customer, pharmacist or admin",
  pharmacistRegistrationRequired: "Enter the pharmacist's registration number (State Pharmacy Council)",
  pharmacistRegistrationInvalid:
    "Enter the State Pharmacy Council registration number: the State's code and the number, e.g. KA/12345 or MH-2019-0456",
  productNotFound: "Product not found",
  productInvalid: "Send the product as an object of fields",
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

/** Images live on this shop (uploads or demo files), never on another host (the CSP allows none). */
export const SHOP_IMAGE_URL = /^\/images\/[A-Za-z0-9][A-Za-z0-9._\-/]*\.(webp|png|jpe?g|avif|svg)$/i;

// ---------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------

/** "archive": the order has an invoice or a payment, so removing it archives it; "delete": it is erased. */
export type OrderRemoval = "delete" | "archive";

export interface OrderArchiveState {
  archivedAt: string | null;
  /** What Delete does now: erase, archive, or null while the order is pending or in progress (the server refuses it). */
  removal: OrderRemoval | null;
  /**
   * The statuses an admin may move the order to now: the transition table with its guards (not
   * paid, prescription not approved), so the pages offer no button the server would refuse.
   */
  nextStatuses: AdminOrderStatus[];
}

/** An order in the admin lists: the contract's order, whether it is archived, and what removing it does. */
export interface AdminOrderJson extends OrderJson, OrderArchiveState {}

// ---------------------------------------------------------------------------
// Review moderation (decisions/015)
// ---------------------------------------------------------------------------

export const REVIEW_STATUSES = ["visible", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The reviews page's own failure texts (the server's reasons come from the catalog module's reply table). */
export const REVIEW_PAGE_MESSAGES = {
  fetchFailed: "Failed to fetch reviews",
  updateFailed: "Failed to update review",
  deleteFailed: "Failed to delete review",
} as const;

/** Texts the review moderation page and the API share. */
export const REVIEW_MODERATION_MESSAGES = {
  reviewNotFound: "Review not found",
  reviewHidden: "Review hidden from the shop",
  reviewShown: "Review shown in the shop again",
  reviewDeleted: "Review deleted",
  hiddenInvalid: "Hidden must be true or false",
  statusInvalid: "Status must be hidden or visible",
  searchInvalid: "Search contains characters that are not allowed",
} as const;

/** A review as the moderation list and the admin API show it; long names and comments are cut. */
export interface AdminReviewJson {
  _id: string;
  product: { _id: string; name: string };
  user: { _id: string } | null;
  name: string;
  rating: number;
  comment: string;
  verifiedPurchase: boolean;
  hidden: boolean;
  hiddenAt: string | null;
  createdAt: string;
}

/** The inbox's count of messages not yet marked handled, for the sidebar badge and the page: "3 unread". */
export function unreadMessagesText(unread: number): string {
  return `${unread} unread`;
}
