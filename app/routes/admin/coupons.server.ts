// The coupon pages' server side: the list with usage figures, create, edit and delete (or
// deactivate) through the coupons module's use cases and reply table, the same as
// /api/admin/coupons (decisions/025).
import { redirect, type AppLoadContext } from "react-router";
import { type AdminCouponJson, COUPON_KINDS } from "#common/admin-coupon.ts";
import type { SessionUser } from "#server/auth.ts";
import { couponKindCounts, createCoupon, deleteCoupon, getAdminCoupon, listCoupons, updateCoupon } from "#server/modules/coupons/admin.ts";
import { couponReply } from "#server/modules/coupons/replies.ts";
import { couponFormInput } from "~/components/admin/coupon-form";
import { formText } from "~/lib/form-text";
import { adminAction } from "./admin-action.server";
import { hasNextPage, listForPage } from "./admin-list.server";

const FETCH_FAILED = "Failed to load coupons";

/** The list at its address; without a kind (or with one it does not know), campaign coupons: the welcome codes, one per subscriber, would bury them. */
export async function loadCoupons(context: AppLoadContext, url: URL) {
  const asked = new URL(url);
  const kind = COUPON_KINDS.find((known) => known === asked.searchParams.get("kind")) ?? "campaign";
  asked.searchParams.set("kind", kind);
  try {
    const list = await listForPage((query) => listCoupons(context.shop.db, query), asked);
    const search = list.query.search ?? "";
    const counts = await couponKindCounts(context.shop.db, list.query.search);
    return { coupons: list.items, total: list.total, hasNext: hasNextPage(list), page: list.page, search, kind, counts, error: null };
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, FETCH_FAILED);
    const search = asked.searchParams.get("search")?.slice(0, 200) ?? "";
    return { coupons: [] as AdminCouponJson[], total: 0, hasNext: false, page: 1, search, kind, counts: null, error: FETCH_FAILED };
  }
}

export async function loadCoupon(context: AppLoadContext, id: string) {
  const coupon = await getAdminCoupon(context.shop.db, id);
  if (!coupon) throw new Response("Coupon not found", { status: 404 });
  return { coupon };
}

/** Delete (or deactivate, when used): the list's one action. */
export function removeCoupon(context: AppLoadContext, admin: SessionUser, form: FormData) {
  const { id } = formText(form, ["id"]);
  return adminAction(context, "Failed to delete coupon", async () => couponReply.remove(await deleteCoupon(context.shop.db, admin, id)));
}

export async function addCoupon(context: AppLoadContext, admin: SessionUser, form: FormData) {
  let created = false;
  const answer = await adminAction(context, "Failed to save coupon", async () => {
    const result = await createCoupon(context.shop.db, admin, couponFormInput(form));
    created = result.ok;
    return couponReply.write(result, "create");
  });
  if (created) throw redirect("/admin/coupons?created=1");
  return answer;
}

export function saveCoupon(context: AppLoadContext, admin: SessionUser, id: string, form: FormData) {
  return adminAction(context, "Failed to save coupon", async () => couponReply.write(await updateCoupon(context.shop.db, admin, id, couponFormInput(form)), "update"));
}
