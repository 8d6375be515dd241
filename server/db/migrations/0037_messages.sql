-- Messages by SMS and WhatsApp (issue 30, decisions/054). One outbox row per message to a
-- shopper's phone, written in the transaction of the change it reports and sent by the job
-- runner (the email outbox's guarantees: claimed with SKIP LOCKED and a lease, retried with
-- backoff). A WhatsApp message that Meta reports failed is sent again by SMS (`fallback_of`).
ALTER TABLE "user" ADD COLUMN "whatsapp_updates_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_updates_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"order_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"fallback_of" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone,
	CONSTRAINT "outbound_messages_provider_message_id_unique" UNIQUE("provider_message_id"),
	CONSTRAINT "outbound_messages_channel_check" CHECK ("outbound_messages"."channel" in ('sms', 'whatsapp')),
	CONSTRAINT "outbound_messages_status_check" CHECK ("outbound_messages"."status" in ('queued', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_fallback_of_fk" FOREIGN KEY ("fallback_of") REFERENCES "public"."outbound_messages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "outbound_messages_due_idx" ON "outbound_messages" USING btree ("status","next_attempt_at");
--> statement-breakpoint
CREATE INDEX "outbound_messages_order_idx" ON "outbound_messages" USING btree ("order_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_messages_one_fallback" ON "outbound_messages" USING btree ("fallback_of") WHERE "fallback_of" is not null;
--> statement-breakpoint
-- Each inbound WhatsApp message (a button reply, a STOP) is acted on once: its id is kept.
CREATE TABLE "whatsapp_inbound" (
	"message_id" text PRIMARY KEY NOT NULL,
	"from" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A number that sent STOP gets no more WhatsApp messages (guests included), until it opts in again.
CREATE TABLE "whatsapp_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
