CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_text_trgm";--> statement-breakpoint
DROP INDEX "products_search_keys_trgm";--> statement-breakpoint
DROP INDEX "products_name_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_vector_missing" ON "products" USING btree ("id") WHERE "products"."search_vector" = ''::tsvector;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_keys";
--> statement-breakpoint
-- Typo vocabulary (ADR 087): every word a search vector is written with. One statement's rows at a
-- time, so a bulk load adds each word once; an update adds only the vectors it changed (a sale
-- changes none).
CREATE OR REPLACE FUNCTION add_search_words() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT unnest(tsvector_to_array(n.search_vector)) FROM new_rows n
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT DISTINCT unnest(tsvector_to_array(n.search_vector))
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.search_vector <> o.search_vector
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_search_words_inserted AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_updated AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_search_words();
--> statement-breakpoint
-- The answer cache of every server process (ADR 053, 087) drops, for a sale, only the answers that
-- show what it sold: a change to a product or a size that moves nothing but its stock says so with
-- 'stock:' before the product's id. Any other change names the product alone, and drops every answer.
CREATE OR REPLACE FUNCTION notify_catalog_row_changed() RETURNS trigger AS $$
DECLARE
  product text;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    product := (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text;
  ELSE
    product := (CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END)::text;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('products', 'product_variants') THEN
    IF to_jsonb(NEW) - 'count_in_stock' = to_jsonb(OLD) - 'count_in_stock' THEN
      PERFORM pg_notify('catalog_row_changed', 'stock:' || product);
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('catalog_row_changed', product);
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME <> 'products' THEN
    IF OLD.product_id <> NEW.product_id THEN
      PERFORM pg_notify('catalog_row_changed', OLD.product_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The row notices above are the one channel the cache listens to; the statement notices of 0003 go.
DROP TRIGGER products_catalog_changed ON "products";
--> statement-breakpoint
DROP TRIGGER product_variants_catalog_changed ON "product_variants";
--> statement-breakpoint
DROP TRIGGER product_relations_catalog_changed ON "product_relations";
--> statement-breakpoint
DROP TRIGGER reviews_catalog_changed ON "reviews";
--> statement-breakpoint
DROP FUNCTION notify_catalog_changed();
