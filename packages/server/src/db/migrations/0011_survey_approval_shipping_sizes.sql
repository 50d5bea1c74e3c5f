-- Survey approval links (one hashed, single-use token per recipient of an approve-and-send email)
-- and the micrometer sizes and MACs of a shipment.
CREATE TABLE "building_survey_approval_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"recipient_user_id" integer,
	"recipient_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "building_shipping" ADD COLUMN "micrometers_by_size" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "building_shipping" ADD COLUMN "macs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "building_survey_approval_tokens" ADD CONSTRAINT "building_survey_approval_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_approval_tokens" ADD CONSTRAINT "building_survey_approval_tokens_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_approval_tokens" ADD CONSTRAINT "building_survey_approval_tokens_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_approval_tokens" ADD CONSTRAINT "building_survey_approval_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "building_survey_approval_tokens_token_key" ON "building_survey_approval_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "building_survey_approval_tokens_building_idx" ON "building_survey_approval_tokens" USING btree ("building_id");