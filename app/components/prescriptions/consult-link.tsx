/**
 * "Consult a doctor" where a product needs a prescription (issue 32, decisions/058): a partner's
 * service (CONSULT_URL), opened in a new tab; the shop sends the partner nothing. Absent when the
 * setting is unset.
 */
import { useTextOr } from "~/lib/api-text";

export function ConsultDoctorLink({ url, className = "" }: { url: string | null; className?: string }) {
  const text = useTextOr();
  if (!url) return null;
  return (
    <p className={`text-sm ${className}`}>
      {text("orders.consultBefore", "No prescription? ")}
      <a href={url} target="_blank" rel="noopener" className="font-semibold underline">
        {text("orders.consult", "Consult a doctor")}
        <span aria-hidden> ↗</span>
        <span className="sr-only">{text("orders.newTab", " (opens in a new tab)")}</span>
      </a>
      {text("orders.consultAfter", " online through our partner's service. It is theirs, not ours: we send them nothing about you or your cart.")}
    </p>
  );
}
