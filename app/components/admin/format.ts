const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});
const dateOnly = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** "21 Nov 2026, 6:15 pm" in India time, the same on the server and in the browser. */
export function formatDateTime(iso: string | Date): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string | Date): string {
  return dateOnly.format(new Date(iso));
}

/** The spec's short order id: its first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
