import { NavLink } from "react-router";
import { RETURN_STATUS_LABELS, RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { Pager } from "~/components/admin/pager";
import { ADMIN_MAIN, AdminPageHeader, EmptyState } from "~/components/admin/page-header";
import { ReturnDecisions } from "~/components/admin/return-decisions";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/returns";
import { decideFromPage, loadReturns } from "./returns.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Returns | Admin", "Customers' return requests: approve with a refund and a credit note, or reject with a reason."), NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadReturns(context, new URL(request.url));
}

/** Approve or Reject a request (from this list and from an order's page). */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return decideFromPage(context, await request.formData());
}

const FILTERS = [
  { status: "requested", label: "Open" },
  { status: "approved", label: RETURN_STATUS_LABELS.approved.replace("Return ", "").replace(/^./, (c) => c.toUpperCase()) },
  { status: "rejected", label: RETURN_STATUS_LABELS.rejected.replace("Return ", "").replace(/^./, (c) => c.toUpperCase()) },
  { status: "", label: "All" },
] as const;

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { items, total, page, limit, status } = loaderData;
  return (
    <main id="main" className={`${ADMIN_MAIN} max-w-4xl`}>
      <AdminPageHeader title="Returns">
        <span className="text-sm text-gray-700">
          {total} {total === 1 ? "request" : "requests"}
        </span>
      </AdminPageHeader>
      <p className="mt-1 text-sm text-gray-700">
        Customers ask within {RETURN_WINDOW_DAYS} days of delivery. Approving refunds the returned items (online payments through the
        gateway; cash on delivery is paid back by the care team) and issues a credit note. Returned medicines are not restocked.
      </p>
      <nav aria-label="Filter returns" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <NavLink
            key={filter.label}
            to={filter.status ? `/admin/returns?status=${filter.status}` : "/admin/returns"}
            aria-current={status === filter.status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${status === filter.status ? "border-brand-700 bg-brand-700 text-white" : "border-gray-400 bg-white text-gray-800 hover:bg-gray-100"}`}
          >
            {filter.label}
          </NavLink>
        ))}
      </nav>
      {items.length === 0 ? <EmptyState>No return requests</EmptyState> : <ReturnDecisions returns={items} showOrder canDecide />}
      <Pager page={page} hasNext={page * limit < total} label="Returns pages" />
    </main>
  );
}
