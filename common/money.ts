/** Money is integer paise inside the shop; rupees appear only at the edges (JSON, display). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * "₹1,23,456.50" from rupees: Indian digit grouping; whole rupees without decimals ("₹249"),
 * any paise always as two digits ("₹348.30", never "₹348.3") — what Intl's en-IN rupee format
 * prints with 0 or 2 fraction digits (a test holds them equal), without Intl: creating that
 * formatter costs a phone about 35 ms of main thread, inside the hydration of every page that
 * shows a price.
 */
export function formatRupeeAmount(amount: number): string {
  const paise = Math.round(Math.abs(amount) * 100);
  const cents = paise % 100;
  const fraction = cents === 0 ? "" : `.${String(cents).padStart(2, "0")}`;
  return `${amount < 0 && paise > 0 ? "-" : ""}₹${groupIndian(Math.floor(paise / 100))}${fraction}`;
}

/** "1,23,456": the last three digits, then groups of two. */
export function groupIndian(whole: number): string {
  const digits = String(whole);
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ",")},${last3}` : last3;
}

/** "₹1,23,456.50" from integer paise ("₹249" when there are no paise). */
export function formatRupees(paise: number): string {
  return formatRupeeAmount(paiseToRupees(paise));
}

/**
 * "1,23,456.50" from integer paise: always two decimals, as a tax invoice prints every amount
 * (the invoice page and its PDF).
 */
export function formatAmount(paise: number): string {
  const abs = Math.abs(Math.round(paise));
  return `${paise < 0 ? "-" : ""}${groupIndian(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** "₹1,23,456.50" from integer paise, always two decimals (the invoice's amounts). */
export function formatInvoiceRupees(paise: number): string {
  const text = formatAmount(paise);
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}
