CREATE TABLE "partner_areas" (
	"partner_id" uuid NOT NULL,
	"area_id" integer NOT NULL,
	CONSTRAINT "partner_areas_partner_id_area_id_pk" PRIMARY KEY("partner_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"makes" text[] NOT NULL,
	"capacity_per_slot" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_capacity" CHECK ("partners"."capacity_per_slot" > 0),
	CONSTRAINT "partners_makes" CHECK (cardinality("partners"."makes") > 0 AND "partners"."makes" <@ ARRAY['cakes', 'flowers', 'courier'])
);
--> statement-breakpoint
CREATE TABLE "partner_offers" (
	"order_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"delivery_date" date NOT NULL,
	"slot_id" text NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "partner_offers_order_id_partner_id_pk" PRIMARY KEY("order_id","partner_id"),
	CONSTRAINT "partner_offers_status" CHECK ("partner_offers"."status" IN ('offered', 'accepted', 'declined', 'expired', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "partner_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unassigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_photo" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_compensation" jsonb;--> statement-breakpoint
ALTER TABLE "partner_areas" ADD CONSTRAINT "partner_areas_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_areas" ADD CONSTRAINT "partner_areas_area_id_service_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."service_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_offers" ADD CONSTRAINT "partner_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_offers" ADD CONSTRAINT "partner_offers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_areas_area" ON "partner_areas" USING btree ("area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_name" ON "partners" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "partner_offers_live" ON "partner_offers" USING btree ("order_id") WHERE "partner_offers"."status" IN ('offered', 'accepted');--> statement-breakpoint
CREATE INDEX "partner_offers_partner_day" ON "partner_offers" USING btree ("partner_id","delivery_date","slot_id");--> statement-breakpoint
CREATE INDEX "partner_offers_open" ON "partner_offers" USING btree ("expires_at") WHERE "partner_offers"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_late_watch" ON "orders" USING btree ("late_after") WHERE "orders"."late" = false AND "orders"."delivered_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind" CHECK (kind IN ('placed', 'paid', 'payment_failed', 'expired', 'accepted', 'packed', 'out_for_delivery', 'delivered', 'late', 'cancelled', 'refunded'));--> statement-breakpoint
-- Orders booked before this column: the slot's end plus the 30 minutes of grace in IST, as the
-- domain's lateAfter reckons it (a stored 23:59 ends at midnight; a window ending before it starts
-- ends the next day). IST has no daylight saving, so its offset is fixed.
UPDATE "orders" SET "late_after" = (
  "delivery_date"::timestamp
  + CASE WHEN "delivery_slot"->>'end' = '23:59' THEN interval '24 hours'
         ELSE ("delivery_slot"->>'end')::time - time '00:00' END
  + CASE WHEN "delivery_slot"->>'end' <> '23:59'
          AND ("delivery_slot"->>'end')::time < ("delivery_slot"->>'start')::time THEN interval '1 day'
         ELSE interval '0' END
  - interval '5 hours 30 minutes'
  + interval '30 minutes'
) AT TIME ZONE 'UTC'
WHERE "delivery_date" IS NOT NULL AND "delivery_slot" IS NOT NULL;
