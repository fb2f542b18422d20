ALTER TABLE "outbox" ADD COLUMN "secret" jsonb;--> statement-breakpoint
-- Reset emails written before: a waiting one keeps its link as its secret, to be sent; one sent or
-- given up on keeps no link at all.
UPDATE "outbox" SET "secret" = jsonb_build_object('link', "payload"->'link'), "payload" = "payload" - 'link' WHERE "kind" = 'password_reset' AND "status" = 'pending' AND "payload"->'link' IS NOT NULL;--> statement-breakpoint
UPDATE "outbox" SET "secret" = '{}'::jsonb, "payload" = "payload" - 'link' WHERE "kind" = 'password_reset' AND "status" <> 'pending' AND "payload"->'link' IS NOT NULL;
