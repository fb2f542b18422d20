CREATE TABLE "vitals_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vitals_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page_type" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"navigation_type" text NOT NULL,
	CONSTRAINT "vitals_samples_metric" CHECK ("vitals_samples"."metric" IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
	CONSTRAINT "vitals_samples_value" CHECK ("vitals_samples"."value" >= 0)
);
--> statement-breakpoint
CREATE INDEX "vitals_samples_recorded_at" ON "vitals_samples" USING btree ("recorded_at");