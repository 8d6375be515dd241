-- Account self-service (issue 16, decisions/023): the customer's own phone number on the profile.
-- Deleting an account removes the "user" row itself (orders, invoices and prescriptions keep
-- their own copies and lose only the link), so no deleted_at column is needed.
ALTER TABLE "user" ADD COLUMN "phone" text;
