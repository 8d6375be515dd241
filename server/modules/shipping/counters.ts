// This process's Shiprocket figures for /metrics (server/http/metrics.ts reads them when scraped,
// as it reads the jobs'): shipments booked and refused, webhooks by what became of them.

export type ShipmentOutcome = "created" | "failed";
export type WebhookOutcome = "recorded" | "ignored" | "refused";

const shipmentsByOutcome = new Map<ShipmentOutcome, number>();
const webhooksByOutcome = new Map<WebhookOutcome, number>();

export function countShipment(outcome: ShipmentOutcome): void {
  shipmentsByOutcome.set(outcome, (shipmentsByOutcome.get(outcome) ?? 0) + 1);
}

export function countWebhook(outcome: WebhookOutcome): void {
  webhooksByOutcome.set(outcome, (webhooksByOutcome.get(outcome) ?? 0) + 1);
}

export function shipmentCounters(): ReadonlyMap<ShipmentOutcome, number> {
  return shipmentsByOutcome;
}

export function webhookCounters(): ReadonlyMap<WebhookOutcome, number> {
  return webhooksByOutcome;
}

/** How a PIN check was answered: asked (Shiprocket answered), cached (its answer of the last day), fallback (the uploaded list). */
export type ServiceabilityOutcome = "asked" | "cached" | "fallback";

const serviceabilityByOutcome = new Map<ServiceabilityOutcome, number>();

export function countServiceability(outcome: ServiceabilityOutcome): void {
  serviceabilityByOutcome.set(outcome, (serviceabilityByOutcome.get(outcome) ?? 0) + 1);
}

export function serviceabilityCounters(): ReadonlyMap<ServiceabilityOutcome, number> {
  return serviceabilityByOutcome;
}
