// Plain form checks both sides share: the browser runs them before a form is sent (no validation
// library in any browser bundle, decisions/016), and the server's zod schemas (server/schemas/)
// call the same functions, so each rule and its message exist once.

/** `{ field: message }`: the first problem of each field, shown beside its input. */
export type FieldErrors = Record<string, string>;

/** A rule's verdict on one value: the message to show, or undefined when the value is fine. */
export type Problem = string | undefined;

/** Either the cleaned values, or the first problem of each field. */
export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A form field's text ("" for an absent field or a file). */
export function formText(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  return typeof value === "string" ? value : "";
}

/** The first problem of each field, in the fields' order; undefined problems are dropped. */
export function firstProblems(problems: Record<string, Problem>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(problems)) if (message !== undefined) errors[field] = message;
  return errors;
}

/** `{ ok: true, data }` when no field has a problem. */
export function checked<T>(data: T, problems: Record<string, Problem>): Checked<T> {
  const errors = firstProblems(problems);
  return Object.keys(errors).length === 0 ? { ok: true, data } : { ok: false, errors };
}

/**
 * The address shape zod's `z.email()` accepts (its default pattern, copied here so the browser
 * does not load zod to apply it): dotted local parts, no leading, trailing or double dots, a
 * domain of labels ending in two or more letters.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MAX = 254;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Trimmed and lower-cased, so "A@X.in " and "a@x.in" are one address. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** True when a text holds a NUL character (PostgreSQL text cannot store one). */
export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}
