// The shop's one clock for people (decisions/030): every date shown (pages, admin, emails,
// invoices, CSV file names, order numbers) is India Standard Time, and every "day" (today's sales,
// date filters, an order number's date) is an IST day. IST is UTC+05:30 all year (no daylight
// saving), so plain arithmetic is exact; written out rather than with Intl so the server and every
// browser print the same text (hydration) and a phone does not pay for building a formatter.

/** The shop's time zone, for SQL (`at time zone`) and anything else that names it. */
export const SHOP_TIME_ZONE = "Asia/Kolkata";

/** India Standard Time is UTC+05:30. */
export const IST_OFFSET_MS = 330 * 60 * 1000;

const DAY_MS = 86_400_000;
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * The instant as India's wall clock, in a Date whose UTC fields read IST. A bare calendar date
 * ("2027-03-31", an expiry or a chosen day) is that day in India, whatever the instant.
 */
function istClock(value: string | Date): Date {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  return new Date(new Date(value).getTime() + IST_OFFSET_MS);
}

/** "24 Nov 2026" (an instant in India, or a calendar date as it is). */
export function formatShortDate(value: string | Date): string {
  const at = istClock(value);
  return `${at.getUTCDate()} ${SHORT_MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** "Mar 2027": a batch's expiry month (a calendar date, or an instant in India). */
export function formatMonthYear(value: string | Date): string {
  const at = istClock(value);
  return `${SHORT_MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** "24 November 2026". */
export function formatLongDate(value: string | Date): string {
  const at = istClock(value);
  return `${at.getUTCDate()} ${LONG_MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** "1:38 am" in India. */
export function formatTime(value: string | Date): string {
  const at = istClock(value);
  const hours = at.getUTCHours();
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(at.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "am" : "pm"}`;
}

/** "24 Nov 2026, 1:38 am" in India. */
export function formatDateTime(value: string | Date): string {
  return `${formatShortDate(value)}, ${formatTime(value)}`;
}

/** The Indian calendar day an instant falls on, "YYYY-MM-DD" (file names, filters, the sales chart). */
export function istDay(at: Date = new Date()): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an Indian calendar day ("YYYY-MM-DD") begins; the next day's start ends it. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The Indian calendar day `days` after (or before, when negative) `day`. */
export function addIstDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** "2026-12-01T09:30", India's wall clock for a datetime-local input. */
export function istDateTimeLocal(value: string | Date): string {
  return istClock(value).toISOString().slice(0, 16);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** "2025-11-27" → "Thu, 27 Nov" (a calendar date in India; no time zone arithmetic needed). */
export function formatDeliveryDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${SHORT_MONTHS[day.getUTCMonth()]}`;
}

/** "Delivery by Thu, 27 Nov" from the latest date of the window. */
export function deliveryByText(estimatedDelivery: { to: string }): string {
  return `Delivery by ${formatDeliveryDate(estimatedDelivery.to)}`;
}
