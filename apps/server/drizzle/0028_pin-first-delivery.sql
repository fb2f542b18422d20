-- How each product travels (ADR 077): fresh categories are made and hand-delivered locally, packed
-- goods go by courier; plum cakes come in tins. New rows must choose, so the default goes again.
ALTER TABLE "products" ADD COLUMN "fulfilment" text DEFAULT 'courier' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "fulfilment" = 'local'
WHERE ("category" IN ('Cakes', 'Flowers', 'Combos') OR "sub_category" && ARRAY['Flowers and Cakes']::text[])
  AND NOT "sub_category" && ARRAY['Plum cakes']::text[];--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "fulfilment" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "makes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fulfilment" CHECK ("products"."fulfilment" IN ('local', 'courier'));--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_makes" CHECK ("service_areas"."makes" <@ ARRAY['cakes', 'flowers']::text[]);--> statement-breakpoint
-- Reference data: the four cities with same-day delivery have kitchens and florists; everywhere
-- else gets packed goods by courier, in a transit time by zone: 2 days within Kerala, 3 in the
-- rest of the south, 5 to the east and north-east, 4 elsewhere.
UPDATE "service_areas" SET "makes" = ARRAY['cakes', 'flowers']::text[]
WHERE "pincode_prefix" IN ('682', '110', '400', '560');--> statement-breakpoint
UPDATE "service_areas" SET "lead_days" = 4 WHERE "pincode_prefix" = '';--> statement-breakpoint
INSERT INTO "service_areas" ("name", "pincode_prefix", "delivery_available", "lead_days")
VALUES ('North Kerala', '67', true, 2), ('Central Kerala', '68', true, 2), ('South Kerala', '69', true, 2),
  ('Karnataka, Andhra and Telangana', '5', true, 3), ('Tamil Nadu', '6', true, 3), ('East and North-east', '7', true, 5)
ON CONFLICT ("pincode_prefix") DO NOTHING;--> statement-breakpoint
INSERT INTO "area_slot_types" ("area_id", "type", "fee", "capacity")
SELECT a."id", 'standard', 0, 500 FROM "service_areas" a WHERE a."pincode_prefix" IN ('67', '68', '69', '5', '6', '7')
ON CONFLICT DO NOTHING;
