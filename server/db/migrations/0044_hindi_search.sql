-- Products in Hindi (issue 34, decisions/063): a product's Hindi name (weight A, as the English
-- name) and Hindi salt composition (B) join its search document under the 'simple' configuration
-- (no stemming or stop words: PostgreSQL has none for Hindi, and the parser keeps a Devanagari word
-- with its vowel signs whole), so a search for "मैकन्यूरिश" or a prefix of it finds the product.
-- The shop's queries run to_tsquery('english', 'word:*'), which leaves a Devanagari word as it is,
-- so the same query matches English and Hindi lexemes.
CREATE OR REPLACE FUNCTION products_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(NEW.i18n #>> '{hi,name}', '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.brand, '') || ' ' || coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.composition, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.i18n #>> '{hi,composition}', '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.subcategory, '') || ' ' || coalesce(NEW.category, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_vector_trigger ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_vector_trigger
  BEFORE INSERT OR UPDATE OF name, brand, tags, subcategory, category, description, composition, i18n ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_vector_update();
--> statement-breakpoint
-- A changed Hindi name changes which searches a product matches: the cached counts, rankings and
-- suggestions (kept per catalogue version) follow.
DROP TRIGGER IF EXISTS products_catalogue_version_update_trigger ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_version_update_trigger
  AFTER UPDATE OF published, category, subcategory, brand, price_paise, prescription_required, collections, name, description, tags, composition, i18n
  ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
-- Products stored before this migration get their Hindi text in the search document (an update of
-- a column the trigger watches runs it; the statement bumps the catalogue version once).
UPDATE products SET i18n = i18n WHERE i18n <> '{}'::jsonb;
