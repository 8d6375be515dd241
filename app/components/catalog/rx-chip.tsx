/** The prescription-only mark on cards and product pages ("Rx Only" everywhere, one rule). */
export function RxChip({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ${className}`}
      title="A valid prescription is required"
    >
      Rx Only
    </span>
  );
}
