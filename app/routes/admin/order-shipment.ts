import type { Route } from "./+types/order-shipment";
import { shipFromOrderPage } from "./order-shipment.server";
import { requireAdmin } from "./require-admin.server";

/** POST from the admin order page's shipment form (admins only). */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return shipFromOrderPage(context, params.orderId, await request.formData());
}
