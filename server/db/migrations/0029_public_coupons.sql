-- Offers a shopper can see (issue 27 item 10, decisions/043): an admin marks a campaign coupon
-- public; the cart and checkout list the public ones that apply. Codes handed out by hand stay
-- private (the default), and a newsletter welcome code (issued to one address) is never public.
ALTER TABLE "coupons" ADD COLUMN "public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_public_check" CHECK (NOT "public" OR "issued_to_email" IS NULL);
