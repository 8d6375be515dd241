-- Prescriptions (issue 13, decisions/019 and 020): a drug schedule per product, private
-- prescription files, the prescriptions an order was placed with, and the pharmacist's decision.
ALTER TABLE "user" DROP CONSTRAINT "user_role_check";
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_check" CHECK ("role" in ('customer', 'pharmacist', 'admin'));
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "pharmacist_registration" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "schedule" text DEFAULT 'OTC' NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "schedule" = 'H' WHERE "prescription_required";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_schedule_check" CHECK ("schedule" in ('OTC', 'H', 'H1', 'X'));
--> statement-breakpoint
-- prescriptionRequired follows from the schedule; the column stays for the catalogue's filters.
ALTER TABLE "products" ADD CONSTRAINT "products_schedule_rx_check" CHECK ("prescription_required" = ("schedule" <> 'OTC'));
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "schedule" text DEFAULT 'OTC' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_schedule_check" CHECK ("schedule" in ('OTC', 'H', 'H1', 'X'));
--> statement-breakpoint
-- A prescription outlives its uploader's account (user_id set null): the law keeps the record.
CREATE TABLE "prescriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"patient_name" text,
	"doctor_name" text,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "prescriptions_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "prescriptions_user_idx" ON "prescriptions" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "prescriptions_status_idx" ON "prescriptions" USING btree ("status","created_at");
--> statement-breakpoint
-- Restrict on both sides: neither an order nor a prescription it was placed with can be erased.
CREATE TABLE "order_prescriptions" (
	"order_id" text NOT NULL,
	"prescription_id" text NOT NULL,
	CONSTRAINT "order_prescriptions_pk" PRIMARY KEY("order_id","prescription_id")
);
--> statement-breakpoint
ALTER TABLE "order_prescriptions" ADD CONSTRAINT "order_prescriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_prescriptions" ADD CONSTRAINT "order_prescriptions_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_prescriptions_prescription_idx" ON "order_prescriptions" USING btree ("prescription_id");
--> statement-breakpoint
-- The pharmacist's decision on an order with prescription-only lines (null: no such lines).
ALTER TABLE "orders" ADD COLUMN "prescription_status" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prescription_status_check" CHECK ("prescription_status" in ('pending', 'approved', 'rejected'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription_reviewed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription_reviewer_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prescription_reviewer_id_user_id_fk" FOREIGN KEY ("prescription_reviewer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription_reviewer_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription_reviewer_registration" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescriber_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescriber_registration" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription_reject_reason" text;
--> statement-breakpoint
CREATE INDEX "orders_prescription_status_idx" ON "orders" USING btree ("prescription_status","created_at");
