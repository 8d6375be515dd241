import { FileMinus } from "lucide-react";
import { formatShortDate } from "#common/dates.ts";
import { creditNotePdfPath, type CreditNoteRef } from "#common/invoices.ts";
import { formatRupees } from "#common/money.ts";
import { useTextOr } from "~/lib/api-text";
import { useLanguage } from "~/lib/i18n";

const KIND_LABELS: Record<CreditNoteRef["kind"], string> = { cancellation: "Cancellation", return: "Return" };

/**
 * The order's GST credit notes (decisions/032), each a PDF download: on the customer's order page,
 * the admin's, and the invoice. A cancelled or refunded order's invoice is never changed; these are what reduce it.
 */
export function CreditNotes({ orderId, notes, headingLevel = 2, className = "" }: { orderId: string; notes: CreditNoteRef[]; headingLevel?: 2 | 3; className?: string }) {
  // Also on the admin's order page, which has no catalogues: English there.
  const text = useTextOr();
  const language = useLanguage();
  if (notes.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="credit-notes-heading" className={className}>
      <Heading id="credit-notes-heading" className="text-lg font-semibold text-gray-900">
        {text("orders.creditNotes", "Credit notes")}
      </Heading>
      <ul className="mt-2 space-y-2">
        {notes.map((note) => (
          <li key={note._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border border-gray-200 bg-white px-3 py-2">
            <span className="text-gray-900">
              <span className="font-mono font-medium">{note.serial}</span>
              <span className="text-gray-700">
                {" "}
                · {text(`orders.kind.${note.kind}`, KIND_LABELS[note.kind])} · {formatShortDate(note.issuedAt, language)} · {formatRupees(note.totalPaise)}
              </span>
            </span>
            <a
              href={creditNotePdfPath(orderId, note._id)}
              download
              className="inline-flex items-center gap-1.5 font-semibold text-brand-800 underline underline-offset-2"
            >
              <FileMinus className="h-4 w-4" aria-hidden />
              {text("orders.downloadCreditNote", "Download credit note")}
              <span className="sr-only"> {note.serial}</span> (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
