-- Admin saves carry the version their form was loaded at (ADR 065); every save adds one. A slot
-- type withdrawn keeps its row (offered false), so its version never starts again.
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "area_slot_types" ADD COLUMN "offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "area_slot_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;