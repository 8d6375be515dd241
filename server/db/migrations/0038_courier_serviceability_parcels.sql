-- Shiprocket, issue 31 continued (decisions/052). (1) The courier network's answer per delivery PIN
-- code, kept a day so that every process of the shop (and the PIN check, the quote and the checkout)
-- reads the same promise: serviceable or not, the state and city, cash on delivery, and the
-- recommended courier's delivery days. (2) A product's parcel: weight in grams and box size in
-- centimetres, which pre-fill the "Ship with Shiprocket" form (all optional). (3) On a shipment:
-- when the create was sent (a retry after no answer looks the order up before creating again), and
-- why a parcel back with the shop could not be cancelled and refunded by itself (the admin's task).
CREATE TABLE "courier_serviceability" (
	"pin" text PRIMARY KEY NOT NULL,
	"serviceable" boolean NOT NULL,
	"state" text,
	"city" text,
	"cod" boolean DEFAULT false NOT NULL,
	"days" integer,
	"courier" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courier_serviceability_days_check" CHECK ("courier_serviceability"."days" is null or ("courier_serviceability"."days" >= 0 and "courier_serviceability"."days" <= 60))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parcel_weight_g" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parcel_length_cm" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parcel_breadth_cm" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parcel_height_cm" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parcel_check" CHECK (("products"."parcel_weight_g" is null or "products"."parcel_weight_g" between 1 and 100000) and ("products"."parcel_length_cm" is null or "products"."parcel_length_cm" between 1 and 300) and ("products"."parcel_breadth_cm" is null or "products"."parcel_breadth_cm" between 1 and 300) and ("products"."parcel_height_cm" is null or "products"."parcel_height_cm" between 1 and 300));
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "create_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_problem" text;
