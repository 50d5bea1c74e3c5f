ALTER TABLE "notifications" ADD COLUMN "assigned_to_user_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "snooze_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_assigned_idx" ON "notifications" USING btree ("assigned_to_user_id");--> statement-breakpoint
CREATE INDEX "notifications_snoozed_idx" ON "notifications" USING btree ("snoozed_until") WHERE "notifications"."snoozed_until" is not null;