// Query words of the order lists, the shopper's and the staff's alike.

/** `?include=expired` (a list that hides unpaid attempts by default shows them too, decisions/024). */
export function includesExpired(value: unknown): boolean {
  const values = Array.isArray(value) ? value : [value];
  return values.some((item) => typeof item === "string" && item.split(",").some((part) => part.trim().toLowerCase() === "expired"));
}
