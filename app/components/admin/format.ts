/** The spec's short order id: its first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
