import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { useLocalePath, useT } from "~/lib/i18n";

/** Back to where the shopper came from (keeping their filters); to the shop when they arrived here directly. */
export function BackButton() {
  const navigate = useNavigate();
  const t = useT();
  const lp = useLocalePath();
  return (
    <Link
      to={lp("/collections/all")}
      onClick={(event) => {
        // React Router numbers its history entries: idx 0 is the first page of this visit.
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t("product.back")}
    </Link>
  );
}
