import { Pencil, Plus } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { COUPON_KIND_LABELS, COUPON_KINDS, type AdminCouponJson, type CouponKind } from "#common/admin-coupon.ts";
import { formatRupeeAmount } from "#common/money.ts";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { ADMIN_MAIN, AdminPageHeader, BUTTON_PRIMARY, EmptyState, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { SearchBox } from "~/components/admin/search-box";
import { NOINDEX } from "~/components/auth/auth-card";
import { toast } from "~/components/ui/toaster";
import { formatDateTime } from "#common/dates.ts";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/coupons";
import { loadCoupons, removeCoupon } from "./coupons.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Coupons | Admin", "Discount codes: campaign coupons and the newsletter's welcome codes; create, change, deactivate, and how often each was used."),
  NOINDEX,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadCoupons(context, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  return removeCoupon(context, admin, await request.formData());
}

export function discountText(coupon: Pick<AdminCouponJson, "type" | "value" | "maxDiscount">): string {
  const base = coupon.type === "percent" ? `${coupon.value}% off` : `${formatRupeeAmount(coupon.value)} off`;
  return coupon.maxDiscount !== null ? `${base} (up to ${formatRupeeAmount(coupon.maxDiscount)})` : base;
}

function conditions(coupon: AdminCouponJson): string {
  const parts = [];
  if (coupon.minOrder > 0) parts.push(`Orders from ${formatRupeeAmount(coupon.minOrder)}`);
  if (coupon.firstOrderOnly) parts.push("First order only");
  if (coupon.categories.length > 0) parts.push(coupon.categories.join(", "));
  if (coupon.productIds.length > 0) parts.push(`${coupon.productIds.length} ${coupon.productIds.length === 1 ? "product" : "products"}`);
  parts.push(coupon.includeRx ? "Prescription medicines included" : "Prescription medicines excluded");
  if (coupon.issuedToEmail) parts.push("Newsletter welcome code");
  else parts.push(coupon.public ? "Shown to shoppers as an offer" : "Private: given out by hand");
  return parts.join(" · ");
}

function validity(coupon: AdminCouponJson): string {
  if (!coupon.startsAt && !coupon.endsAt) return "Always";
  if (!coupon.endsAt) return `From ${formatDateTime(coupon.startsAt!)}`;
  if (!coupon.startsAt) return `Until ${formatDateTime(coupon.endsAt)}`;
  return `${formatDateTime(coupon.startsAt)} – ${formatDateTime(coupon.endsAt)}`;
}

/** This list of a kind, keeping the search (and leaving the page: a new kind starts at page 1). */
function kindHref(kind: CouponKind, search: string): string {
  const params = new URLSearchParams();
  if (kind !== "campaign") params.set("kind", kind);
  if (search) params.set("search", search);
  const query = params.toString();
  return query ? `/admin/coupons?${query}` : "/admin/coupons";
}

const EMPTY_TEXT: Record<CouponKind, string> = {
  campaign: "No campaign coupons yet.",
  welcome: "No welcome codes yet: the newsletter makes one for each subscriber.",
  all: "No coupons yet.",
};

/**
 * Campaign coupons, welcome codes or both: links (they work without JavaScript, and wrap on a
 * phone), each with how many match the search.
 */
function KindFilter({ kind, search, counts }: { kind: CouponKind; search: string; counts: Record<CouponKind, number> | null }) {
  return (
    <nav aria-label="Coupon kinds" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {COUPON_KINDS.map((option) => {
          const current = option === kind;
          return (
            <li key={option}>
              <Link
                to={kindHref(option, search)}
                aria-current={current ? "page" : undefined}
                className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium ${
                  current ? "border-brand-700 bg-brand-700 text-white" : "border-gray-400 bg-white text-gray-800 hover:bg-gray-100"
                }`}
              >
                {COUPON_KIND_LABELS[option]}{" "}
                {counts ? <span className={current ? "text-white" : "text-gray-700"}>({counts[option].toLocaleString("en-IN")})</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const { coupons, total, hasNext, page, search, kind, counts, error } = loaderData;
  const noun = kind === "welcome" ? "welcome code" : "coupon";
  const [params, setParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after a create redirected here.
  useEffect(() => {
    if (params.get("created") !== "1") return;
    toast.success("Coupon created");
    params.delete("created");
    setParams(params, { replace: true, preventScrollReset: true });
  }, []);
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Coupons">
        {/* Keyed: a kind link or a search starts the box over with the search it shows. */}
        <SearchBox key={`${kind}:${search}`} label="Search coupons" defaultValue={search} placeholder="Code" keep={kind === "campaign" ? {} : { kind }} />
        <Link to="/admin/coupons/new" className={BUTTON_PRIMARY}>
          <Plus className="h-4 w-4" aria-hidden /> New Coupon
        </Link>
      </AdminPageHeader>
      <KindFilter kind={kind} search={search} counts={counts} />
      {error ? (
        <EmptyState error>{error}</EmptyState>
      ) : coupons.length === 0 ? (
        <EmptyState>{search ? `No ${kind === "all" ? "coupons" : COUPON_KIND_LABELS[kind].toLowerCase()} match "${search}".` : EMPTY_TEXT[kind]}</EmptyState>
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700">
            {total} {total === 1 ? noun : `${noun}s`}, newest first. Uses count when paid (cash on delivery: when placed); reserved uses await payment.
          </p>
          <div className={TABLE_WRAP} tabIndex={0} role="region" aria-label="Coupons">
            <table className={TABLE}>
              <thead className={THEAD}>
                <tr>
                  <th className={TH}>Code</th>
                  <th className={TH}>Discount</th>
                  <th className={TH}>Conditions</th>
                  <th className={TH}>Valid (India time)</th>
                  <th className={TH}>Used</th>
                  <th className={TH}>Status</th>
                  <th className={TH}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {coupons.map((coupon) => (
                  <tr key={coupon._id}>
                    <td className={`${TD} font-mono font-semibold`}>{coupon.code}</td>
                    <td data-label="Discount" className={TD}>{discountText(coupon)}</td>
                    <td data-label="Conditions" className={`${TD} min-w-48 text-gray-700`}>{conditions(coupon)}</td>
                    <td data-label="Valid" className={`${TD} min-w-40`}>{validity(coupon)}</td>
                    <td data-label="Used" className={`${TD} whitespace-nowrap`}>
                      {coupon.usage.confirmed}
                      {coupon.usageLimit !== null ? ` of ${coupon.usageLimit}` : ""}
                      {coupon.usage.reserved > 0 ? `, ${coupon.usage.reserved} reserved` : ""}
                      <span className="block text-xs text-gray-600">{formatRupeeAmount(coupon.usage.discountGiven)} given</span>
                    </td>
                    <td data-label="Status" className={TD}>
                      <span
                        className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${coupon.active ? "bg-green-100 text-green-900" : "bg-gray-200 text-gray-800"}`}
                      >
                        {coupon.active ? "Active" : "Inactive"}
                      </span>
                    </td>
                    <td data-label="" className={`${TD} whitespace-nowrap`}>
                      <div className="flex items-center gap-2">
                        <Link
                          to={`/admin/coupons/${coupon._id}/edit`}
                          aria-label={`Edit coupon ${coupon.code}`}
                          className="inline-flex items-center gap-1 rounded-md border border-gray-300 px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100"
                        >
                          <Pencil className="h-4 w-4" aria-hidden />
                          <span className="hidden sm:inline">Edit</span>
                        </Link>
                        <ConfirmDelete
                          what={`coupon ${coupon.code}`}
                          question="A coupon that was never used is deleted. One that was used is deactivated instead, so the orders that used it keep it."
                          fields={{ id: coupon._id }}
                          failure="Failed to delete coupon"
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={page} hasNext={hasNext} label="Coupons pages" />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
