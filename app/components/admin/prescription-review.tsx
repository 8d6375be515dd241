import { Check, X } from "lucide-react";
import { useState } from "react";
import { orderStateLabel, type OrderStatus } from "#common/orders.ts";
import { checkReview, PRESCRIBER_NAME_MAX, REGISTRATION_MAX, REJECT_REASON_MAX, REJECT_REASONS } from "#common/pharmacist.ts";
import type { PrescriptionStatus } from "#common/prescriptions.ts";
import { BUTTON_PRIMARY, INPUT } from "./page-header";
import { ConfirmAction } from "./confirm-action";
import { useToastedFetcher } from "./confirm-delete";
import { Field } from "~/components/ui/field";

/** An order's state in the queue, in the words every page uses (orderStateLabel). */
export function ReviewStateBadge({ status, prescriptionStatus }: { status: string; prescriptionStatus: PrescriptionStatus | null }) {
  const label = orderStateLabel({ status: status as OrderStatus, prescription: prescriptionStatus ? { status: prescriptionStatus } : null });
  const tone =
    prescriptionStatus === "rejected" || status === "Cancelled"
      ? "bg-red-100 text-red-800"
      : prescriptionStatus === "approved"
        ? "bg-green-100 text-green-800"
        : "bg-amber-100 text-amber-900";
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}


/**
 * Approve: the prescriber's name and registration number as written on the prescription; the
 * reviewing pharmacist's own name and registration come from their account (shown, not typed).
 */
export function ApproveForm({
  doctorName,
  reviewer,
  rxLines = [],
}: {
  doctorName: string | null;
  reviewer: { name: string; registration: string | null };
  /** The order's prescription medicines: for each, what the prescription covers (refills never go beyond it, decisions/057). */
  rxLines?: { productId: string; name: string; quantity: number }[];
}) {
  const fetcher = useToastedFetcher("Failed to approve");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverErrors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const shown = { ...serverErrors, ...errors };
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="approve-heading" className="rounded-lg border border-green-200 bg-white p-4">
      <h2 id="approve-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Check className="h-5 w-5 text-green-700" aria-hidden /> Approve
      </h2>
      <fetcher.Form
        method="post"
        noValidate
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const checked = checkReview({ decision: "approve", prescriberName: form.get("prescriberName"), prescriberRegistration: form.get("prescriberRegistration") });
          if (!checked.ok) {
            event.preventDefault();
            setErrors(checked.errors);
            const first = Object.keys(checked.errors)[0];
            if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
          } else setErrors({});
        }}
      >
        <input type="hidden" name="decision" value="approve" />
        <Field
          label="Prescriber's name"
          name="prescriberName"
          defaultValue={doctorName ?? ""}
          maxLength={PRESCRIBER_NAME_MAX}
          autoComplete="off"
          required
          error={shown.prescriberName}
        />
        <Field
          label="Prescriber's registration number"
          name="prescriberRegistration"
          maxLength={REGISTRATION_MAX}
          autoComplete="off"
          required
          error={shown.prescriberRegistration}
        />
        {rxLines.length > 0 ? (
          <details open={Boolean(shown.cover)}>
            <summary className="cursor-pointer text-sm font-semibold text-brand-800">What the prescription covers (for refills; optional)</summary>
            <fieldset className="mt-2" aria-describedby={shown.cover ? "cover-help cover-error" : "cover-help"}>
              <legend className="sr-only">What the prescription covers</legend>
              <p id="cover-help" className="text-sm text-gray-700">
                Per medicine, the units it allows in all (this order included) and the last date it may be used. A refill never
                orders beyond it; left blank, refills of that medicine need a new prescription.
              </p>
              {rxLines.map((line, index) => (
                <div key={line.productId} className="mt-2 grid gap-2 sm:grid-cols-2">
                  <input type="hidden" name={`cover.${index}.productId`} value={line.productId} />
                  <Field label={`${line.name}: units covered`} name={`cover.${index}.quantity`} type="number" inputMode="numeric" min={1} max={10000} autoComplete="off" />
                  <Field label={`${line.name}: covered until`} name={`cover.${index}.until`} type="date" />
                </div>
              ))}
              {shown.cover ? (
                <p id="cover-error" className="mt-1 text-sm text-red-700">
                  {shown.cover}
                </p>
              ) : null}
            </fieldset>
          </details>
        ) : null}
        <p className="text-sm text-gray-700">
          Reviewed by {reviewer.name}, registration {reviewer.registration ?? "not on file"}.
        </p>
        <button type="submit" disabled={busy} className={BUTTON_PRIMARY}>
          {busy ? "Approving..." : "Approve prescription"}
        </button>
      </fetcher.Form>
    </section>
  );
}

/** Reject: a reason from the list, or typed ("Other reason"); the order is cancelled and refunded. */
export function RejectForm() {
  const fetcher = useToastedFetcher("Failed to reject");
  const [picked, setPicked] = useState<string>("");
  const [error, setError] = useState<string | undefined>();
  // A valid rejection is asked about first (it cancels and refunds the order; issue 27 item 8).
  const [confirming, setConfirming] = useState<FormData | null>(null);
  const serverError = fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.reason : undefined;
  const shown = error ?? serverError;
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="reject-heading" className="rounded-lg border border-red-200 bg-white p-4">
      <h2 id="reject-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <X className="h-5 w-5 text-red-700" aria-hidden /> Reject
      </h2>
      <p className="mt-1 text-sm text-gray-700">Rejecting cancels the order, puts its stock back and refunds a paid order. The customer is emailed the reason.</p>
      <fetcher.Form
        method="post"
        noValidate
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const checked = checkReview({ decision: "reject", reason: form.get("reason") ?? "", otherReason: form.get("otherReason") });
          event.preventDefault();
          if (!checked.ok) {
            setError(checked.errors.reason);
          } else {
            setError(undefined);
            setConfirming(form);
          }
        }}
      >
        <input type="hidden" name="decision" value="reject" />
        <fieldset aria-describedby={shown ? "reject-reason-error" : undefined}>
          <legend className="text-sm font-medium text-gray-800">Reason</legend>
          <div className="mt-2 space-y-2">
            {[...REJECT_REASONS, "other"].map((reason) => (
              <label key={reason} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  checked={picked === reason}
                  onChange={() => setPicked(reason)}
                  className="mt-0.5 h-4 w-4"
                  aria-invalid={shown ? true : undefined}
                />
                {reason === "other" ? "Other reason (type it below)" : reason}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="reject-other-reason" className="block text-sm font-medium text-gray-800">
            Other reason
          </label>
          <textarea
            id="reject-other-reason"
            name="otherReason"
            rows={2}
            maxLength={REJECT_REASON_MAX}
            onFocus={() => setPicked("other")}
            className={`${INPUT} mt-1`}
          />
        </div>
        {shown ? (
          <p id="reject-reason-error" className="text-sm text-red-700">
            {shown}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
        >
          {busy ? "Rejecting..." : "Reject and cancel the order"}
        </button>
      </fetcher.Form>
      <ConfirmAction
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Reject the prescription and cancel the order?"
        description="The order is cancelled, its stock put back and a paid order refunded; the customer is emailed the reason. It cannot be undone."
        confirmLabel="Reject and cancel the order"
        tone="danger"
        onConfirm={() => {
          if (confirming) fetcher.submit(confirming, { method: "post" });
        }}
      />
    </section>
  );
}
