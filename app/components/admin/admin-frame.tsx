import { ClipboardList, FileCheck, History, Inbox, LayoutDashboard, LogOut, Menu, MessageSquareText, Package, Repeat, Settings, ShoppingBag, Store, TicketPercent, Truck, Undo2, Users, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigation } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { Logo } from "~/components/layout/logo";
import { Toaster } from "~/components/ui/toaster";

/** The sidebar's pages; `pharmacist` marks the ones a pharmacist may open too (the orders read-only). */
const LINKS = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true, pharmacist: false },
  { to: "/admin/users", label: "Users", icon: Users, end: false, pharmacist: false },
  { to: "/admin/products", label: "Products", icon: Package, end: false, pharmacist: false },
  { to: "/admin/orders", label: "Orders", icon: ShoppingBag, end: false, pharmacist: true },
  { to: "/admin/prescriptions", label: "Prescriptions", icon: FileCheck, end: false, pharmacist: true },
  { to: "/admin/prescription-orders", label: "Prescription orders", icon: ClipboardList, end: false, pharmacist: true },
  { to: "/admin/returns", label: "Returns", icon: Undo2, end: false, pharmacist: false },
  { to: "/admin/refills", label: "Refills", icon: Repeat, end: false, pharmacist: false },
  { to: "/admin/reviews", label: "Reviews", icon: MessageSquareText, end: false, pharmacist: false },
  { to: "/admin/coupons", label: "Coupons", icon: TicketPercent, end: false, pharmacist: false },
  { to: "/admin/inbox", label: "Inbox", icon: Inbox, end: false, pharmacist: false },
  { to: "/admin/serviceability", label: "Serviceability", icon: Truck, end: false, pharmacist: false },
  { to: "/admin/settings", label: "Settings", icon: Settings, end: false, pharmacist: false },
  { to: "/admin/audit", label: "Audit log", icon: History, end: false, pharmacist: false },
] as const;

const LINK_CLASS = "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium";

/**
 * The admin shell: a sidebar (Users, Products, Orders, Shop, Logout, plus Dashboard, Reviews and Inbox)
 * that is always open from 768 px and a toggled drawer below that.
 */
export function AdminFrame({
  admin,
  pendingReviews,
  unreadMessages = 0,
  waitingPrescriptionOrders = 0,
  children,
}: {
  admin: { name: string; email: string; role: string };
  /** Orders waiting for a pharmacist's decision: the Prescriptions link's badge. */
  pendingReviews: number;
  /** Contact messages not yet marked handled: the Inbox link's badge. */
  unreadMessages?: number;
  /** Requests to build an order from a prescription, waiting for a pharmacist: the Prescription orders link's badge. */
  waitingPrescriptionOrders?: number;
  children: React.ReactNode;
}) {
  const links = admin.role === "admin" ? LINKS : LINKS.filter((link) => link.pharmacist);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/admin" && navigation.formMethod === "POST";
  useEffect(() => setOpen(false), [location.key]);

  return (
    <div className="min-h-screen bg-gray-50 md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-gray-200 bg-white px-4 md:hidden">
        <button
          type="button"
          className="rounded-md p-2 text-gray-700 hover:bg-brand-50 hover:text-brand-800"
          aria-expanded={open}
          aria-controls="admin-sidebar"
          aria-label={open ? "Close admin menu" : "Open admin menu"}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </button>
        <span className="font-semibold text-brand-800">{SHOP_NAME} Admin</span>
      </header>
      <aside
        id="admin-sidebar"
        className={`${open ? "block" : "hidden"} border-b border-gray-200 bg-white md:block md:min-h-screen md:w-60 md:shrink-0 md:self-stretch md:border-r md:border-b-0`}
      >
        {/* The aside stretches to the page's full height (its background and border with it); the menu inside stays in view. */}
        <div className="md:sticky md:top-0 md:max-h-screen md:overflow-y-auto">
          <div className="hidden h-16 items-center gap-2 border-b border-gray-200 px-4 md:flex">
            <Logo className="h-8 w-8" />
            <span className="font-bold text-brand-800">Admin</span>
          </div>
          <nav aria-label="Admin" className="p-3">
            <ul className="space-y-1">
              {links.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      `${LINK_CLASS} ${isActive ? "bg-brand-50 text-brand-800" : "text-gray-700 hover:bg-gray-100"}`
                    }
                  >
                    <Icon className="h-4 w-4" aria-hidden />
                    {label}
                    {to === "/admin/prescriptions" && pendingReviews > 0 ? (
                      <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {pendingReviews}
                        <span className="sr-only"> awaiting review</span>
                      </span>
                    ) : null}
                    {to === "/admin/prescription-orders" && waitingPrescriptionOrders > 0 ? (
                      <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {waitingPrescriptionOrders}
                        <span className="sr-only"> waiting</span>
                      </span>
                    ) : null}
                    {to === "/admin/inbox" && unreadMessages > 0 ? (
                      <span className="ml-auto rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                        {unreadMessages}
                        <span className="sr-only"> unread</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
              <li>
                <Link to="/" className={`${LINK_CLASS} text-gray-700 hover:bg-gray-100`}>
                  <Store className="h-4 w-4" aria-hidden />
                  Shop
                </Link>
              </li>
              <li>
                <Form method="post" action="/admin">
                  <button
                    type="submit"
                    disabled={loggingOut}
                    className={`${LINK_CLASS} w-full text-red-800 hover:bg-red-50 disabled:opacity-70`}
                  >
                    <LogOut className="h-4 w-4" aria-hidden />
                    {loggingOut ? "Logging out..." : "Logout"}
                  </button>
                </Form>
              </li>
            </ul>
            <p className="mt-6 truncate px-3 text-xs text-gray-600" title={admin.email}>
              Signed in as {admin.name}
            </p>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
      <Toaster />
    </div>
  );
}
