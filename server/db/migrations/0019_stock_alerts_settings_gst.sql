-- Stock alerts, shop settings and the GST reform of 22 September 2025 (issue 17 items 6 and 9,
-- decisions/031). A product's own low-stock threshold (null: the shop's default); one row of
-- settings (the default threshold, the dispatch cut-off; null cut-off: the configured one); one
-- row per daily job and IST day, claimed before the job runs, so it runs once per day whatever
-- the number of processes or restarts.
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_check" CHECK ("low_stock_threshold" is null or ("low_stock_threshold" >= 0 and "low_stock_threshold" <= 100000));
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_stock_threshold" integer DEFAULT 10 NOT NULL,
	"dispatch_cutoff" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row_check" CHECK ("id" = 1),
	CONSTRAINT "shop_settings_threshold_check" CHECK ("low_stock_threshold" >= 0 and "low_stock_threshold" <= 100000),
	CONSTRAINT "shop_settings_cutoff_check" CHECK ("dispatch_cutoff" is null or "dispatch_cutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
INSERT INTO "shop_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "daily_job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"detail" jsonb,
	CONSTRAINT "daily_job_runs_pk" PRIMARY KEY ("job", "day")
);
--> statement-breakpoint
-- GST slabs 0/5/18/40 from 22 September 2025: the reform's general mapping moves 12% to 5% and
-- 28% to 18%. It is product-specific in law, so every product moved gets an audit row (the admin
-- sees them under the product and on the settings page) to be checked by hand.
INSERT INTO "audit_log" ("id", "actor_id", "actor_name", "actor_role", "action", "entity", "entity_id", "before", "after")
SELECT gen_random_uuid()::text, NULL, 'GST reform migration', 'system', 'product.gst_reform', 'product', "id",
	jsonb_build_object('gstRate', "gst_rate_bps" / 100, 'name', "name", 'sku', "sku"),
	jsonb_build_object('gstRate', CASE "gst_rate_bps" WHEN 1200 THEN 5 ELSE 18 END, 'name', "name", 'sku', "sku")
FROM "products" WHERE "gst_rate_bps" IN (1200, 2800);
--> statement-breakpoint
UPDATE "products" SET "gst_rate_bps" = CASE "gst_rate_bps" WHEN 1200 THEN 500 ELSE 1800 END, "updated_at" = now()
WHERE "gst_rate_bps" IN (1200, 2800);
