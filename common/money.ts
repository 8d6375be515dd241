/** Money is integer paise inside the shop; rupees appear only at the edges (JSON, display). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "₹1,23,456.5" — Indian digit grouping, paise only when there are any. */
export function formatRupees(paise: number): string {
  return inr.format(paiseToRupees(paise));
}
