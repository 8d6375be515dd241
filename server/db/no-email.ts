/**
 * Accounts made by phone have no email (decisions/050), but Better Auth's user table needs a
 * unique one. They get `phone-<random>@no-email.invalid`: `.invalid` can never be delivered
 * (RFC 2606). The address is the shop's own bookkeeping: every answer shows `email: null` for it
 * (`shownEmail`), and the outbox never queues an email to it (email/outbox.ts).
 */
export const NO_EMAIL_DOMAIN = "no-email.invalid";

export function placeholderEmail(): string {
  return `phone-${crypto.randomUUID()}@${NO_EMAIL_DOMAIN}`;
}

export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
}

/** The email as answers show it: null for an account made by phone that has not added one. */
export function shownEmail(email: string): string | null {
  return isPlaceholderEmail(email) ? null : email;
}
