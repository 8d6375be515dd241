/**
 * The dashboard's status badge (spec section 4): it recognises completed (Delivered), pending
 * and cancelled; any other status is grey.
 */
export function StatusBadge({ status }: { status: string }) {
  const key = status.toLowerCase();
  const tone =
    key === "delivered" || key === "completed"
      ? "bg-green-100 text-green-800"
      : key === "pending"
        ? "bg-yellow-100 text-yellow-900"
        : key === "cancelled" || key === "prescription rejected"
          ? "bg-red-100 text-red-800"
          : key === "prescription under review"
            ? "bg-amber-100 text-amber-900"
          : "bg-gray-100 text-gray-800";
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{status}</span>;
}
