/**
 * Invoice amounts: always two decimals with Indian digit grouping ("1,23,456.50"), no Intl (this
 * module is also used by the invoice page in the browser). Integer paise in, text out.
 */
export function formatAmount(paise: number): string {
  const negative = paise < 0;
  const abs = Math.abs(Math.round(paise));
  const rupees = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, "0");
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${negative ? "-" : ""}${rest ? `${rest},${last3}` : last3}.${fraction}`;
}

/** "₹1,23,456.50" */
export function formatInvoiceRupees(paise: number): string {
  const text = formatAmount(paise);
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** "5%" from basis points; "12.5%" when not whole. */
export function formatRate(bps: number): string {
  return `${bps / 100}%`;
}

/** "21 Nov 2026" for an ISO date or timestamp, in India Standard Time. */
export function formatInvoiceDate(iso: string): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const moment = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : new Date(new Date(iso).getTime() + 330 * 60_000);
  return `${moment.getUTCDate()} ${months[moment.getUTCMonth()]} ${moment.getUTCFullYear()}`;
}
