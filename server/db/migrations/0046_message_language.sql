-- Messages in the shopper's language (issue 34 item 5, decisions/064). Each queued SMS or WhatsApp
-- message keeps the language it was written in when it was queued (the order's, or the account's
-- for refills and orders by prescription): the dispatcher sends it with that language's MSG91 flow
-- or WhatsApp template. Rows queued before this are English.
ALTER TABLE "outbound_messages" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_language_check" CHECK ("outbound_messages"."language" in ('en', 'hi'));
