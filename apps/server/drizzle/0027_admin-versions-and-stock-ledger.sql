-- Admin saves carry the version their form was loaded at (ADR 065); every save adds one. A slot
-- type withdrawn keeps its row (offered false), so its version never starts again.
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "area_slot_types" ADD COLUMN "offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "area_slot_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Stock changes by adjustment, each a row of its product's ledger (ADR 065).
CREATE TABLE "stock_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"variant_name" text,
	"actor_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"change" integer NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	CONSTRAINT "stock_adjustments_reason" CHECK ("stock_adjustments"."reason" IN ('initial', 'received', 'damaged', 'correction', 'returned')),
	CONSTRAINT "stock_adjustments_arithmetic" CHECK ("stock_adjustments"."after" = "stock_adjustments"."before" + "stock_adjustments"."change" AND "stock_adjustments"."after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_adjustments_product_at" ON "stock_adjustments" USING btree ("product_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);