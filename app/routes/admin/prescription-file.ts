import type { Route } from "./+types/prescription-file";
import { prescriptionFileResponse } from "./prescriptions.server";
import { requireStaff } from "./require-admin.server";

/** A prescription's file for the review page's inline view (pharmacists and admins; private, never cached). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  return prescriptionFileResponse(context, staff, params.prescriptionId);
}
