-- Double opt-in: a subscriber is confirmed by a link emailed to the address. Rows from before
-- this migration subscribed under the old single opt-in and count as confirmed.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_confirmation_token_hash_unique" UNIQUE("confirmation_token_hash");
