-- Credit notes, shipments and returns (issue 17 items 4 and 5, decisions/032).
-- The courier and AWB an order was shipped with, recorded by the Shipped status change.
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
-- A customer's request to return delivered lines, and the admin's decision on it.
CREATE TABLE "return_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"user_id" text REFERENCES "user"("id") ON DELETE set null,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text REFERENCES "user"("id") ON DELETE set null,
	"refund_paise" integer,
	"refund_method" text,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_check" CHECK ("status" in ('requested', 'approved', 'rejected')),
	CONSTRAINT "return_requests_reason_check" CHECK ("reason" in ('wrong-item', 'damaged', 'near-expiry')),
	CONSTRAINT "return_requests_refund_method_check" CHECK ("refund_method" is null or "refund_method" in ('gateway', 'manual'))
);
--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id", "created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status", "created_at");--> statement-breakpoint
CREATE TABLE "return_request_lines" (
	"return_id" text NOT NULL REFERENCES "return_requests"("id") ON DELETE cascade,
	"order_line_id" text NOT NULL REFERENCES "order_lines"("id") ON DELETE restrict,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_request_lines_pk" PRIMARY KEY("return_id", "order_line_id"),
	CONSTRAINT "return_request_lines_quantity_check" CHECK ("quantity" > 0)
);
--> statement-breakpoint
-- GST credit notes: their own gap-free series per financial year, never deleted.
CREATE TABLE "credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"invoice_id" text NOT NULL REFERENCES "invoices"("id") ON DELETE restrict,
	"return_id" text UNIQUE REFERENCES "return_requests"("id") ON DELETE restrict,
	"serial" text NOT NULL UNIQUE,
	"financial_year" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"shipping_paise" integer DEFAULT 0 NOT NULL,
	"cod_fee_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_kind_check" CHECK ("kind" in ('cancellation', 'return')),
	CONSTRAINT "credit_notes_money_check" CHECK ("shipping_paise" >= 0 and "cod_fee_paise" >= 0 and "total_paise" >= 0)
);
--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id", "issued_at");--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"credit_note_id" text NOT NULL REFERENCES "credit_notes"("id") ON DELETE restrict,
	"order_line_id" text NOT NULL REFERENCES "order_lines"("id") ON DELETE restrict,
	"quantity" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	CONSTRAINT "credit_note_lines_check" CHECK ("quantity" > 0 and "amount_paise" >= 0 and "discount_paise" >= 0 and "tax_paise" >= 0 and "discount_paise" <= "amount_paise")
);
--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_note_lines_order_line_idx" ON "credit_note_lines" USING btree ("order_line_id");
