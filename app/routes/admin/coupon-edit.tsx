import { useEffect } from "react";
import { Link } from "react-router";
import { CouponForm } from "~/components/admin/coupon-form";
import { ADMIN_MAIN, AdminPageHeader } from "~/components/admin/page-header";
import { NOINDEX } from "~/components/auth/auth-card";
import { toast } from "~/components/ui/toaster";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/coupon-edit";
import { loadCoupon, saveCoupon } from "./coupons.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(`Edit ${data?.coupon.code ?? "Coupon"} | Admin`, "Change a discount code."),
  NOINDEX,
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadCoupon(context, params.couponId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  return saveCoupon(context, admin, params.couponId, await request.formData());
}

export default function AdminCouponEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon } = loaderData;
  const saved = actionData?.ok ? actionData.message : undefined;
  useEffect(() => {
    if (saved) toast.success(saved);
  }, [saved, actionData]);
  return (
    <main id="main" className={`${ADMIN_MAIN} max-w-4xl`}>
      <Link to="/admin/coupons" className="text-sm font-medium text-brand-800 underline">
        Back to coupons
      </Link>
      <div className="mt-3">
        <AdminPageHeader title={`Edit ${coupon.code}`} />
      </div>
      <p className="mt-2 text-sm text-gray-700">
        Used {coupon.usage.confirmed} {coupon.usage.confirmed === 1 ? "time" : "times"}
        {coupon.usage.reserved > 0 ? `, ${coupon.usage.reserved} awaiting payment` : ""}.
        {coupon.issuedToEmail ? " A newsletter welcome code." : ""}
      </p>
      <CouponForm
        key={coupon.updatedAt}
        mode="edit"
        values={coupon}
        errors={actionData && !actionData.ok ? actionData.errors : undefined}
        message={actionData && !actionData.ok ? actionData.message : undefined}
      />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
