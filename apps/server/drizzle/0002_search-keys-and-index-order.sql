DROP INDEX "products_listed_created";--> statement-breakpoint
DROP INDEX "products_rating";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_keys" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_keys_trgm" ON "products" USING gin ("search_keys" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_listed_created" ON "products" USING btree ("created_at" DESC,"id") WHERE "products"."available" AND "products"."name" <> 'Sample Product';--> statement-breakpoint
CREATE INDEX "products_rating" ON "products" USING btree ("rating" DESC);--> statement-breakpoint
UPDATE "products" SET "search_keys" = lower(regexp_replace(
  concat_ws(' ', "name", "category", array_to_string("sub_category", ' '), array_to_string("tags", ' ')),
  '\s+', ' ', 'g'));
