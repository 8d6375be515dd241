-- Cash on delivery confirmed or released (issue 26 item 3, decisions/044): a COD order must be
-- confirmed (by the shopper on the order page, or by the staff) before cod_confirm_by, or the job
-- runner cancels it and puts its stock back. Every order keeps the delivery dates promised for its
-- PIN code when it was placed, for the confirmation page and emails.
ALTER TABLE "orders" ADD COLUMN "delivery_from" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_to" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_by" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_by" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirmed_by_check" CHECK ("cod_confirmed_by" in ('customer', 'staff'));
--> statement-breakpoint
-- COD orders placed before this migration were never asked to confirm: they stand as confirmed.
UPDATE "orders" SET "cod_confirmed_at" = "created_at", "cod_confirmed_by" = 'staff' WHERE "payment_method" = 'cod';
--> statement-breakpoint
CREATE INDEX "orders_cod_confirm_by_idx" ON "orders" ("cod_confirm_by") WHERE "cod_confirmed_at" is null;
