CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "product_relations" (
	"product_id" uuid NOT NULL,
	"related_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_relations_product_id_related_id_pk" PRIMARY KEY("product_id","related_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_variants_price_non_negative" CHECK ("product_variants"."price" >= 0),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."count_in_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"discount_price" integer DEFAULT 0 NOT NULL,
	"discount_start_date" timestamp with time zone,
	"discount_end_date" timestamp with time zone,
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_selling_fast" boolean DEFAULT false NOT NULL,
	"is_subscription" boolean DEFAULT false NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"optimized_images" jsonb DEFAULT '{"thumbnail":"","detail":""}'::jsonb NOT NULL,
	"product_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"optimized_product_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"sub_category" text[] DEFAULT '{}'::text[] NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"vendor" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"color" text[] DEFAULT '{}'::text[] NOT NULL,
	"occasion" text[] DEFAULT '{}'::text[] NOT NULL,
	"recipient" text[] DEFAULT '{}'::text[] NOT NULL,
	"arrangement_style" text DEFAULT '' NOT NULL,
	"material" text[] DEFAULT '{}'::text[] NOT NULL,
	"closure" text DEFAULT '' NOT NULL,
	"measurements" text DEFAULT '' NOT NULL,
	"package_content" text DEFAULT '' NOT NULL,
	"fragrance" text DEFAULT '' NOT NULL,
	"care_instructions" text DEFAULT '' NOT NULL,
	"weight" integer,
	"length" double precision,
	"width" double precision,
	"height" double precision,
	"same_day_delivery" boolean DEFAULT false NOT NULL,
	"express_delivery" boolean DEFAULT false NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"num_reviews" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_non_negative" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_discount_price_non_negative" CHECK ("products"."discount_price" >= 0),
	CONSTRAINT "products_stock_non_negative" CHECK ("products"."count_in_stock" >= 0),
	CONSTRAINT "products_rating_range" CHECK ("products"."rating" >= 0 AND "products"."rating" <= 5)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"verified_purchase" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"pincode" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pincode_prefix" text NOT NULL,
	"delivery_available" boolean DEFAULT true NOT NULL,
	"same_day_delivery" boolean DEFAULT false NOT NULL,
	CONSTRAINT "service_areas_pincode_prefix_unique" UNIQUE("pincode_prefix")
);
--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_related_id_products_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_offices" ADD CONSTRAINT "post_offices_pincode_pincodes_pincode_fk" FOREIGN KEY ("pincode") REFERENCES "public"."pincodes"("pincode") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_position" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_name" ON "product_variants" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_search_text_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_listed_created" ON "products" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "products"."available" AND "products"."name" <> 'Sample Product';--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "products_sub_category" ON "products" USING gin ("sub_category");--> statement-breakpoint
CREATE INDEX "products_color" ON "products" USING gin ("color");--> statement-breakpoint
CREATE INDEX "products_occasion" ON "products" USING gin ("occasion");--> statement-breakpoint
CREATE INDEX "products_recipient" ON "products" USING gin ("recipient");--> statement-breakpoint
CREATE INDEX "products_rating" ON "products" USING btree ("rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_created" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_offices_pincode" ON "post_offices" USING btree ("pincode");