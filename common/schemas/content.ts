import { z } from "zod";

const email = z
  .string({ message: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ message: "Please enter a valid email address" }));

export const subscribeSchema = z.object({ email });

export const contactSchema = z.object({
  name: z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(120, "Name is too long"),
  email,
  message: z
    .string({ message: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message is too long (5000 characters at most)"),
});

export type ContactInput = z.infer<typeof contactSchema>;

export const NEWSLETTER_MESSAGES = {
  subscribed: "Successfully subscribed to the newsletter!",
  alreadySubscribed: "Email is already subscribed",
} as const;

export const CONTACT_THANK_YOU = "Thank you for your message! We will respond shortly.";
