-- Two-factor sign-in (issue 29, decisions/051): Better Auth's two-factor plugin's column and
-- table (the authenticator secret and the backup codes, both encrypted with the auth secret), and
-- the shop's record of authenticator codes already accepted, so a code is not taken twice.
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_user_idx" ON "two_factor" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "two_factor_secret_idx" ON "two_factor" USING btree ("secret");
--> statement-breakpoint
CREATE TABLE "two_factor_used_codes" (
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_until" timestamp with time zone NOT NULL,
	CONSTRAINT "two_factor_used_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "two_factor_used_codes" ADD CONSTRAINT "two_factor_used_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
