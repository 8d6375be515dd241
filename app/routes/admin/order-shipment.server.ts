// The admin order page's "Mark as Shipped" (decisions/032): the courier and AWB with the status,
// through the orders module's setOrderStatus, as PUT /api/admin/orders/:id { status: "Shipped", courier, awb };
// or, with intent "shiprocket", "Ship with Shiprocket" as POST /api/admin/orders/:id/shipment (issue 31).
import type { AppLoadContext } from "react-router";
import { formText } from "#common/forms.ts";
import { setOrderStatus } from "#server/modules/orders/admin-orders.ts";
import { orderReply } from "#server/modules/orders/replies.ts";
import { shipWithShiprocket } from "#server/modules/orders/shiprocket.ts";
import { adminAction, changedBy } from "./admin-action.server";

export function shipFromOrderPage(context: AppLoadContext, orderId: string, form: FormData) {
  const values = Object.fromEntries(form);
  if (formText(values, "intent") === "shiprocket") {
    const parcel = {
      weightKg: formText(values, "weightKg"),
      lengthCm: formText(values, "lengthCm"),
      breadthCm: formText(values, "breadthCm"),
      heightCm: formText(values, "heightCm"),
      courierId: formText(values, "courierId"),
    };
    return adminAction(context, "Failed to ship the order with Shiprocket", async () =>
      orderReply.shipWithShiprocket(await shipWithShiprocket(context.shop, changedBy(context), orderId, parcel)),
    );
  }
  const body = { status: "Shipped", courier: formText(values, "courier"), awb: formText(values, "awb") };
  return adminAction(context, "Failed to mark the order shipped", async () =>
    orderReply.setOrderStatus(await setOrderStatus(context.shop, changedBy(context), orderId, body)),
  );
}
