-- Cash on delivery (issue 14, decisions/022): an order's COD fee and discount are their own
-- columns, and the total is written once as items - discount + shipping + COD fee.
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_check" CHECK ("total_paise" = "items_paise" - "discount_paise" + "shipping_paise" + "cod_fee_paise");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("discount_paise" >= 0 and "discount_paise" <= "items_paise" and "cod_fee_paise" >= 0);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("payment_method" in ('razorpay', 'cod'));
