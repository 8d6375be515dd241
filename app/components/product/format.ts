// Indian dates, the same on the server and in the browser (fixed time zone, so hydration matches).
const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });

export function formatDate(iso: string): string {
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
