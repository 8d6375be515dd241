-- Every committed change to products (stock, ratings and prices included) bumps
-- products_version once per transaction, so a server process on a shared PostgreSQL can tell
-- whether a catalogue response it keeps is still current with one indexed read of this row
-- (catalogue-cache.ts keptPerProductsVersion, decisions/038). The bump runs at commit (a
-- deferred constraint trigger), so concurrent checkouts hold this row's lock only while they
-- commit, and at most once per transaction (the transaction id guard).
ALTER TABLE "catalogue_state" ADD COLUMN "products_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "catalogue_state" ADD COLUMN "products_version_xact" xid8;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_version_bump() RETURNS trigger AS $$
BEGIN
  UPDATE catalogue_state
     SET products_version = products_version + 1, products_version_xact = pg_current_xact_id()
   WHERE id = 1 AND products_version_xact IS DISTINCT FROM pg_current_xact_id();
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_version_trigger
  AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION products_version_bump();
--> statement-breakpoint
CREATE TRIGGER products_version_truncate_trigger
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_version_bump();
