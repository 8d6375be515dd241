-- Orders with an invoice or a payment are archived, never erased (decisions/014).
ALTER TABLE "orders" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
-- The database refuses to erase an order that still has an invoice or a payment row.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- A second capture on one provider order (the customer paid twice) is a payment row of its own.
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_order_id_unique";--> statement-breakpoint
CREATE INDEX "payments_provider_order_idx" ON "payments" USING btree ("provider_order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "extra" boolean DEFAULT false NOT NULL;
