CREATE TABLE "credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_progress_only_when_paid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_invoiced_when_paid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_noted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_credit_note_number" ON "orders" USING btree ("credit_note_number");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind" CHECK (kind IN ('placed', 'paid', 'payment_failed', 'expired', 'packed', 'out_for_delivery', 'delivered', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_was_paid" CHECK ("orders"."status" <> 'cancelled' OR ("orders"."payment_id" IS NOT NULL AND "orders"."paid_at" IS NOT NULL AND "orders"."cancelled_at" IS NOT NULL AND "orders"."cancel_reason" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_note_when_cancelled" CHECK ("orders"."credit_note_number" IS NULL OR ("orders"."status" = 'cancelled' AND "orders"."invoice_number" IS NOT NULL AND "orders"."credit_noted_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" IN ('awaiting_payment', 'paid', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_progress_only_when_paid" CHECK (("orders"."packed_at" IS NULL AND "orders"."out_for_delivery_at" IS NULL) OR "orders"."status" = 'paid' OR ("orders"."status" = 'cancelled' AND "orders"."out_for_delivery_at" IS NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoiced_when_paid" CHECK ("orders"."invoice_number" IS NULL OR "orders"."status" IN ('paid', 'cancelled'));