import { Outlet, redirect } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import { requireAdmin } from "./require-admin.server";
import { ErrorPage } from "~/components/error-page";
import { signOutHeaders } from "~/routes/profile.server";
import type { Route } from "./+types/layout";

/** The server turns away everyone but admins before any admin page renders (each child loader checks too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  return { admin: { name: admin.name, email: admin.email } };
}

/** Logout from the sidebar: the session is revoked on the server, its cookies cleared, then home (spec: "goes to /"). */
export async function action({ request, context }: Route.ActionArgs) {
  throw redirect("/", { headers: await signOutHeaders(request, context) });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame admin={loaderData.admin}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
