ALTER TABLE "outbox_messages" ADD COLUMN "recipient_user_id" char(24);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_recipient_user_idx" ON "outbox_messages" USING btree ("recipient_user_id");--> statement-breakpoint
-- Messages written before the column existed: their user is the one with that address (e-mail and phone are unique).
UPDATE "outbox_messages" m SET "recipient_user_id" = u."id" FROM "users" u
  WHERE m."recipient_user_id" IS NULL AND (u."email" = m."recipient" OR u."phone" = m."recipient");
