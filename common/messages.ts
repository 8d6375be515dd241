// Texts shown to shoppers that both the browser and the server use, kept free of any library
// so that importing one costs a few bytes.
export const EMAIL_MESSAGES = {
  required: "Email is required",
  invalid: "Please enter a valid email address",
} as const;

export const NEWSLETTER_MESSAGES = {
  /** The answer to a sign-up: nothing is subscribed until the emailed link is opened (double opt-in). */
  checkInbox: "Almost there! Please check your inbox and open the link we sent to confirm your subscription.",
  /** Shown by the confirmation link. */
  subscribed: "Successfully subscribed to the newsletter!",
  alreadySubscribed: "Email is already subscribed",
  invalidLink: "This confirmation link is invalid or has expired. Please subscribe again to get a new one.",
} as const;

/** A refusal by a rate limit: "Too many requests. Please try again in 10 minutes." */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export const CONTACT_THANK_YOU = "Thank you for your message! We will respond shortly.";

/** A refused body with no field named (invalidInputReply's fallback; issue 19: never "Invalid input"). */
export const CHECK_DETAILS_MESSAGE = "Some details are missing or not valid. Please check them and try again.";
