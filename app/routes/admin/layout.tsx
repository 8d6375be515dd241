import { Outlet, redirect } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import { requireStaff } from "./require-admin.server";
import { loadAdminShell } from "./layout.server";
import { ErrorPage } from "~/components/error-page";
import { signOutHeaders } from "~/routes/profile.server";
import type { Route } from "./+types/layout";

/**
 * The server turns away everyone but admins and pharmacists before any admin page renders (each
 * child loader checks too, admins-only pages send a pharmacist to the prescription queue).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  return loadAdminShell(context, staff);
}

/** Logout from the sidebar: the session is revoked on the server, its cookies cleared, then home (spec: "goes to /"). */
export async function action({ request, context }: Route.ActionArgs) {
  throw redirect("/", { headers: await signOutHeaders(request, context) });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame admin={loaderData.admin} pendingReviews={loaderData.pendingReviews} unreadMessages={loaderData.unreadMessages} waitingPrescriptionOrders={loaderData.waitingPrescriptionOrders}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
