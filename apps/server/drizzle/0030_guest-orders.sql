-- Guest checkout (issue 35): a guest's order is reached by the random token of its link, and is
-- the guest's by its contact email.
ALTER TABLE "orders" ADD COLUMN "guest_token" text;--> statement-breakpoint
CREATE INDEX "orders_guest_contact" ON "orders" USING btree (lower("contact_email"),"created_at") WHERE "orders"."user_id" IS NULL;