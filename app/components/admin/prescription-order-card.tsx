import { Plus, Search, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { formatRupees } from "#common/money.ts";
import { PRESCRIBER_NAME_MAX, REGISTRATION_MAX, REJECT_REASONS } from "#common/pharmacist.ts";
import {
  DECLINE_REASON_MAX,
  PRESCRIPTION_ORDER_STATUS_LABELS,
  PROPOSAL_ITEMS_MAX,
  PROPOSAL_MESSAGE_MAX,
  type AdminPrescriptionOrderJson,
} from "#common/prescription-orders.ts";
import { Field, FieldError, TextAreaField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { failureText, type ActionResult } from "./confirm-delete";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from "./page-header";

const ACTION = "/admin/prescription-orders";

/** A product found by the search, as the catalogue API lists it. */
interface FoundProduct {
  _id: string;
  name: string;
  price: number;
  countInStock: number;
  prescriptionRequired: boolean;
  schedule: string;
}

interface Picked {
  productId: string;
  name: string;
  quantity: number;
  prescriptionRequired: boolean;
  countInStock: number;
}

/**
 * One request as a card (readable at 390 px): the shopper, the prescription (opened in a new tab),
 * the address and note; for a waiting one, the proposal form (search the catalogue, pick products
 * and quantities) and Decline with a reason, both posted to this page's action (the pharmacy
 * module's use cases, as POST /api/admin/prescription-orders/:id/proposal and /decline).
 */
export function PrescriptionOrderCard({ request, canAnswer, maxQuantity }: { request: AdminPrescriptionOrderJson; canAnswer: boolean; maxQuantity: number }) {
  const fetcher = useFetcher<ActionResult>();
  const [mode, setMode] = useState<"idle" | "propose" | "decline">("idle");
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(failureText("Failed to answer the request", answer.message));
  }, [answer]);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result?.ok === false ? (result.errors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  const patient = request.prescription.patientName?.trim();
  // The patient named with the prescription, and the account's holder when that is someone else.
  const who = patient && patient !== request.customer.name ? `${patient} (${request.customer.name})` : request.customer.name;
  const address = request.address;

  return (
    <article aria-label={`Request from ${request.customer.name}`} className="rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold text-gray-900">{who}</h2>
          <p className="text-sm break-all text-gray-700">
            {[request.customer.email, request.customer.phone].filter(Boolean).join(" · ")}
          </p>
          <p className="text-sm text-gray-700">Asked {formatDateTime(request.createdAt)}</p>
        </div>
        <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-800">{PRESCRIPTION_ORDER_STATUS_LABELS[request.status]}</span>
      </div>
      <p className="mt-2 text-sm">
        <a
          href={`/admin/prescriptions/file/${encodeURIComponent(request.prescription._id)}`}
          target="_blank"
          rel="noopener"
          className="font-semibold break-all text-brand-800 underline"
        >
          Open the prescription {request.prescription.fileName}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        {request.prescription.doctorName ? <span className="text-gray-700"> · {request.prescription.doctorName}</span> : null}
      </p>
      {address ? (
        <p className="mt-1 text-sm break-words text-gray-800">
          Deliver to: {address.fullName}, {[address.line1, address.line2, address.city, address.state, address.postalCode].filter(Boolean).join(", ")}
        </p>
      ) : (
        <p className="mt-1 text-sm text-gray-700">Address: chosen at checkout</p>
      )}
      {request.note ? <p className="mt-1 text-sm break-words text-gray-900">Shopper's note: {request.note}</p> : null}
      {request.items.length > 0 ? (
        <p className="mt-2 text-sm text-gray-900">Proposed: {request.items.map((item) => `${item.name} × ${item.quantity}`).join(", ")}</p>
      ) : null}
      {request.message ? <p className="text-sm break-words text-gray-800">Message: {request.message}</p> : null}
      {request.declineReason ? <p className="text-sm break-words text-gray-800">Declined: {request.declineReason}</p> : null}
      {request.pharmacist && request.decidedAt ? (
        <p className="text-sm text-gray-700">
          By {request.pharmacist.name} (registration {request.pharmacist.registration}), {formatDateTime(request.decidedAt)}
        </p>
      ) : null}

      {canAnswer && request.status === "waiting" ? (
        <div className="mt-3">
          {mode === "idle" ? (
            <div className="flex flex-wrap gap-2">
              <button type="button" onClick={() => setMode("propose")} className={BUTTON_PRIMARY}>
                Propose items<span className="sr-only"> for {request.customer.name}</span>
              </button>
              <button type="button" onClick={() => setMode("decline")} className={BUTTON_SECONDARY}>
                Decline…<span className="sr-only"> the request of {request.customer.name}</span>
              </button>
            </div>
          ) : mode === "propose" ? (
            <ProposalForm requestId={request._id} fetcher={fetcher} busy={busy} errors={errors} maxQuantity={maxQuantity} onCancel={() => setMode("idle")} />
          ) : (
            <DeclineForm requestId={request._id} fetcher={fetcher} busy={busy} errors={errors} onCancel={() => setMode("idle")} />
          )}
        </div>
      ) : null}
    </article>
  );
}

type Fetcher = ReturnType<typeof useFetcher<ActionResult>>;

function SubmitOrBack({ label, disabled, onCancel }: { label: string; disabled: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={disabled} className={BUTTON_PRIMARY}>
        {label}
      </button>
      <button type="button" onClick={onCancel} className={BUTTON_SECONDARY}>
        Back
      </button>
    </div>
  );
}

/** Search the published catalogue (GET /api/products?search=), pick products and quantities, then send. */
function ProposalForm({
  requestId,
  fetcher,
  busy,
  errors,
  maxQuantity,
  onCancel,
}: {
  requestId: string;
  fetcher: Fetcher;
  busy: boolean;
  errors: Record<string, string>;
  maxQuantity: number;
  onCancel: () => void;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<FoundProduct[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked[]>([]);
  const needsPrescriber = picked.some((item) => item.prescriptionRequired);

  async function runSearch() {
    const text = search.trim();
    if (!text) {
      setSearchError("Type a medicine's name to search");
      return;
    }
    setSearching(true);
    setSearchError(null);
    try {
      const response = await fetch(`/api/products?${new URLSearchParams({ search: text, limit: "8" })}`, { headers: { Accept: "application/json" } });
      const body = await response.json().catch(() => null);
      if (!response.ok || !Array.isArray(body)) setSearchError(typeof body?.message === "string" ? body.message : "The search failed; try again");
      else setFound(body as FoundProduct[]);
    } catch {
      setSearchError("We couldn't reach the shop. Please check your connection and try again.");
    }
    setSearching(false);
  }

  const add = (product: FoundProduct) =>
    setPicked((list) =>
      list.some((item) => item.productId === product._id) || list.length >= PROPOSAL_ITEMS_MAX
        ? list
        : [...list, { productId: product._id, name: product.name, quantity: 1, prescriptionRequired: product.prescriptionRequired, countInStock: product.countInStock }],
    );

  return (
    <fetcher.Form method="post" action={ACTION} className="space-y-3 rounded-md border border-gray-200 bg-gray-50 p-3">
      <input type="hidden" name="id" value={requestId} />
      <input type="hidden" name="intent" value="propose" />
      <div>
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-gray-900">
          Find a product
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                void runSearch();
              }
            }}
            className={INPUT}
          />
          <button type="button" onClick={() => void runSearch()} disabled={searching} className={`${BUTTON_SECONDARY} shrink-0`}>
            <Search className="h-4 w-4" aria-hidden />
            {searching ? "Searching..." : "Search"}
          </button>
        </div>
        <div role="status" className="text-sm">
          {searchError ? <p className="mt-1 text-red-700">{searchError}</p> : null}
          {found && found.length === 0 ? <p className="mt-1 text-gray-700">No published product matches.</p> : null}
        </div>
        {found && found.length > 0 ? (
          <ul className="mt-2 divide-y divide-gray-200 rounded-md border border-gray-200 bg-white" aria-label="Search results">
            {found.map((product) => (
              <li key={product._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 break-words">
                  {product.name}
                  <span className="text-gray-700">
                    {" "}
                    · {formatRupees(Math.round(product.price * 100))} · {product.countInStock} in stock{product.prescriptionRequired ? ` · Schedule ${product.schedule}` : ""}
                  </span>
                </span>
                <button type="button" onClick={() => add(product)} className={`${BUTTON_SECONDARY} px-3 py-1 text-sm`}>
                  <Plus className="h-4 w-4" aria-hidden />
                  Add<span className="sr-only"> {product.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-gray-900">Items for the cart</legend>
        {picked.length === 0 ? <p className="mt-1 text-sm text-gray-700">No items yet: search and add the medicines on the prescription.</p> : null}
        <ul className="mt-1 space-y-2">
          {picked.map((item, index) => (
            <li key={item.productId} className="flex flex-wrap items-center gap-2 rounded-md bg-white px-3 py-2 text-sm">
              <input type="hidden" name="productId" value={item.productId} />
              <span className="min-w-0 flex-1 break-words">
                {item.name}
                {item.prescriptionRequired ? <span className="text-gray-700"> (prescription)</span> : null}
              </span>
              <label htmlFor={`${id}-qty-${index}`} className="sr-only">
                Quantity of {item.name}
              </label>
              <input
                id={`${id}-qty-${index}`}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={maxQuantity}
                value={item.quantity}
                onChange={(event) => {
                  const quantity = Number(event.target.value);
                  setPicked((list) => list.map((one) => (one.productId === item.productId ? { ...one, quantity } : one)));
                }}
                className="w-20 rounded-md border border-gray-400 px-2 py-1 text-base"
              />
              <button
                type="button"
                onClick={() => setPicked((list) => list.filter((one) => one.productId !== item.productId))}
                className="rounded-md p-2 text-red-800 hover:bg-red-50"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                <span className="sr-only">Remove {item.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <FieldError id={`${id}-items-error`} message={errors.items} />
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={`Prescribing doctor${needsPrescriber ? "" : " (for prescription medicines)"}`}
          name="prescriberName"
          required={needsPrescriber}
          maxLength={PRESCRIBER_NAME_MAX}
          error={errors.prescriberName}
        />
        <Field label="Doctor's registration number" name="prescriberRegistration" required={needsPrescriber} maxLength={REGISTRATION_MAX} error={errors.prescriberRegistration} />
      </div>
      <TextAreaField label="Message to the shopper (optional)" name="message" rows={2} maxLength={PROPOSAL_MESSAGE_MAX} error={errors.message} />
      <p className="text-sm text-gray-700">
        The items go into the shopper's cart (as many as are in stock) and the shopper is told by email, and by SMS when we have their
        mobile number. An order of the prescription
        medicines within these quantities, with this prescription, is approved in your name without a second review.
      </p>
      <SubmitOrBack label={busy ? "Sending..." : "Send proposal"} disabled={busy || picked.length === 0} onCancel={onCancel} />
    </fetcher.Form>
  );
}

function DeclineForm({ requestId, fetcher, busy, errors, onCancel }: { requestId: string; fetcher: Fetcher; busy: boolean; errors: Record<string, string>; onCancel: () => void }) {
  const id = useId();
  return (
    <fetcher.Form method="post" action={ACTION} className="space-y-2 rounded-md border border-gray-200 bg-gray-50 p-3">
      <input type="hidden" name="id" value={requestId} />
      <input type="hidden" name="intent" value="decline" />
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-gray-900">
        Reason for the shopper
      </label>
      <input
        id={`${id}-reason`}
        name="reason"
        list={`${id}-reasons`}
        required
        maxLength={DECLINE_REASON_MAX}
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        className={INPUT}
      />
      <datalist id={`${id}-reasons`}>
        {REJECT_REASONS.map((reason) => (
          <option key={reason} value={reason} />
        ))}
      </datalist>
      <FieldError id={`${id}-reason-error`} message={errors.reason} />
      <SubmitOrBack label={busy ? "Declining..." : "Decline request"} disabled={busy} onCancel={onCancel} />
    </fetcher.Form>
  );
}
