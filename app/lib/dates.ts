// Indian dates and times, the same on the server and in the browser (a fixed time zone, so
// hydration matches). Each format is built on first use: Intl is slow to start on a phone.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(key: string, options: Intl.DateTimeFormatOptions, value: string | Date): string {
  let formatter = formats.get(key);
  if (!formatter) formats.set(key, (formatter = new Intl.DateTimeFormat("en-IN", { ...options, timeZone: "Asia/Kolkata" })));
  return formatter.format(new Date(value));
}

/** "21 Nov 2026, 6:15 pm". */
export const formatDateTime = (value: string | Date) =>
  format("date-time", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }, value);

/** "21 Nov 2026". */
export const formatShortDate = (value: string | Date) => format("short-date", { day: "numeric", month: "short", year: "numeric" }, value);

/** "21 November 2026". */
export const formatLongDate = (value: string | Date) => format("long-date", { day: "numeric", month: "long", year: "numeric" }, value);

/** "3:45 pm" (India's time). */
export const formatTime = (value: string | Date) => format("time", { hour: "numeric", minute: "2-digit" }, value);
