-- Shipments through Shiprocket (issue 31, decisions/052): one row per order shipped through the
-- aggregator, written as soon as Shiprocket names its order and shipment, so a retry after a
-- failure midway continues the same Shiprocket order (never a second create for one order number).
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text DEFAULT 'shiprocket' NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"courier" text,
	"courier_id" integer,
	"awb" text,
	"label_url" text,
	"pickup_booked_at" timestamp with time zone,
	"expected_delivery" date,
	"current_status" text,
	"last_event_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "shipments_awb_unique" UNIQUE("awb"),
	CONSTRAINT "shipments_provider_check" CHECK ("shipments"."provider" in ('shiprocket'))
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"activity" text NOT NULL,
	"location" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_once" UNIQUE("shipment_id","at","status","activity")
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_at_idx" ON "shipment_events" USING btree ("shipment_id","at");
