// Indian dates, the same on the server and in the browser (fixed time zone, so hydration matches).
// Created on first use: dates sit in tabs that are closed on arrival, and Intl is slow to start.
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
  return dateFormat.format(new Date(iso));
}

/** "women-care" → "Women Care". */
export function collectionName(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}
