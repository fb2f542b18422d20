CREATE TABLE "product_listing" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"discount_price" integer NOT NULL,
	"discount_start_date" timestamp with time zone,
	"discount_end_date" timestamp with time zone,
	"category" text NOT NULL,
	"sub_category" text[] NOT NULL,
	"color" text[] NOT NULL,
	"occasion" text[] NOT NULL,
	"recipient" text[] NOT NULL,
	"same_day_delivery" boolean NOT NULL,
	"fulfilment" text NOT NULL,
	"rating" real NOT NULL,
	"num_reviews" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_listing_created" ON "product_listing" USING btree ("created_at" DESC,"id");--> statement-breakpoint
CREATE INDEX "product_listing_category" ON "product_listing" USING btree ("category");--> statement-breakpoint
CREATE INDEX "product_listing_sub_category" ON "product_listing" USING gin ("sub_category");--> statement-breakpoint
CREATE INDEX "product_listing_color" ON "product_listing" USING gin ("color");--> statement-breakpoint
CREATE INDEX "product_listing_occasion" ON "product_listing" USING gin ("occasion");--> statement-breakpoint
CREATE INDEX "product_listing_recipient" ON "product_listing" USING gin ("recipient");--> statement-breakpoint
-- The listing's rows (ADR 088) follow the products' rows they are made from: a product listed
-- (available, and not the spec's placeholder) has one, any other has none. A row-level trigger,
-- limited to the columns a listing reads, so that a sale, which writes only the stock, costs nothing here.
CREATE OR REPLACE FUNCTION sync_product_listing() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR NOT (NEW.available AND NEW.name <> 'Sample Product')) THEN
    DELETE FROM product_listing WHERE id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.available AND NEW.name <> 'Sample Product' THEN
    INSERT INTO product_listing (id, name, price, discount_price, discount_start_date, discount_end_date,
        category, sub_category, color, occasion, recipient, same_day_delivery, fulfilment, rating,
        num_reviews, created_at)
      VALUES (NEW.id, NEW.name, NEW.price, NEW.discount_price, NEW.discount_start_date, NEW.discount_end_date,
        NEW.category, NEW.sub_category, NEW.color, NEW.occasion, NEW.recipient, NEW.same_day_delivery,
        NEW.fulfilment, NEW.rating, NEW.num_reviews, NEW.created_at)
      ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, price = EXCLUDED.price,
        discount_price = EXCLUDED.discount_price, discount_start_date = EXCLUDED.discount_start_date,
        discount_end_date = EXCLUDED.discount_end_date, category = EXCLUDED.category,
        sub_category = EXCLUDED.sub_category, color = EXCLUDED.color, occasion = EXCLUDED.occasion,
        recipient = EXCLUDED.recipient, same_day_delivery = EXCLUDED.same_day_delivery,
        fulfilment = EXCLUDED.fulfilment, rating = EXCLUDED.rating, num_reviews = EXCLUDED.num_reviews,
        created_at = EXCLUDED.created_at;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_listing_synced
  AFTER INSERT OR DELETE OR UPDATE OF id, name, available, price, discount_price, discount_start_date,
    discount_end_date, category, sub_category, color, occasion, recipient, same_day_delivery,
    fulfilment, rating, num_reviews, created_at
  ON "products" FOR EACH ROW EXECUTE FUNCTION sync_product_listing();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION truncate_product_listing() RETURNS trigger AS $$
BEGIN
  TRUNCATE product_listing;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_listing_truncated AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION truncate_product_listing();
--> statement-breakpoint
INSERT INTO product_listing (id, name, price, discount_price, discount_start_date, discount_end_date,
    category, sub_category, color, occasion, recipient, same_day_delivery, fulfilment, rating,
    num_reviews, created_at)
  SELECT id, name, price, discount_price, discount_start_date, discount_end_date, category,
    sub_category, color, occasion, recipient, same_day_delivery, fulfilment, rating, num_reviews,
    created_at
  FROM products WHERE available AND name <> 'Sample Product';
