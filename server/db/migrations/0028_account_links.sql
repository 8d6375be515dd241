-- The shop's record of the account links it emails (decisions/042): verification and
-- email-change links work only while their row exists (single use, voided by every security
-- event); undo links let an old address take its account back after an email change.
CREATE TABLE "account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "account_links_kind_check" CHECK ("account_links"."kind" in ('verify-email', 'change-email', 'undo-email-change'))
);
--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "account_links_user_idx" ON "account_links" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "account_links_email_idx" ON "account_links" USING btree ("email");
