ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_outcome";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_error" text;--> statement-breakpoint
CREATE INDEX "payments_refunds" ON "payments" USING btree ("created_at") WHERE "payments"."outcome" IN ('refund_due', 'refunding', 'refunded');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_refund" ON "payments" USING btree ("refund_id");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind" CHECK (kind IN ('placed', 'paid', 'payment_failed', 'expired', 'packed', 'out_for_delivery', 'delivered', 'refunded'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_has_refund" CHECK ("payments"."outcome" <> 'refunded' OR ("payments"."refund_id" IS NOT NULL AND "payments"."refunded_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunding_since" CHECK ("payments"."outcome" <> 'refunding' OR "payments"."refund_requested_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_outcome" CHECK (outcome IN ('applied', 'failed', 'refund_due', 'refunding', 'refunded'));