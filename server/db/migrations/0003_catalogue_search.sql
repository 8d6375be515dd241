CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_state_single_row" CHECK ("catalogue_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_word_trgm_idx" ON "search_terms" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating","num_reviews","created_at");--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category","subcategory","rating");--> statement-breakpoint
-- Counts and facets are cached per catalogue version; any change that can alter which filters
-- or searches a product matches bumps it. Stock, rating and review counts do not.
INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_version_bump() RETURNS trigger AS $$
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_version_trigger
  AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER products_catalogue_version_update_trigger
  AFTER UPDATE OF published, category, subcategory, brand, price_paise, prescription_required, collections, name, description, tags
  ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
-- The search vocabulary: the words a shopper may mean when a search word has a typo.
CREATE OR REPLACE FUNCTION search_words_of(document text) RETURNS SETOF text AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(lower(document), '[^[:alnum:]]+') AS word
  WHERE length(word) BETWEEN 2 AND 40
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_document(name text, brand text, tags text[], subcategory text, category text, description text)
RETURNS text AS $$
  SELECT concat_ws(' ', name, brand, array_to_string(tags, ' '), subcategory, category, description)
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Words are inserted in sorted order so concurrent inserts take their locks in the same order.
CREATE OR REPLACE FUNCTION search_terms_from_new_products() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_terms (word)
  SELECT DISTINCT w
  FROM new_products, search_words_of(product_search_document(
    new_products.name, new_products.brand, new_products.tags, new_products.subcategory, new_products.category, new_products.description)) AS w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_terms_from_product() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_terms (word)
  SELECT w FROM search_words_of(product_search_document(NEW.name, NEW.brand, NEW.tags, NEW.subcategory, NEW.category, NEW.description)) AS w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_insert_trigger
  AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_from_new_products();
--> statement-breakpoint
CREATE TRIGGER products_search_terms_update_trigger
  AFTER UPDATE OF name, brand, tags, subcategory, category, description ON products
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_product();
--> statement-breakpoint
INSERT INTO search_terms (word)
SELECT DISTINCT w
FROM products, search_words_of(product_search_document(name, brand, tags, subcategory, category, description)) AS w
ORDER BY w
ON CONFLICT DO NOTHING;
