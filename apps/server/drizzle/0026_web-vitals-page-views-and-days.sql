CREATE TABLE "vitals_days" (
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vitals_days_day_page_type_metric_value_pk" PRIMARY KEY("day","page_type","metric","value"),
	CONSTRAINT "vitals_days_count" CHECK ("vitals_days"."count" > 0)
);
--> statement-breakpoint
-- Samples kept before page views had ids: each its own page view, as nothing can tell otherwise.
ALTER TABLE "vitals_samples" ADD COLUMN "page_view_id" text;--> statement-breakpoint
UPDATE "vitals_samples" SET "page_view_id" = 'before-0026-' || "id";--> statement-breakpoint
ALTER TABLE "vitals_samples" ALTER COLUMN "page_view_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vitals_samples_page_view_metric" ON "vitals_samples" USING btree ("page_view_id","metric");