/** The heading row of an admin page: title, optional count or hint, and actions on the right. */
export function AdminPageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

export const ADMIN_MAIN = "mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-8";
// `relative`: visually hidden labels inside a wide table stay inside its scroll box instead of widening a phone's page.
export const TABLE_WRAP = "relative mt-4 overflow-x-auto rounded-lg border border-gray-200 bg-white";
// `stack-table` (app/app.css): below 640 px each row becomes a card, its cells captioned by their `data-label`.
export const TABLE = "stack-table w-full text-left text-sm";
export const THEAD = "bg-gray-50 text-xs font-semibold uppercase tracking-wide text-gray-700";
export const TH = "px-4 py-3";
export const TD = "px-4 py-3 align-middle";
export const BUTTON_PRIMARY =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70";
export const BUTTON_SECONDARY =
  "inline-flex items-center justify-center gap-2 rounded-md border border-gray-400 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-70";
export const INPUT = "block w-full rounded-md border border-gray-400 px-3 py-2 text-base aria-[invalid=true]:border-red-600";

/** An empty list or a failure, in the table's place. */
export function EmptyState({ children, error = false }: { children: React.ReactNode; error?: boolean }) {
  return (
    <p
      role={error ? "alert" : undefined}
      className={`mt-4 rounded-lg border border-dashed px-4 py-8 text-center ${
        error ? "border-red-300 bg-red-50 text-red-800" : "border-gray-300 bg-white text-gray-700"
      }`}
    >
      {children}
    </p>
  );
}
