CREATE INDEX "users_admin_created" ON "users" USING btree ("is_admin","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_total" ON "orders" USING btree ("total_price");--> statement-breakpoint
CREATE INDEX "orders_email_trgm" ON "orders" USING gin (lower("user_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone" ON "orders" USING btree (("shipping_address"->>'phone'));