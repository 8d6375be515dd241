import { Truck } from "lucide-react";
import { useEffect } from "react";
import type { SuggestedParcel } from "#common/shipping.ts";
import { BUTTON_PRIMARY, INPUT } from "./page-header";
import { useShipmentFetcher } from "./shipment-form";

const FIELDS = [
  { name: "weightKg", label: "Weight (kg)", step: "0.01" },
  { name: "lengthCm", label: "Length (cm)", step: "0.5" },
  { name: "breadthCm", label: "Breadth (cm)", step: "0.5" },
  { name: "heightCm", label: "Height (cm)", step: "0.5" },
] as const;

/** Where the starting weight and box came from, said once under the fields. */
export function parcelSourceText(parcel: SuggestedParcel): string {
  const weight = parcel.weightFromProducts ? "Weight: the products' parcel weights added up" : "Weight: the shop's default (not every product has a parcel weight)";
  const box = parcel.boxFromProducts ? "box: the largest of the products' boxes" : "box: the shop's default (no product has a box size)";
  return `${weight}; ${box}. Change them to match the packed parcel.`;
}

/**
 * "Ship with Shiprocket" on the admin order page (issue 31), shown instead of the hand-typed form
 * when Shiprocket is configured: the parcel's weight and box (defaults editable), posted to
 * /admin/orders/:id/shipment with intent "shiprocket" — the use case of POST
 * /api/admin/orders/:id/shipment. Shiprocket's refusal stays on the form until the next try; on
 * success the page reloads with the courier, AWB, tracking link, expected date and "Print label".
 */
export function ShiprocketForm({
  orderId,
  orderNumber,
  parcel,
  idPrefix = "",
  className = "mt-6 rounded-lg border border-gray-200 bg-white p-4",
  onShipped,
}: {
  orderId: string;
  orderNumber: string;
  /** The starting weight and box (orders/shiprocket.ts suggestParcels), editable. */
  parcel: SuggestedParcel;
  /** Keeps ids apart where several orders' forms may be on one page (the orders list). */
  idPrefix?: string;
  className?: string;
  /** Called once the order is shipped (the orders list's dialog closes). */
  onShipped?: () => void;
}) {
  const { fetcher, busy, result, errors, formRef } = useShipmentFetcher("Failed to ship the order with Shiprocket");
  const shipped = result?.ok === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer; the callback may change identity on every render.
  useEffect(() => {
    if (shipped) onShipped?.();
  }, [shipped]);
  const refusal = result?.ok === false && !result.errors ? result.message : null;
  const id = (name: string) => `${idPrefix}${name}`;
  return (
    <section aria-labelledby={id("shipment-form-heading")} className={className}>
      <h2 id={id("shipment-form-heading")} className="scroll-mt-20 text-lg font-semibold text-gray-900">
        Ship with Shiprocket
      </h2>
      <p className="mt-1 text-sm text-gray-700">Shiprocket assigns the courier and AWB, makes the label and books the pickup.</p>
      <fetcher.Form ref={formRef} method="post" action={`/admin/orders/${encodeURIComponent(orderId)}/shipment`} className="mt-3" noValidate>
        <input type="hidden" name="intent" value="shiprocket" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {FIELDS.map((field) => {
            const error = errors[field.name];
            return (
              <div key={field.name}>
                <label htmlFor={id(`parcel-${field.name}`)} className="text-sm font-medium text-gray-900">
                  {field.label}
                </label>
                <input
                  id={id(`parcel-${field.name}`)}
                  name={field.name}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step={field.step}
                  defaultValue={parcel[field.name]}
                  required={field.name === "weightKg"}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? id(`parcel-${field.name}-error`) : id("parcel-source")}
                  className={`${INPUT} mt-1`}
                />
                {error ? (
                  <p id={id(`parcel-${field.name}-error`)} className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <p id={id("parcel-source")} className="mt-2 text-sm text-gray-600">
          {parcelSourceText(parcel)}
        </p>
        {refusal ? (
          <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm break-words text-red-800" data-testid="shiprocket-refusal">
            {refusal}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} mt-4`}>
          <Truck className="h-4 w-4" aria-hidden />
          {busy ? "Shipping…" : "Ship with Shiprocket"}
          <span className="sr-only"> order {orderNumber}</span>
        </button>
      </fetcher.Form>
    </section>
  );
}
