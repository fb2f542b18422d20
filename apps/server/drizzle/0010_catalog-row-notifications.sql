-- The catalogue read model in every server process (ADR 024) is kept current row by row: each
-- write names the product it changes, so a sale updates one product instead of flushing the lot.
-- NOTIFY folds identical payloads within a transaction and delivers them when it commits.
CREATE OR REPLACE FUNCTION notify_catalog_row_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    PERFORM pg_notify('catalog_row_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text);
  ELSE
    PERFORM pg_notify('catalog_row_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END::text);
    IF TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id THEN
      PERFORM pg_notify('catalog_row_changed', OLD.product_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- TRUNCATE names no row: every process reloads the whole catalogue.
CREATE OR REPLACE FUNCTION notify_catalog_truncated() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_row_changed', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalog_row_changed AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_row_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_row_changed AFTER INSERT OR UPDATE OR DELETE ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_row_changed();
--> statement-breakpoint
CREATE TRIGGER product_relations_catalog_row_changed AFTER INSERT OR UPDATE OR DELETE ON "product_relations"
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_row_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_catalog_row_changed AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_row_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_truncated AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_truncated();
