import type { Route } from "./+types/serviceability-csv";
import { requireAdmin } from "./require-admin.server";
import { rangesCsvResponse } from "./serviceability.server";

/** The serviceability table as a CSV download (admins only, like every admin route). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return rangesCsvResponse(context);
}
