DROP INDEX "orders_delivery_date_slot";--> statement-breakpoint
DROP INDEX "users_admin_created";--> statement-breakpoint
DROP INDEX "orders_created";--> statement-breakpoint
DROP INDEX "orders_status_created";--> statement-breakpoint
DROP INDEX "orders_total";--> statement-breakpoint
CREATE INDEX "products_created" ON "products" USING btree ("created_at" DESC,"id");--> statement-breakpoint
CREATE INDEX "users_created" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_email" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "orders_delivery_date" ON "orders" USING btree ("delivery_date","number","status","packed_at","out_for_delivery_at","delivered_at");--> statement-breakpoint
CREATE INDEX "orders_delivery_date_desc" ON "orders" USING btree ("delivery_date" DESC NULLS LAST,"number" DESC);--> statement-breakpoint
CREATE INDEX "users_admin_created" ON "users" USING btree ("is_admin","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("created_at","number","delivery_date","status","packed_at","out_for_delivery_at","delivered_at");--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at","number","packed_at","out_for_delivery_at","delivered_at");--> statement-breakpoint
CREATE INDEX "orders_total" ON "orders" USING btree ("total_price","number");