import type { Route } from "./+types/catalogue-template-csv";
import { catalogueTemplateResponse } from "./products.server";
import { requireAdmin } from "./require-admin.server";

/** The catalogue CSV's header and one example row, to fill in (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return catalogueTemplateResponse();
}
