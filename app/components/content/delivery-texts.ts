import { useRouteLoaderData } from "react-router";
import { DEFAULT_DELIVERY_POLICY, deliveryTexts } from "#common/delivery-policy.ts";
import type { loader as rootLoader } from "~/root";

// Apart from policy.tsx so that a page stating the delivery promise (the home page's benefits
// strip) does not load the policy pages' components with it (decision 037).

/** The seller's legal details from configuration, as the root loader provides them. */
export function useSeller() {
  return useRouteLoaderData<typeof rootLoader>("root")?.seller;
}

/** The delivery promise every page states (common/delivery-policy.ts), configured values from the root loader. */
export function useDeliveryTexts() {
  const policy = useRouteLoaderData<typeof rootLoader>("root")?.delivery ?? DEFAULT_DELIVERY_POLICY;
  return deliveryTexts(policy);
}
