import { Link } from "react-router";
import { BLANK_COUPON, CouponForm } from "~/components/admin/coupon-form";
import { ADMIN_MAIN, AdminPageHeader } from "~/components/admin/page-header";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/coupon-new";
import { addCoupon } from "./coupons.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [...pageMeta("New Coupon | Admin", "Create a discount code."), NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  return addCoupon(context, admin, await request.formData());
}

export default function AdminCouponNew({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className={`${ADMIN_MAIN} max-w-4xl`}>
      <Link to="/admin/coupons" className="text-sm font-medium text-brand-800 underline">
        Back to coupons
      </Link>
      <div className="mt-3">
        <AdminPageHeader title="New Coupon" />
      </div>
      <CouponForm mode="create" values={BLANK_COUPON} errors={actionData?.errors} message={actionData?.message} />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
