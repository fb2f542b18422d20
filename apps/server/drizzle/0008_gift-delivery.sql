CREATE TABLE "area_slot_types" (
	"area_id" integer NOT NULL,
	"type" text NOT NULL,
	"fee" integer NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "area_slot_types_area_id_type_pk" PRIMARY KEY("area_id","type"),
	CONSTRAINT "area_slot_types_type" CHECK ("area_slot_types"."type" IN ('standard', 'fixed', 'midnight', 'early-morning')),
	CONSTRAINT "area_slot_types_fee" CHECK ("area_slot_types"."fee" >= 0),
	CONSTRAINT "area_slot_types_capacity" CHECK ("area_slot_types"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "slot_places" (
	"area_id" integer NOT NULL,
	"date" date NOT NULL,
	"slot_id" text NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"capacity" integer,
	CONSTRAINT "slot_places_area_id_date_slot_id_pk" PRIMARY KEY("area_id","date","slot_id"),
	CONSTRAINT "slot_places_taken" CHECK ("slot_places"."taken" >= 0),
	CONSTRAINT "slot_places_capacity" CHECK ("slot_places"."capacity" IS NULL OR "slot_places"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "lead_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_area_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_message" jsonb;--> statement-breakpoint
ALTER TABLE "area_slot_types" ADD CONSTRAINT "area_slot_types_area_id_service_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."service_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_places" ADD CONSTRAINT "slot_places_area_id_service_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."service_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_area_id_service_areas_id_fk" FOREIGN KEY ("delivery_area_id") REFERENCES "public"."service_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_delivery_date_slot" ON "orders" USING btree ("delivery_date","delivery_slot_id");--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_lead_days" CHECK ("service_areas"."lead_days" BETWEEN 0 AND 30);--> statement-breakpoint
-- Reference data (ADR 022): the same-day flag becomes a lead time; the rest of India is served
-- from the day after tomorrow. Kochi, Delhi, Mumbai and Bengaluru offer every slot type, 20
-- places a slot; the rest of India the standard slot only.
UPDATE "service_areas" SET "lead_days" = CASE WHEN "same_day_delivery" THEN 0 ELSE 2 END;--> statement-breakpoint
INSERT INTO "service_areas" ("name", "pincode_prefix", "delivery_available", "lead_days")
VALUES ('Delhi', '110', true, 0), ('Mumbai', '400', true, 0), ('Bengaluru', '560', true, 0)
ON CONFLICT ("pincode_prefix") DO NOTHING;--> statement-breakpoint
INSERT INTO "area_slot_types" ("area_id", "type", "fee", "capacity")
SELECT a."id", t."type", t."fee", 20
FROM "service_areas" a
CROSS JOIN (VALUES ('standard', 0), ('fixed', 20000), ('midnight', 25000), ('early-morning', 25000)) AS t("type", "fee")
WHERE a."pincode_prefix" IN ('682', '110', '400', '560')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "area_slot_types" ("area_id", "type", "fee", "capacity")
SELECT a."id", 'standard', 0, 500 FROM "service_areas" a WHERE a."pincode_prefix" = ''
ON CONFLICT DO NOTHING;
