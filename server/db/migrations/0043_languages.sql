-- Hindi (issue 34, decisions/063). Products may carry text in Hindi, `i18n = { hi: { name, … } }`,
-- English where a field is missing; a shopper's language (the pages they last used) is kept on the
-- account and on each order, and chooses the language of their emails, SMS and WhatsApp messages.
ALTER TABLE "products" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_language_check" CHECK ("user"."language" in ('en', 'hi'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_check" CHECK ("orders"."language" in ('en', 'hi'));
