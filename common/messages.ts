// Texts shown to shoppers that both the browser and the server use, kept free of any library
// so that importing one costs a few bytes.
export const EMAIL_MESSAGES = {
  required: "Email is required",
  invalid: "Please enter a valid email address",
} as const;

export const NEWSLETTER_MESSAGES = {
  subscribed: "Successfully subscribed to the newsletter!",
  alreadySubscribed: "Email is already subscribed",
} as const;

export const CONTACT_THANK_YOU = "Thank you for your message! We will respond shortly.";
