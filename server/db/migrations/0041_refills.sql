-- Subscribe and refill (issue 32, decisions/057). A refill orders the same lines every 30, 60 or
-- 90 days; `refill_runs` holds one row per refill and date, its primary key the guarantee that a
-- date is ordered once however many processes run the job. `prescription_covers` is what the
-- pharmacist recorded, when approving, of how much of each medicine a prescription covers and
-- until when: refill orders never go beyond it.
CREATE TABLE "refills" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"every_days" integer NOT NULL,
	"next_order_on" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text NOT NULL,
	"address_id" text,
	"address" jsonb NOT NULL,
	"prescription_id" text,
	"last_order_id" text,
	"notice" text,
	"reminded_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refills_every_days_check" CHECK ("refills"."every_days" in (30, 60, 90)),
	CONSTRAINT "refills_status_check" CHECK ("refills"."status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "refills_payment_method_check" CHECK ("refills"."payment_method" in ('razorpay', 'cod'))
);
--> statement-breakpoint
ALTER TABLE "refills" ADD CONSTRAINT "refills_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refills" ADD CONSTRAINT "refills_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refills" ADD CONSTRAINT "refills_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refills" ADD CONSTRAINT "refills_last_order_id_orders_id_fk" FOREIGN KEY ("last_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "refills_user_idx" ON "refills" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "refills_due_idx" ON "refills" USING btree ("status","next_order_on");
--> statement-breakpoint
CREATE TABLE "refill_runs" (
	"refill_id" text NOT NULL,
	"order_on" date NOT NULL,
	"order_id" text,
	"outcome" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refill_runs_pk" PRIMARY KEY("refill_id","order_on"),
	CONSTRAINT "refill_runs_outcome_check" CHECK ("refill_runs"."outcome" in ('placed', 'not-placed', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "refill_runs" ADD CONSTRAINT "refill_runs_refill_id_refills_id_fk" FOREIGN KEY ("refill_id") REFERENCES "public"."refills"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refill_runs" ADD CONSTRAINT "refill_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "refill_runs_order_idx" ON "refill_runs" USING btree ("order_id") WHERE "refill_runs"."order_id" is not null;
--> statement-breakpoint
CREATE TABLE "prescription_covers" (
	"prescription_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"until" date NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_covers_pk" PRIMARY KEY("prescription_id","product_id"),
	CONSTRAINT "prescription_covers_quantity_check" CHECK ("prescription_covers"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "prescription_covers" ADD CONSTRAINT "prescription_covers_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescription_covers" ADD CONSTRAINT "prescription_covers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescription_covers" ADD CONSTRAINT "prescription_covers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
