-- "Notify me when back in stock" (issue 19; docs/decisions/027): one row per request. A request
-- is pending until its one email is queued (notified_at). The trigger marks a product's pending
-- requests due in the very transaction that brings it back (stock from 0 to more, or published
-- again with stock), whichever code changes the stock; the back-in-stock sender then queues one
-- email per due request and marks it notified under the row's lock.
CREATE TABLE "stock_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "stock_notifications_email_check" CHECK ("stock_notifications"."email" = lower("stock_notifications"."email") and length("stock_notifications"."email") <= 254)
);
--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notifications_pending_idx" ON "stock_notifications" USING btree ("product_id","email") WHERE "stock_notifications"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_notifications_due_idx" ON "stock_notifications" USING btree ("due_at") WHERE "stock_notifications"."notified_at" is null and "stock_notifications"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "stock_notifications_user_idx" ON "stock_notifications" USING btree ("user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_notifications_due() RETURNS trigger AS $$
BEGIN
  UPDATE stock_notifications SET due_at = now()
  WHERE product_id = NEW.id AND notified_at IS NULL AND due_at IS NULL;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_back_in_stock_trigger
  AFTER UPDATE OF stock, published ON products
  FOR EACH ROW
  WHEN (NEW.stock > 0 AND NEW.published AND (OLD.stock <= 0 OR NOT OLD.published))
  EXECUTE FUNCTION stock_notifications_due();
