-- Phone sign-in with one-time codes (issue 29, decisions/050). An account's phone becomes
-- verified only through a code; one verified number per account and one account per verified
-- number (the partial unique index). An unverified phone (typed in the profile) stays a contact
-- number and signs nobody in.
ALTER TABLE "user" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "user_verified_phone_unique" ON "user" ("phone") WHERE "phone_verified";
--> statement-breakpoint
-- One live code per number (the primary key: a new code replaces the old). Only an HMAC of the
-- code is kept. `user_id` is set for a code that adds the number to a signed-in account (it is
-- good only for that account); null for a sign-in code.
CREATE TABLE "phone_codes" (
	"phone" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" text REFERENCES "user"("id") ON DELETE CASCADE,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_codes_phone_check" CHECK ("phone" ~ '^[6-9][0-9]{9}$')
);
--> statement-breakpoint
CREATE INDEX "phone_codes_expires_at_idx" ON "phone_codes" ("expires_at");
