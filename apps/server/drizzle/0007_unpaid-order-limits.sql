ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
CREATE INDEX "orders_awaiting_user" ON "orders" USING btree ("user_id","pay_by") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_awaiting_placed_from" ON "orders" USING btree ("placed_from","pay_by") WHERE "orders"."status" = 'awaiting_payment';