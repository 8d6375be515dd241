import { checkParcel } from "#common/shipping.ts";
import { fromCheck } from "./rule.ts";

/** POST /api/admin/orders/:id/shipment `{ weightKg, lengthCm?, breadthCm?, heightCm?, courierId? }` (common/shipping.ts decides). */
export const shipmentParcelSchema = fromCheck(checkParcel);
