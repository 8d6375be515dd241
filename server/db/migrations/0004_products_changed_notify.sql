-- Tells listening server processes that products changed, so they drop responses they keep
-- in memory (server/api/products.ts). Delivered at commit; one per statement at most.
CREATE OR REPLACE FUNCTION products_changed_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('products_changed', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_changed_notify_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
