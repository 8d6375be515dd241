// A coupon as the admin creates or changes it (api-contract.md, "Coupons"; issue 15): every
// field's rule and message, written once in plain code. The coupon form checks with it in the
// browser; server/schemas/admin-coupons.ts wraps the same function for the API (decisions/016).
// Money is rupees; dates are ISO timestamps, or "YYYY-MM-DDTHH:mm" as a form sends them, read
// as India time (IST, UTC+05:30).
import { FLAG_INVALID, flagValue } from "./admin-product.ts";
import { CATEGORIES } from "./catalog.ts";
import { istDateTimeLocal } from "./dates.ts";
import { COUPON_CODE_PATTERN, normalizeCouponCode } from "./coupons.ts";
import { checked, type Checked, type Problem } from "./forms.ts";

export const COUPON_TYPE_VALUES = ["percent", "fixed"] as const;
/** The largest fixed amount, maximum discount or minimum order (rupees): the checkout's own ceiling. */
export const COUPON_MAX_RUPEES = 500_000;
export const COUPON_MAX_USES = 1_000_000;
export const COUPON_MAX_PRODUCTS = 200;

export interface AdminCouponInput {
  code: string;
  type: (typeof COUPON_TYPE_VALUES)[number];
  /** Percent (1-100, up to two decimals) or rupees. */
  value: number;
  maxDiscount: number | null;
  minOrder: number;
  /** ISO timestamps (UTC) or null. */
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  categories: string[];
  productIds: string[];
  includeRx: boolean;
  active: boolean;
  /** Listed to shoppers as an offer in the cart and checkout; false (the default) for codes handed out by hand. */
  public: boolean;
}

/** An admin's coupon with its use (GET /api/admin/coupons); money in rupees. */
export interface AdminCouponJson extends AdminCouponInput {
  _id: string;
  /** Set for the newsletter's welcome codes: the address it was made for. */
  issuedToEmail: string | null;
  usage: { confirmed: number; reserved: number; discountGiven: number };
  createdAt: string;
  updatedAt: string;
}

export const COUPON_ADMIN_MESSAGES = {
  codeInvalid: "A code is 3 to 32 letters, digits, dashes or underscores",
  codeTaken: "A coupon with this code already exists",
  typeInvalid: "Choose percent or fixed amount",
  percentInvalid: "A percentage is more than 0 and at most 100",
  amountInvalid: `An amount is more than ₹0 and at most ₹${COUPON_MAX_RUPEES.toLocaleString("en-IN")}`,
  maxDiscountInvalid: `The maximum discount is more than ₹0 and at most ₹${COUPON_MAX_RUPEES.toLocaleString("en-IN")}`,
  minOrderInvalid: `The minimum order is ₹0 to ₹${COUPON_MAX_RUPEES.toLocaleString("en-IN")}`,
  dateInvalid: "Enter a date and time",
  endBeforeStart: "The end must be after the start",
  usageLimitInvalid: `A usage limit is a whole number from 1 to ${COUPON_MAX_USES.toLocaleString("en-IN")}`,
  categoryInvalid: `Choose from ${CATEGORIES.join(", ")}`,
  productsInvalid: `List at most ${COUPON_MAX_PRODUCTS} product ids`,
  notFound: "Coupon not found",
  created: "Coupon created",
  saved: "Coupon saved",
  deleted: "Coupon deleted",
  deactivated: "This coupon has been used, so it was deactivated instead of deleted",
  kindInvalid: "The kind parameter must be campaign, welcome or all",
  welcomeNotPublic: "A newsletter welcome code belongs to one address: it cannot be listed to shoppers",
} as const;

/**
 * The admin list's kinds: the admin's own campaign coupons, the newsletter's one-per-subscriber
 * welcome codes (`issuedToEmail` set), or both. The page shows campaign coupons unless asked;
 * GET /api/admin/coupons without `kind` lists all of them.
 */
export const COUPON_KINDS = ["campaign", "welcome", "all"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  campaign: "Campaign coupons",
  welcome: "Welcome codes",
  all: "All coupons",
};

const present = (value: unknown) => !(value === undefined || value === null || (typeof value === "string" && value.trim() === ""));

function money(value: unknown, message: string, min: number): { value?: number; problem?: Problem } {
  const number = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof number !== "number" || !Number.isFinite(number) || number < min || number > COUPON_MAX_RUPEES || Math.round(number * 100) / 100 !== number) {
    return { problem: message };
  }
  return { value: number };
}

function count(value: unknown, message: string): { value?: number | null; problem?: Problem } {
  if (!present(value)) return { value: null };
  const number = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 1 || number > COUPON_MAX_USES) return { problem: message };
  return { value: number };
}

/** A form's "2026-12-01T09:30" is India time; a full ISO timestamp keeps its own offset. */
export function readInstant(value: unknown): { value?: string | null; problem?: Problem } {
  if (!present(value)) return { value: null };
  if (typeof value !== "string") return { problem: COUPON_ADMIN_MESSAGES.dateInvalid };
  const text = value.trim();
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text);
  const date = new Date(local ? `${text}+05:30` : text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(date.getTime())) return { problem: COUPON_ADMIN_MESSAGES.dateInvalid };
  return { value: date.toISOString() };
}

/** "2026-12-01T09:30" in India time, for a datetime-local input. */
export function istInputValue(iso: string | null): string {
  return iso ? istDateTimeLocal(iso) : "";
}

function list(value: unknown): string[] | undefined {
  if (!present(value)) return [];
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[\s,]+/) : undefined;
  if (!items || items.some((item) => typeof item !== "string")) return undefined;
  return [...new Set((items as string[]).map((item) => item.trim()).filter(Boolean))];
}

function flag(value: unknown, fallback: boolean): { value?: boolean; problem?: Problem } {
  if (value === undefined) return { value: fallback };
  const read = flagValue(value);
  return typeof read === "boolean" ? { value: read } : { problem: FLAG_INVALID };
}

/** The whole coupon from a JSON body or a form's fields (absent flags are false, except Active). */
export function checkAdminCoupon(input: unknown): Checked<AdminCouponInput> {
  const body = (typeof input === "object" && input !== null && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const code = typeof body.code === "string" ? normalizeCouponCode(body.code) : "";
  const type = typeof body.type === "string" ? body.type.trim().toLowerCase() : "";
  const typeOk = (COUPON_TYPE_VALUES as readonly string[]).includes(type);
  const value = type === "percent" ? money(body.value, COUPON_ADMIN_MESSAGES.percentInvalid, 0.01) : money(body.value, COUPON_ADMIN_MESSAGES.amountInvalid, 0.01);
  const percentTooBig = type === "percent" && value.value !== undefined && value.value > 100;
  const maxDiscount: { value?: number | null; problem?: Problem } = present(body.maxDiscount)
    ? money(body.maxDiscount, COUPON_ADMIN_MESSAGES.maxDiscountInvalid, 0.01)
    : { value: null };
  const minOrder = present(body.minOrder) ? money(body.minOrder, COUPON_ADMIN_MESSAGES.minOrderInvalid, 0) : { value: 0 };
  const startsAt = readInstant(body.startsAt);
  const endsAt = readInstant(body.endsAt);
  const ordered = !startsAt.value || !endsAt.value || startsAt.value < endsAt.value;
  const usageLimit = count(body.usageLimit, COUPON_ADMIN_MESSAGES.usageLimitInvalid);
  const perCustomerLimit = count(body.perCustomerLimit, COUPON_ADMIN_MESSAGES.usageLimitInvalid);
  const categories = list(body.categories);
  const categoriesOk = categories !== undefined && categories.every((name) => (CATEGORIES as readonly string[]).includes(name));
  const productIds = list(body.productIds);
  const productsOk = productIds !== undefined && productIds.length <= COUPON_MAX_PRODUCTS && productIds.every((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id));
  const firstOrderOnly = flag(body.firstOrderOnly, false);
  const includeRx = flag(body.includeRx, false);
  const active = flag(body.active, true);
  const listed = flag(body.public, false);
  return checked(
    {
      code,
      type: type as AdminCouponInput["type"],
      value: value.value ?? 0,
      maxDiscount: maxDiscount.value ?? null,
      minOrder: minOrder.value ?? 0,
      startsAt: startsAt.value ?? null,
      endsAt: endsAt.value ?? null,
      usageLimit: usageLimit.value ?? null,
      perCustomerLimit: perCustomerLimit.value ?? null,
      firstOrderOnly: firstOrderOnly.value ?? false,
      categories: categories ?? [],
      productIds: productIds ?? [],
      includeRx: includeRx.value ?? false,
      active: active.value ?? true,
      public: listed.value ?? false,
    },
    {
      code: COUPON_CODE_PATTERN.test(code) ? undefined : COUPON_ADMIN_MESSAGES.codeInvalid,
      type: typeOk ? undefined : COUPON_ADMIN_MESSAGES.typeInvalid,
      value: typeOk ? (percentTooBig ? COUPON_ADMIN_MESSAGES.percentInvalid : value.problem) : undefined,
      maxDiscount: maxDiscount.problem,
      minOrder: minOrder.problem,
      startsAt: startsAt.problem,
      endsAt: endsAt.problem ?? (ordered ? undefined : COUPON_ADMIN_MESSAGES.endBeforeStart),
      usageLimit: usageLimit.problem,
      perCustomerLimit: perCustomerLimit.problem,
      categories: categoriesOk ? undefined : COUPON_ADMIN_MESSAGES.categoryInvalid,
      productIds: productsOk ? undefined : COUPON_ADMIN_MESSAGES.productsInvalid,
      firstOrderOnly: firstOrderOnly.problem,
      includeRx: includeRx.problem,
      active: active.problem,
      public: listed.problem,
    },
  );
}
