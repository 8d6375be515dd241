const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export interface Limit {
  /** Requests (or, for sign-in, failures) allowed per window and subject; the next is refused. */
  max: number;
  windowMs: number;
  /** What the count is kept per: a client address, an email address or a user. */
  per: "address" | "email" | "user";
}

/**
 * Every limit on writes a stranger can make, in one place (decisions/012). Addresses are the
 * client address Express resolves under TRUST_PROXY; many shoppers in India share one behind
 * carrier NAT, so the per-address limits leave room for a household or an office.
 */
export const LIMITS = {
  /** Wrong passwords for one account, from anywhere. */
  signInFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE, per: "email" },
  /** Wrong passwords from one address, over every account. */
  signInFailuresPerAddress: { max: 30, windowMs: 15 * MINUTE, per: "address" },
  registrationsPerAddress: { max: 10, windowMs: HOUR, per: "address" },
  contactMessagesPerAddress: { max: 5, windowMs: 10 * MINUTE, per: "address" },
  newsletterRequestsPerAddress: { max: 10, windowMs: HOUR, per: "address" },
  /** Confirmation emails to one address (the first and the resends). */
  newsletterEmailsPerAddress: { max: 3, windowMs: HOUR, per: "email" },
  guestCartsPerAddress: { max: 30, windowMs: HOUR, per: "address" },
  reviewsPerUser: { max: 10, windowMs: HOUR, per: "user" },
  /** "Complete payment" (POST /api/orders/:id/pay): each makes a provider order; a reservation lasts 30 minutes. */
  paymentRetriesPerUser: { max: 10, windowMs: 30 * MINUTE, per: "user" },
  /** "Forgot password?" requests from one address, over every email (decisions/023). */
  passwordResetsPerAddress: { max: 10, windowMs: HOUR, per: "address" },
  /** Reset emails asked for one address, known or not (the answer is the same either way). */
  passwordResetsPerEmail: { max: 3, windowMs: HOUR, per: "email" },
  /** Verification emails a signed-in customer asks again for (and email changes, each one emails). */
  verificationEmailsPerUser: { max: 3, windowMs: HOUR, per: "user" },
  /** Password checks of a signed-in customer: password change, email change, account deletion. */
  passwordChecksPerUser: { max: 10, windowMs: 15 * MINUTE, per: "user" },
  /** Prescription files (each up to 10 MB, re-encoded): enough for a family's, not for filling the disk. */
  prescriptionUploadsPerUser: { max: 20, windowMs: HOUR, per: "user" },
  /** Coupon codes tried in a cart (POST /api/cart/coupon): enough for a shopper's typos, not for guessing codes. */
  couponAttemptsPerAddress: { max: 30, windowMs: 15 * MINUTE, per: "address" },
  couponAttemptsPerUser: { max: 10, windowMs: 15 * MINUTE, per: "user" },
  /** "Notify me when back in stock" requests from one client address (decisions/027). */
  backInStockRequestsPerAddress: { max: 20, windowMs: HOUR, per: "address" },
  /** Requests naming one email address, from anywhere: nobody signs a stranger up for many emails. */
  backInStockRequestsPerEmail: { max: 10, windowMs: HOUR, per: "email" },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;
