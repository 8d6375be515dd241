const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export interface Limit {
  /** Requests (or, for sign-in, failures) allowed per window and subject; the next is refused. */
  max: number;
  windowMs: number;
  /** What the count is kept per: a client address, an email address, a user, or an account and address pair. */
  per: "address" | "email" | "user" | "account-address" | "phone";
}

/**
 * Every limit on writes a stranger can make, in one place (decisions/012, 042). Addresses are the
 * client address Express resolves under TRUST_PROXY. Indian mobile networks put thousands of
 * shoppers behind one address (carrier NAT), so the tight limits are per account, per email and
 * per user, and the per-address ones are generous backstops against a single machine's flood
 * (decisions/042): none of them is measured traffic, each is set well above what one busy
 * shared address should send.
 */
export const LIMITS = {
  /** Wrong passwords for one account from one address: the only sign-in refusal a guess can cause. */
  signInFailuresPerAccountAndAddress: { max: 10, windowMs: 15 * MINUTE, per: "account-address" },
  /**
   * Wrong passwords for one account, from anywhere: past this, every password check of the account
   * is slowed (SLOWED_SIGN_IN_MS in users/accounts.ts), never refused, so a stranger cannot lock
   * its owner out.
   */
  signInFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE, per: "email" },
  /** Wrong passwords from one address, over every account. */
  signInFailuresPerAddress: { max: 300, windowMs: 15 * MINUTE, per: "address" },
  /**
   * Wrong two-factor codes at sign-in for one account (decisions/051), from anywhere: whoever asks
   * here knows the password already. Each challenge is voided after 5 wrong codes as well.
   */
  twoFactorFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE, per: "user" },
  /** Wrong two-factor codes and unknown challenges from one address, over every account. */
  twoFactorFailuresPerAddress: { max: 300, windowMs: 15 * MINUTE, per: "address" },
  /** Two-factor set-up, turning it on and off by a signed-in account: each checks a password or a code. */
  twoFactorChecksPerUser: { max: 10, windowMs: 15 * MINUTE, per: "user" },
  registrationsPerAddress: { max: 200, windowMs: HOUR, per: "address" },
  /** Sign-ups naming one email (each answers whether it has an account, and emails it). */
  registrationsPerEmail: { max: 3, windowMs: HOUR, per: "email" },
  contactMessagesPerAddress: { max: 50, windowMs: 10 * MINUTE, per: "address" },
  /** Messages signed with one email address. */
  contactMessagesPerEmail: { max: 5, windowMs: 10 * MINUTE, per: "email" },
  newsletterRequestsPerAddress: { max: 100, windowMs: HOUR, per: "address" },
  /** Confirmation emails to one address (the first and the resends). */
  newsletterEmailsPerAddress: { max: 3, windowMs: HOUR, per: "email" },
  /** Guest carts a client address creates (a guest has no account to count by). */
  guestCartsPerAddress: { max: 300, windowMs: HOUR, per: "address" },
  reviewsPerUser: { max: 10, windowMs: HOUR, per: "user" },
  /** "Complete payment" (POST /api/orders/:id/pay): each makes a provider order; a reservation lasts 30 minutes. */
  paymentRetriesPerUser: { max: 10, windowMs: 30 * MINUTE, per: "user" },
  /** "Forgot password?" requests from one address, over every email (decisions/023). */
  passwordResetsPerAddress: { max: 100, windowMs: HOUR, per: "address" },
  /** Reset emails asked for one address, known or not (the answer is the same either way). */
  passwordResetsPerEmail: { max: 3, windowMs: HOUR, per: "email" },
  /** Verification emails a signed-in customer asks again for (and email changes, each one emails). */
  verificationEmailsPerUser: { max: 3, windowMs: HOUR, per: "user" },
  /** Password checks of a signed-in customer: password change, email change, account deletion. */
  passwordChecksPerUser: { max: 10, windowMs: 15 * MINUTE, per: "user" },
  /** Prescription files (each up to 10 MB, re-encoded): enough for a family's, not for filling the disk. */
  prescriptionUploadsPerUser: { max: 20, windowMs: HOUR, per: "user" },
  /** Coupon codes tried in carts from one address: a backstop; the cart's own limits below are the tight ones. */
  couponAttemptsPerAddress: { max: 300, windowMs: 15 * MINUTE, per: "address" },
  /** Coupon codes tried by one customer: enough for a shopper's typos, not for guessing codes. */
  couponAttemptsPerUser: { max: 10, windowMs: 15 * MINUTE, per: "user" },
  /** Coupon codes tried in one guest's cart. */
  couponAttemptsPerGuest: { max: 10, windowMs: 15 * MINUTE, per: "user" },
  /** "Notify me when back in stock" requests from one client address (decisions/027). */
  backInStockRequestsPerAddress: { max: 100, windowMs: HOUR, per: "address" },
  /** Requests naming one email address, from anywhere: nobody signs a stranger up for many emails. */
  backInStockRequestsPerEmail: { max: 10, windowMs: HOUR, per: "email" },
  /**
   * One-time codes sent to one mobile number (decisions/050), for sign-in or adding it to an
   * account, whoever asks: each is a paid SMS and a message on someone's phone.
   */
  phoneCodesPerNumber: { max: 5, windowMs: HOUR, per: "phone" },
  /** Codes asked for from one client address, over every number (carrier NAT: generous). */
  phoneCodesPerAddress: { max: 100, windowMs: HOUR, per: "address" },
  /** Codes a signed-in account asks for to add or change its number. */
  phoneCodesPerUser: { max: 10, windowMs: HOUR, per: "user" },
  /** Codes tried from one client address, over every number: each code allows 5 tries of its own. */
  phoneCodeChecksPerAddress: { max: 300, windowMs: 15 * MINUTE, per: "address" },
  /** Shiprocket's tracking webhooks (and anyone posting to its address) from one client address: many parcels report at once, a flood does not pass. */
  shippingWebhooksPerAddress: { max: 600, windowMs: MINUTE, per: "address" },
  /** PIN checks that ask Shiprocket (a PIN not asked about in the last day) from one client address; past it, the uploaded list answers. */
  courierChecksPerAddress: { max: 300, windowMs: HOUR, per: "address" },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;
