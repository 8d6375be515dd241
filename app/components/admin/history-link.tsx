import { History } from "lucide-react";
import { Link } from "react-router";

/** "History": the audit log filtered to one record (a product, an order, a user; decisions/033). */
export function HistoryLink({ entity, entityId, name }: { entity: string; entityId: string; name: string }) {
  return (
    <Link
      to={`/admin/audit?${new URLSearchParams({ entity, entityId })}`}
      aria-label={`History of ${name}`}
      className="inline-flex items-center gap-1 rounded-md border border-gray-400 bg-white px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100"
    >
      <History className="h-4 w-4" aria-hidden /> History
    </Link>
  );
}
