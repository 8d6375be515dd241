import type { Route } from "./+types/h1-register-csv";
import { h1RegisterResponse } from "./prescriptions.server";
import { requireStaff } from "./require-admin.server";

/** The Schedule H1 register for `?from=&to=` as a CSV download (pharmacists and admins). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(request, context);
  return h1RegisterResponse(context, new URL(request.url));
}
