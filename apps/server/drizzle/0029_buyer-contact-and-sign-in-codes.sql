-- Issue 35. The buyer's own contact, apart from the recipient's in the shipping address: orders
-- placed before it reach the account's email, as their emails always did, and no phone (the
-- shipping address's phone is the recipient's). One-time sign-in codes, and text messages in the
-- outbox beside its emails.
CREATE TABLE "sign_in_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_to" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_email" text;--> statement-breakpoint
UPDATE "orders" SET "contact_email" = "user_email";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "contact_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD CONSTRAINT "sign_in_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_codes_sent_to" ON "sign_in_codes" USING btree ("sent_to");--> statement-breakpoint
CREATE INDEX "sign_in_codes_user" ON "sign_in_codes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel" CHECK ("outbox"."channel" IN ('email', 'sms'));--> statement-breakpoint
CREATE INDEX "users_phone" ON "users" USING btree ("phone");
