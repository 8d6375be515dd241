import type { Route } from "./+types/subscribers-csv";
import { subscribersCsvResponse } from "./inbox.server";
import { requireAdmin } from "./require-admin.server";

/** The newsletter's subscribers as a CSV download (admins only, like every admin route). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return subscribersCsvResponse(context);
}
