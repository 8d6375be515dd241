-- Coupons (issue 15, decisions/025): the codes admins manage, every use of one (reserved at
-- checkout, confirmed at payment or COD placement, released on expiry or cancellation), the
-- coupon a cart holds, the coupon and per-line discount an order was placed with, and the
-- newsletter's unsubscribe token.
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"percent_bps" integer,
	"amount_paise" integer,
	"max_discount_paise" integer,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"include_rx" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"issued_to_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_check" CHECK ("code" = upper("code") and "code" ~ '^[A-Z0-9_-]{3,32}$'),
	CONSTRAINT "coupons_type_check" CHECK (("type" = 'percent' and "percent_bps" between 1 and 10000 and "amount_paise" is null) or ("type" = 'fixed' and "amount_paise" > 0 and "percent_bps" is null)),
	CONSTRAINT "coupons_limits_check" CHECK ("min_order_paise" >= 0 and ("max_discount_paise" is null or "max_discount_paise" > 0) and ("usage_limit" is null or "usage_limit" > 0) and ("per_customer_limit" is null or "per_customer_limit" > 0)),
	CONSTRAINT "coupons_window_check" CHECK ("starts_at" is null or "ends_at" is null or "starts_at" < "ends_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_issued_to_email_idx" ON "coupons" USING btree ("issued_to_email") WHERE "issued_to_email" is not null;
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL REFERENCES "coupons"("id") ON DELETE restrict,
	"user_id" text REFERENCES "user"("id") ON DELETE set null,
	"email" text NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"status" text DEFAULT 'reserved' NOT NULL,
	"discount_paise" integer NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_status_check" CHECK ("status" in ('reserved', 'confirmed', 'released')),
	CONSTRAINT "coupon_redemptions_discount_check" CHECK ("discount_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id", "status");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_email_idx" ON "coupon_redemptions" USING btree ("email");
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "coupon_id" text REFERENCES "coupons"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_check" CHECK ("discount_paise" >= 0 and "discount_paise" <= "unit_price_paise" * "quantity");
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribe_token" text;
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_unsubscribe_token_idx" ON "newsletter_subscribers" USING btree ("unsubscribe_token");
