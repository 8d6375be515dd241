/** Money is integer paise inside the shop; rupees appear only at the edges (JSON, display). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * "₹1,23,456.5" from rupees: Indian digit grouping, paise only when there are any — what
 * `Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 2 })`
 * prints (a test holds them equal), without Intl: creating that formatter costs a phone about
 * 35 ms of main thread, inside the hydration of every page that shows a price.
 */
export function formatRupeeAmount(amount: number): string {
  const paise = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(paise / 100));
  const cents = paise % 100;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ",")},${last3}` : last3;
  const fraction = cents === 0 ? "" : cents % 10 === 0 ? `.${cents / 10}` : `.${String(cents).padStart(2, "0")}`;
  return `${amount < 0 && paise > 0 ? "-" : ""}₹${grouped}${fraction}`;
}

/** "₹1,23,456.5" from integer paise. */
export function formatRupees(paise: number): string {
  return formatRupeeAmount(paiseToRupees(paise));
}
