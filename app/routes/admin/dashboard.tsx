import { IndianRupee, Package, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { formatRupees } from "#common/money.ts";
import { formatDateTime } from "#common/dates.ts";
import { ADMIN_MAIN, AdminPageHeader, EmptyState, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { SalesChart } from "~/components/admin/sales-chart";
import { StockCell } from "~/components/admin/stock-cell";
import { StatusBadge } from "~/components/admin/status-badge";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/dashboard";
import { loadDashboard, loadLowStock } from "./dashboard.server";
import { loadUpcomingRefills } from "./refills.server";
import { RefillsTable } from "~/components/admin/refills-table";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Dashboard | Admin", "How the shop is doing: revenue, orders, products and the latest orders."), NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const [dashboard, lowStock, upcomingRefills] = await Promise.all([loadDashboard(context), loadLowStock(context), loadUpcomingRefills(context)]);
  return { ...dashboard, lowStock, upcomingRefills };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { stats, error, lowStock, upcomingRefills } = loaderData;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Dashboard" />
      {!stats ? (
        <EmptyState error>Error: {error}</EmptyState>
      ) : (
        <>
          <section aria-label="Totals" className="mt-6 grid gap-4 sm:grid-cols-3">
            <StatCard label="Total Revenue" value={formatRupees(stats.totalRevenuePaise)} icon={<IndianRupee className="h-5 w-5" aria-hidden />} />
            <StatCard label="Total Orders" value={String(stats.totalOrders)} icon={<ShoppingBag className="h-5 w-5" aria-hidden />} />
            <StatCard label="Total Products" value={String(stats.totalProducts)} icon={<Package className="h-5 w-5" aria-hidden />} />
          </section>

          <LowStockSection lowStock={lowStock} />

          <ListSection id="refills-heading" title="Upcoming refills" to="/admin/refills" linkText="All refills">
            {!upcomingRefills ? (
              <EmptyState error>Error: Failed to load data</EmptyState>
            ) : upcomingRefills.length === 0 ? (
              <EmptyState>No active refills.</EmptyState>
            ) : (
              <RefillsTable refills={upcomingRefills} caption="The next refills to be ordered" />
            )}
          </ListSection>

          <section aria-labelledby="sales-heading" className="mt-8 rounded-lg border border-gray-200 bg-white p-4">
            <h2 id="sales-heading" className="text-lg font-semibold text-gray-900">
              Last 30 days
            </h2>
            <div className="mt-3">
              <SalesChart days={stats.salesByDay} />
            </div>
          </section>

          <ListSection id="recent-heading" title="Recent Orders" to="/admin/orders" linkText="All orders">
            {stats.recentOrders.length === 0 ? (
              <EmptyState>No orders found</EmptyState>
            ) : (
              <div className={TABLE_WRAP}>
                <table className={`${TABLE} min-w-[32rem]`}>
                  <thead className={THEAD}>
                    <tr>
                      <th scope="col" className={TH}>Order</th>
                      <th scope="col" className={TH}>Customer</th>
                      <th scope="col" className={TH}>Date</th>
                      <th scope="col" className={`${TH} text-right`}>Amount</th>
                      <th scope="col" className={TH}>Status</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-200">
                    {stats.recentOrders.map((order) => (
                      <tr key={order.id}>
                        <td className={TD}>
                          <Link to={`/admin/orders/${order.id}`} className="font-mono text-brand-800 underline">
                            {order.orderNumber}
                          </Link>
                        </td>
                        <td data-label="Customer" className={TD}>{order.customer}</td>
                        <td data-label="Date" className={`${TD} whitespace-nowrap`}>{formatDateTime(order.createdAt)}</td>
                        <td data-label="Amount" className={`${TD} text-right`}>
                          {formatRupees(order.totalPaise)}
                          <span className="block text-xs text-gray-600">{order.payment}</span>
                        </td>
                        <td data-label="Status" className={TD}>
                          <StatusBadge status={order.state} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </ListSection>
        </>
      )}
    </main>
  );
}

/** Products at or below their low-stock threshold (their own, or the default in Settings), fewest units first. */
function LowStockSection({ lowStock }: { lowStock: Route.ComponentProps["loaderData"]["lowStock"] }) {
  return (
    <ListSection id="low-stock-heading" title="Low stock" to="/admin/settings" linkText="Threshold settings">
      {!lowStock ? (
        <EmptyState error>Error: Failed to load data</EmptyState>
      ) : lowStock.items.length === 0 ? (
        <EmptyState>No published product is at or below its low-stock threshold.</EmptyState>
      ) : (
        <>
          <p className="mt-2 text-sm text-gray-700">
            {lowStock.total} {lowStock.total === 1 ? "product" : "products"} at or below {lowStock.total === 1 ? "its" : "their"} threshold
            {lowStock.total > lowStock.items.length ? ` (the ${lowStock.items.length} with the fewest units shown)` : ""}; the default is{" "}
            {lowStock.defaultThreshold} units.
          </p>
          <div className={TABLE_WRAP}>
            <table className={TABLE}>
              <thead className={THEAD}>
                <tr>
                  <th scope="col" className={TH}>Product</th>
                  <th scope="col" className={TH}>SKU</th>
                  <th scope="col" className={`${TH} text-right`}>Stock</th>
                  <th scope="col" className={`${TH} text-right`}>Alert at</th>
                  <th scope="col" className={TH}><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {lowStock.items.map((product) => (
                  <tr key={product._id}>
                    <td className={`${TD} font-medium text-gray-900`} data-label="Product">{product.name}</td>
                    <td className={`${TD} font-mono text-xs`} data-label="SKU">{product.sku}</td>
                    <td className={`${TD} text-right`} data-label="Stock">
                      <StockCell stock={product.countInStock} threshold={product.threshold} />
                    </td>
                    <td className={`${TD} text-right`} data-label="Alert at">
                      {product.threshold}
                      {product.ownThreshold ? null : <span className="text-gray-600"> (default)</span>}
                    </td>
                    <td className={`${TD} text-right`} data-label="">
                      <Link
                        to={`/admin/products/${product._id}/edit`}
                        aria-label={`Edit ${product.name}`}
                        className="inline-flex items-center gap-1 rounded-md border border-gray-400 px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100"
                      >
                        Edit
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </ListSection>
  );
}

/** One of the dashboard's lists: its heading, with a link to the page behind it, over the list. */
function ListSection({ id, title, to, linkText, children }: { id: string; title: string; to: string; linkText: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <Link to={to} className="text-sm font-medium text-brand-800 underline">
          {linkText}
        </Link>
      </div>
      {children}
    </section>
  );
}

function StatCard({ label, value, icon }: { label: string; value: string; icon: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <p className="flex items-center gap-2 text-sm font-medium text-gray-700">
        <span className="rounded-full bg-brand-50 p-1.5 text-brand-800">{icon}</span>
        {label}
      </p>
      <p className="mt-2 text-2xl font-bold text-gray-900">{value}</p>
    </div>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
