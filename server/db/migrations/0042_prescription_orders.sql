-- Order by prescription (issue 32 item 4, decisions/058). A shopper asks the pharmacy to build
-- the order from one of their prescriptions; a pharmacist proposes the items (they go into the
-- shopper's cart) or declines with a reason. At most one request per prescription waits at a
-- time. An order placed from a proposal is linked to it (prescription_order_orders), so what it
-- covered is counted once and an order beyond it goes to the pharmacist's review as before.
CREATE TABLE "prescription_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"prescription_id" text NOT NULL,
	"address_id" text,
	"note" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"items" jsonb,
	"message" text,
	"decline_reason" text,
	"pharmacist_id" text,
	"pharmacist_name" text,
	"pharmacist_registration" text,
	"prescriber_name" text,
	"prescriber_registration" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_orders_status_check" CHECK ("prescription_orders"."status" in ('waiting', 'proposed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescription_orders" ADD CONSTRAINT "prescription_orders_pharmacist_id_user_id_fk" FOREIGN KEY ("pharmacist_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "prescription_orders_user_idx" ON "prescription_orders" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "prescription_orders_status_idx" ON "prescription_orders" USING btree ("status","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_orders_one_waiting" ON "prescription_orders" USING btree ("prescription_id") WHERE "prescription_orders"."status" = 'waiting';
--> statement-breakpoint
CREATE TABLE "prescription_order_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"prescription_order_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prescription_order_orders" ADD CONSTRAINT "prescription_order_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescription_order_orders" ADD CONSTRAINT "prescription_order_orders_prescription_order_id_prescription_orders_id_fk" FOREIGN KEY ("prescription_order_id") REFERENCES "public"."prescription_orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "prescription_order_orders_request_idx" ON "prescription_order_orders" USING btree ("prescription_order_id");
