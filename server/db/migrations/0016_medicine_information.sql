-- Medicine information of a product (issue 19): what it contains, what it is for, how to take it,
-- side effects, safety advice, storage, who makes and markets it and where. Text or null; the
-- admin form edits them and the product page shows them (docs/decisions/027).
ALTER TABLE "products" ADD COLUMN "composition" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "uses" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "directions" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "side_effects" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "safety_advice" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "marketer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
-- The salt composition joins the search document with the brand's weight (B), so a search for
-- a salt ("tranexamic") finds the brands that contain it.
CREATE OR REPLACE FUNCTION products_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.brand, '') || ' ' || coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.composition, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.subcategory, '') || ' ' || coalesce(NEW.category, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_vector_trigger ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_vector_trigger
  BEFORE INSERT OR UPDATE OF name, brand, tags, subcategory, category, description, composition ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_vector_update();
--> statement-breakpoint
-- A changed composition changes which searches a product matches: the cached counts follow.
DROP TRIGGER IF EXISTS products_catalogue_version_update_trigger ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_version_update_trigger
  AFTER UPDATE OF published, category, subcategory, brand, price_paise, prescription_required, collections, name, description, tags, composition
  ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
-- The search vocabulary (typo correction) learns the words of compositions too.
CREATE OR REPLACE FUNCTION product_search_document(name text, brand text, tags text[], subcategory text, category text, description text, composition text)
RETURNS text AS $$
  SELECT concat_ws(' ', name, brand, array_to_string(tags, ' '), subcategory, category, description, composition)
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_terms_from_new_products() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_terms (word)
  SELECT DISTINCT w
  FROM new_products, search_words_of(product_search_document(
    new_products.name, new_products.brand, new_products.tags, new_products.subcategory, new_products.category,
    new_products.description, new_products.composition)) AS w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_terms_from_product() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_terms (word)
  SELECT w FROM search_words_of(product_search_document(
    NEW.name, NEW.brand, NEW.tags, NEW.subcategory, NEW.category, NEW.description, NEW.composition)) AS w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_terms_update_trigger ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_update_trigger
  AFTER UPDATE OF name, brand, tags, subcategory, category, description, composition ON products
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_product();
