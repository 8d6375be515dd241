import type { Route } from "./+types/catalogue-export-csv";
import { catalogueCsvResponse } from "./products.server";
import { requireAdmin } from "./require-admin.server";

/** Every product as a CSV download (admins only, like every admin route; decisions/033). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return catalogueCsvResponse(context);
}
