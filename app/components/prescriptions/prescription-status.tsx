import { PRESCRIPTION_STATUS_LABELS, type PrescriptionJson } from "#common/prescriptions.ts";

const TONE: Record<PrescriptionJson["status"], string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  approved: "border-green-300 bg-green-50 text-green-900",
  rejected: "border-red-300 bg-red-50 text-red-900",
};

/** A prescription's review state in the customer's words: Pending review, Approved, Rejected. */
export function PrescriptionStatus({ status, label }: { status: PrescriptionJson["status"]; /** In the page's language (the English words otherwise). */ label?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold ${TONE[status]}`}>
      {label ?? PRESCRIPTION_STATUS_LABELS[status]}
    </span>
  );
}

/** Where the owner (or a pharmacist) opens the private file. */
export const prescriptionFileUrl = (id: string) => `/api/prescriptions/${encodeURIComponent(id)}/file`;
