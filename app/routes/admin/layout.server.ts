// The admin layout's server side: who is signed in and the prescription queue's count for the sidebar badge.
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import { pendingReviewCount } from "#server/modules/prescriptions/review.ts";

export async function loadAdminShell(context: AppLoadContext, staff: SessionUser) {
  const pendingReviews = await pendingReviewCount(context.shop.db);
  return { admin: { name: staff.name, email: staff.email, role: staff.role }, pendingReviews };
}
