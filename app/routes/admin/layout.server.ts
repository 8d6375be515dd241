// The admin layout's server side: who is signed in, and the prescription queue's and (admins) the inbox's counts for the sidebar badges.
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import { unhandledMessageCount } from "#server/modules/content/inbox.ts";
import { pendingReviewCount } from "#server/modules/pharmacy/review.ts";
import { waitingPrescriptionOrderCount } from "#server/modules/pharmacy/prescription-orders.ts";

export async function loadAdminShell(context: AppLoadContext, staff: SessionUser) {
  const [pendingReviews, unreadMessages, waitingPrescriptionOrders] = await Promise.all([
    pendingReviewCount(context.shop.db),
    staff.role === "admin" ? unhandledMessageCount(context.shop.db) : 0,
    waitingPrescriptionOrderCount(context.shop.db),
  ]);
  return { admin: { name: staff.name, email: staff.email, role: staff.role }, pendingReviews, unreadMessages, waitingPrescriptionOrders };
}
