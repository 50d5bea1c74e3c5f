CREATE TABLE "sms_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"event" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD CONSTRAINT "sms_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_deliveries" ADD CONSTRAINT "sms_deliveries_contact_id_notification_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."notification_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_deliveries_key" ON "sms_deliveries" USING btree ("notification_id","contact_id","event");--> statement-breakpoint
CREATE INDEX "sms_deliveries_due_idx" ON "sms_deliveries" USING btree ("next_attempt_at") WHERE "sms_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "sms_deliveries_contact_idx" ON "sms_deliveries" USING btree ("contact_id","updated_at");