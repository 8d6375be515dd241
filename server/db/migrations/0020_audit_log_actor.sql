-- The audit log keeps who made a change even after their account is deleted (decisions/033):
-- the actor's id stays as it was written (no foreign key setting it null), beside the copied
-- name and role. Entries are found by a record's id alone too (the "History" links).
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_actor_id_user_id_fk";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity_id","at");
