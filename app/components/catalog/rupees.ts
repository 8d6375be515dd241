/**
 * "₹1,23,456.5" from rupees, exactly as common/money.ts's formatRupees (Intl, en-IN) prints it,
 * without Intl: creating an Intl.NumberFormat costs ~35 ms of a phone's main thread, inside the
 * listing's hydration task.
 */
export function rupees(amount: number): string {
  const paise = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(paise / 100));
  const cents = paise % 100;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ",")},${last3}` : last3;
  const fraction = cents === 0 ? "" : cents % 10 === 0 ? `.${cents / 10}` : `.${String(cents).padStart(2, "0")}`;
  return `${amount < 0 ? "-" : ""}₹${grouped}${fraction}`;
}
