import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { creditNotePdfPath } from "#common/invoices.ts";
import { RETURN_STATUS_LABELS, RETURN_TEXT_MAX, returnReasonLabel, type ReturnRequestJson } from "#common/returns.ts";
import { refundText } from "~/components/orders/return-request";
import { toast } from "~/components/ui/toaster";
import { ConfirmAction } from "./confirm-action";
import { failureText, type ActionResult } from "./confirm-delete";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from "./page-header";

/**
 * Return requests as cards (readable at 390 px; decisions/032): what the customer asked and why,
 * and for an open one Approve (refund and credit note) or Reject with a reason, posted to the
 * /admin/returns action (the returns module's `decideReturn`, as PUT /api/admin/returns/:id).
 */
export function ReturnDecisions({ returns, showOrder = false, canDecide }: { returns: ReturnRequestJson[]; showOrder?: boolean; canDecide: boolean }) {
  return (
    <ul className="mt-3 space-y-3">
      {returns.map((request) => (
        <li key={request._id} className="rounded-lg border border-gray-200 bg-white p-4">
          <ReturnCard request={request} showOrder={showOrder} canDecide={canDecide} />
        </li>
      ))}
    </ul>
  );
}

function ReturnCard({ request, showOrder, canDecide }: { request: ReturnRequestJson; showOrder: boolean; canDecide: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const items = request.lines.map((line) => `${line.name} × ${line.quantity}`).join(", ");
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // Told as soon as the answer arrives (while the page reloads its data, which may remove this form).
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(failureText("Failed to decide the return", answer.message));
  }, [answer]);
  const errors = result?.ok === false ? (result.errors ?? {}) : {};
  const reasonId = `return-reject-${request._id}`;
  return (
    <article aria-label={`Return request for order ${request.orderNumber}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-gray-900">
          {RETURN_STATUS_LABELS[request.status]}
          {showOrder ? (
            <>
              {" · "}
              <Link to={`/admin/orders/${encodeURIComponent(request.orderId)}`} className="font-mono text-brand-800 underline">
                {request.orderNumber}
              </Link>
            </>
          ) : null}
        </p>
        <p className="text-sm text-gray-700">Asked {formatDateTime(request.createdAt)}</p>
      </div>
      {showOrder ? (
        <p className="mt-1 break-all text-sm text-gray-700">
          {request.customer.name} · {request.customer.email}
        </p>
      ) : null}
      <p className="mt-2 text-gray-900">{items}</p>
      <p className="text-sm text-gray-800">Reason: {returnReasonLabel(request.reason)}</p>
      {request.details ? <p className="text-sm break-words text-gray-800">Customer says: {request.details}</p> : null}
      {request.decisionReason ? <p className="text-sm break-words text-gray-800">Decision note: {request.decisionReason}</p> : null}
      {request.refund ? <p className="text-sm text-gray-800">Refund: {refundText(request.refund)}</p> : null}
      {request.creditNote ? (
        <p className="text-sm">
          <a href={creditNotePdfPath(request.orderId, request.creditNote._id)} download className="font-semibold text-brand-800 underline">
            Credit note {request.creditNote.serial} (PDF)
          </a>
        </p>
      ) : null}
      {canDecide && request.status === "requested" ? (
        <fetcher.Form method="post" action="/admin/returns" className="mt-3 space-y-2">
          <input type="hidden" name="id" value={request._id} />
          {rejecting ? (
            <div>
              <label htmlFor={reasonId} className="text-sm font-medium text-gray-900">
                Reason for the customer
              </label>
              <textarea
                id={reasonId}
                name="reason"
                rows={2}
                maxLength={RETURN_TEXT_MAX}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
                className={`${INPUT} mt-1`}
              />
              {errors.reason ? (
                <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-700">
                  {errors.reason}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {rejecting ? (
              <>
                <button type="submit" name="decision" value="reject" disabled={busy} className={BUTTON_SECONDARY}>
                  Reject return<span className="sr-only"> for order {request.orderNumber}</span>
                </button>
                <button type="button" onClick={() => setRejecting(false)} className={BUTTON_SECONDARY}>
                  Back
                </button>
              </>
            ) : (
              <>
                {/* Money leaves the shop: asked first (issue 27 item 8). */}
                <button type="button" disabled={busy} onClick={() => setConfirming(true)} className={BUTTON_PRIMARY}>
                  Approve and refund<span className="sr-only"> return for order {request.orderNumber}</span>
                </button>
                <ConfirmAction
                  open={confirming}
                  onOpenChange={setConfirming}
                  title={`Approve the return and refund order ${request.orderNumber}?`}
                  description={`This refunds what the customer paid for ${items} (shipping is not refunded), issues a credit note and emails the customer. It cannot be undone.`}
                  confirmLabel="Approve and refund"
                  onConfirm={() => fetcher.submit({ id: request._id, decision: "approve" }, { method: "post", action: "/admin/returns" })}
                />
                <button type="button" onClick={() => setRejecting(true)} className={BUTTON_SECONDARY}>
                  Reject…<span className="sr-only"> return for order {request.orderNumber}</span>
                </button>
              </>
            )}
          </div>
        </fetcher.Form>
      ) : null}
    </article>
  );
}
