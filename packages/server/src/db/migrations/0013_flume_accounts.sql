CREATE TABLE "external_flow_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"external_device_id" text NOT NULL,
	"name" text,
	"location" text,
	"time_zone" text,
	"building_id" integer,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "client_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "client_secret_sealed" text NOT NULL;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "username" text NOT NULL;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "password_sealed" text NOT NULL;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "external_flow_devices" ADD CONSTRAINT "external_flow_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_flow_devices" ADD CONSTRAINT "external_flow_devices_account_id_external_flow_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."external_flow_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_flow_devices" ADD CONSTRAINT "external_flow_devices_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_flow_devices_key" ON "external_flow_devices" USING btree ("account_id","external_device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_flow_devices_building_key" ON "external_flow_devices" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "external_flow_devices_company_idx" ON "external_flow_devices" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD CONSTRAINT "external_flow_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;