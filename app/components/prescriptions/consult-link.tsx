/**
 * "Consult a doctor" where a product needs a prescription (issue 32, decisions/058): a partner's
 * service (CONSULT_URL), opened in a new tab; the shop sends the partner nothing. Absent when the
 * setting is unset.
 */
export function ConsultDoctorLink({ url, className = "" }: { url: string | null; className?: string }) {
  if (!url) return null;
  return (
    <p className={`text-sm ${className}`}>
      No prescription?{" "}
      <a href={url} target="_blank" rel="noopener" className="font-semibold underline">
        Consult a doctor<span aria-hidden> ↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>{" "}
      online through our partner's service. It is theirs, not ours: we send them nothing about you or your cart.
    </p>
  );
}
