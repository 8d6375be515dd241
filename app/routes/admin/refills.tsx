import { NavLink } from "react-router";
import { REFILL_STATUS_LABELS, REFILL_STATUSES } from "#common/refills.ts";
import { Pager } from "~/components/admin/pager";
import { ADMIN_MAIN, AdminPageHeader, EmptyState } from "~/components/admin/page-header";
import { RefillsTable } from "~/components/admin/refills-table";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/refills";
import { loadRefills } from "./refills.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Refills | Admin", "Customers' refills: what is ordered next and when."), NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadRefills(context, new URL(request.url));
}

const FILTERS = [...REFILL_STATUSES.map((status) => ({ status, label: REFILL_STATUS_LABELS[status] })), { status: "", label: "All" }];

export default function AdminRefills({ loaderData }: Route.ComponentProps) {
  const { items, total, page, limit, status } = loaderData;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Refills">
        <span className="text-sm text-gray-700">
          {total} {total === 1 ? "refill" : "refills"}
        </span>
      </AdminPageHeader>
      <p className="mt-1 text-sm text-gray-700">
        Each refill is ordered by the shop on its date at that day's prices (cash on delivery, or a Pending order with a payment link).
        Nothing is ordered when an item is out of stock, the PIN is no longer served or the prescription no longer covers it; the
        customer is told why. Next date first.
      </p>
      <nav aria-label="Filter refills" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <NavLink
            key={filter.label}
            to={filter.status ? `/admin/refills?status=${filter.status}` : "/admin/refills"}
            aria-current={status === filter.status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${status === filter.status ? "border-brand-700 bg-brand-700 text-white" : "border-gray-400 bg-white text-gray-800 hover:bg-gray-100"}`}
          >
            {filter.label}
          </NavLink>
        ))}
      </nav>
      {items.length === 0 ? <EmptyState>No refills</EmptyState> : <RefillsTable refills={items} caption="Refills, next date first" />}
      <Pager page={page} hasNext={page * limit < total} label="Refills pages" />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
