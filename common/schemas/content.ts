// zod/mini: these schemas ship to the browser with the footer on every page, so they must stay small.
import * as z from "zod/mini";

const email = z.string({ error: "Email is required" }).check(
  z.trim(),
  z.minLength(1, "Email is required"),
  z.maxLength(254, "Please enter a valid email address"),
  z.email("Please enter a valid email address"),
);

const requiredText = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} is too long (${max} characters at most)`),
    z.regex(/^[^\u0000]*$/, `${label} contains characters that are not allowed`),
  );

export const subscribeSchema = z.object({ email });

export const contactSchema = z.object({
  name: requiredText("Name", 120),
  email,
  message: requiredText("Message", 5000),
});

export type ContactInput = z.infer<typeof contactSchema>;

export const NEWSLETTER_MESSAGES = {
  subscribed: "Successfully subscribed to the newsletter!",
  alreadySubscribed: "Email is already subscribed",
} as const;

export const CONTACT_THANK_YOU = "Thank you for your message! We will respond shortly.";
