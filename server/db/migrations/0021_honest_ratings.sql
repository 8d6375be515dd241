-- Honest figures (issue 19, docs/decisions/026): a product's rating and review count come only
-- from its visible reviews. Databases seeded before this release carry invented demo figures;
-- they are recomputed from the reviews actually stored (none: 0 and 0).
ALTER TABLE "products" ADD COLUMN "rating_score" real DEFAULT 3 NOT NULL;--> statement-breakpoint
UPDATE "products" AS p SET
  "rating" = coalesce(r.average, 0),
  "num_reviews" = coalesce(r.n, 0),
  -- "Highest Rated" ranks by a Bayesian average: 5 pseudo-reviews of 3 stars plus the real ones
  -- (server/modules/catalog/ranking.ts ratingScore, which recountReviews applies from now on).
  "rating_score" = (5 * 3 + coalesce(r.total, 0)) / (5 + coalesce(r.n, 0))::real
FROM "products" AS q
LEFT JOIN (
  SELECT "product_id", avg("rating")::real AS average, count(*)::int AS n, sum("rating")::real AS total
  FROM "reviews" WHERE "hidden_at" IS NULL GROUP BY "product_id"
) AS r ON r."product_id" = q."id"
WHERE p."id" = q."id";--> statement-breakpoint
DROP INDEX IF EXISTS "products_rating_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_rating_idx";--> statement-breakpoint
-- Every storefront order puts out-of-stock products last (stable within the order): these let
-- a page of each order walk an index whatever the size of the catalogue.
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree (("stock" = 0), "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree (("stock" = 0), "price_paise", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "products_listing_price_desc_idx" ON "products" USING btree (("stock" = 0), "price_paise" DESC, "created_at" DESC);--> statement-breakpoint
CREATE INDEX "products_listing_rating_idx" ON "products" USING btree (("stock" = 0), "rating_score" DESC, "num_reviews" DESC, "created_at" DESC);--> statement-breakpoint
CREATE INDEX "products_category_score_idx" ON "products" USING btree ("category", "subcategory", "rating_score");--> statement-breakpoint
-- A search's ranking is kept per catalogue version; a product running out of stock (or coming
-- back) moves within it, so crossing zero bumps the version. Other stock changes do not.
CREATE TRIGGER products_catalogue_version_stock_trigger
  AFTER UPDATE OF stock ON products
  FOR EACH ROW WHEN ((OLD.stock = 0) IS DISTINCT FROM (NEW.stock = 0))
  EXECUTE FUNCTION catalogue_version_bump();
