-- Extra headers an outbox email carries to nodemailer (decisions/041): List-Unsubscribe and
-- List-Unsubscribe-Post on marketing email; null on every transactional one.
ALTER TABLE "outbound_emails" ADD COLUMN "headers" jsonb;
