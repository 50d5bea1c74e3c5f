CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_role_id" integer,
	"company_id" integer,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_value" jsonb,
	"to_value" jsonb,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "notification_action_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"status_id" smallint NOT NULL,
	"recipient_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer,
	"building_id" integer,
	"unit_id" integer,
	"notification_method_id" smallint DEFAULT 1 NOT NULL,
	"destination" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer,
	"building_id" integer,
	"unit_id" integer,
	"sensor_id" integer,
	"gateway_id" integer,
	"appliance_type_id" smallint,
	"room_type_id" smallint,
	"notification_type_id" smallint NOT NULL,
	"notification_category_id" smallint NOT NULL,
	"notification_status_id" smallint DEFAULT 1 NOT NULL,
	"rate" numeric(14, 3),
	"first_detected_at" timestamp with time zone NOT NULL,
	"last_detected_at" timestamp with time zone NOT NULL,
	"note" text,
	"status_changed_by" integer,
	"status_changed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_appliance_thresholds" (
	"company_id" integer NOT NULL,
	"appliance_type_id" smallint NOT NULL,
	"threshold" numeric(12, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_appliance_thresholds_company_id_appliance_type_id_pk" PRIMARY KEY("company_id","appliance_type_id")
);
--> statement-breakpoint
CREATE TABLE "downlinks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"building_id" integer,
	"sensor_id" integer NOT NULL,
	"mac_address" text NOT NULL,
	"port" smallint DEFAULT 3 NOT NULL,
	"params" jsonb NOT NULL,
	"payload" "bytea" NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_building_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"company_id" integer,
	"building_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unassigned_at" timestamp with time zone,
	"assigned_by" integer
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"name" text,
	"model" text,
	"company_id" integer,
	"property_id" integer,
	"building_id" integer,
	"gateway_status_id" smallint DEFAULT 1 NOT NULL,
	"alerts_disabled" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	"unit_id" integer,
	"appliance_type_id" smallint,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_gallon_thresholds" (
	"id" serial PRIMARY KEY NOT NULL,
	"sensor_id" integer NOT NULL,
	"company_id" integer,
	"value" numeric(12, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"sensor_id" integer NOT NULL,
	"tester_user_id" integer,
	"passed" boolean NOT NULL,
	"notes" text,
	"tested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" serial PRIMARY KEY NOT NULL,
	"mac_address" text NOT NULL,
	"sensor_state_id" smallint DEFAULT 1 NOT NULL,
	"sensor_status_id" smallint DEFAULT 3 NOT NULL,
	"battery" smallint,
	"firmware_version" text,
	"size_inch" numeric(5, 3),
	"install_date" timestamp with time zone,
	"last_keepalive" timestamp with time zone,
	"last_submission" timestamp with time zone,
	"report_interval_s" integer DEFAULT 900 NOT NULL,
	"keepalive_interval_s" integer DEFAULT 3600 NOT NULL,
	"company_id" integer,
	"property_id" integer,
	"building_id" integer,
	"unit_id" integer,
	"appliance_type_id" smallint,
	"room_type_id" smallint,
	"water_type_id" smallint,
	"notification_excluded" boolean DEFAULT false NOT NULL,
	"config" jsonb,
	"issue" text,
	"issue_reported_at" timestamp with time zone,
	"issue_reported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_role_type_id" smallint NOT NULL,
	"company_id" integer,
	"property_id" integer,
	"building_id" integer,
	"unit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"password_hash" text,
	"mfa" smallint DEFAULT 0 NOT NULL,
	"user_status_id" smallint DEFAULT 2 NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"language" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso2" text NOT NULL,
	"name" text NOT NULL,
	"phone_code" text
);
--> statement-breakpoint
CREATE TABLE "country_timezones" (
	"country_id" integer NOT NULL,
	"timezone_id" integer NOT NULL,
	CONSTRAINT "country_timezones_country_id_timezone_id_pk" PRIMARY KEY("country_id","timezone_id")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timezones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text,
	"gmt_offset_seconds" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appliance_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "granularities" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"buckets_back" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_categories" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_methods" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_config_defaults" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"min_value" integer NOT NULL,
	"max_value" integer NOT NULL,
	"value" integer NOT NULL,
	"editable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_states" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_categories" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_states" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "water_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_installers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"scheduled_date" date,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_shipping" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"shipped_on" date NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"sensors_count" integer DEFAULT 0 NOT NULL,
	"gateways_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_shipping_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"street" text,
	"city_id" integer,
	"postal" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_survey_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"appliance_type_id" smallint,
	"item" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_flow_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"building_id" integer,
	"provider" text DEFAULT 'flume' NOT NULL,
	"external_account_id" text NOT NULL,
	"name" text NOT NULL,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_company_properties" (
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_company_properties_company_id_property_id_pk" PRIMARY KEY("company_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city_id" integer,
	"postal" text,
	"floors" smallint,
	"building_type_id" smallint,
	"installation_type_id" smallint,
	"survey_status" smallint DEFAULT 0 NOT NULL,
	"survey_updated_at" timestamp with time zone,
	"survey_dx_approval" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city_id" integer,
	"postal" text,
	"phone" text,
	"email" text,
	"company_type_id" smallint NOT NULL,
	"allow_assignment" boolean DEFAULT false NOT NULL,
	"timezone_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city_id" integer,
	"postal" text,
	"timezone_id" integer NOT NULL,
	"property_type_id" smallint,
	"water_price_per_kgal" numeric(10, 2) DEFAULT '10.00' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"floor" smallint,
	"unit_category_id" smallint NOT NULL,
	"unit_type_id" smallint,
	"unit_state_id" smallint,
	"tenants" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" bigserial NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mac_address" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"port" smallint,
	"payload" "bytea",
	"transport" text NOT NULL,
	"volume_mgal" bigint,
	"interval_s" integer,
	"flow_time_s" integer,
	"peak_flow_mgpm" integer,
	"battery" smallint,
	"firmware_version" text,
	"flags" smallint,
	"report_interval_s" integer,
	"gateway_serial" text,
	"rssi" real,
	"snr" real,
	"error" text,
	"sensor_id" integer,
	"company_id" integer,
	"property_id" integer,
	"building_id" integer,
	"unit_id" integer,
	"appliance_type_id" smallint,
	"room_type_id" smallint,
	"water_type_id" smallint,
	CONSTRAINT "submissions_id_measured_at_pk" PRIMARY KEY("id","measured_at"),
	CONSTRAINT "submissions_natural_key" UNIQUE("mac_address","measured_at","seq")
) PARTITION BY RANGE ("measured_at");
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"sensor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"appliance_type_id" smallint,
	"volume_mgal" bigint DEFAULT 0 NOT NULL,
	"flow_time_s" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "usage_daily_sensor_id_unit_id_day_pk" PRIMARY KEY("sensor_id","unit_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_hourly" (
	"sensor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"appliance_type_id" smallint,
	"volume_mgal" bigint DEFAULT 0 NOT NULL,
	"flow_time_s" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_hourly_sensor_id_unit_id_hour_pk" PRIMARY KEY("sensor_id","unit_id","hour")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_role_id_user_roles_id_fk" FOREIGN KEY ("actor_role_id") REFERENCES "public"."user_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_action_tokens" ADD CONSTRAINT "notification_action_tokens_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_action_tokens" ADD CONSTRAINT "notification_action_tokens_status_id_notification_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."notification_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_action_tokens" ADD CONSTRAINT "notification_action_tokens_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_contacts" ADD CONSTRAINT "notification_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_contacts" ADD CONSTRAINT "notification_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_contacts" ADD CONSTRAINT "notification_contacts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_contacts" ADD CONSTRAINT "notification_contacts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_contacts" ADD CONSTRAINT "notification_contacts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_contacts" ADD CONSTRAINT "notification_contacts_notification_method_id_notification_methods_id_fk" FOREIGN KEY ("notification_method_id") REFERENCES "public"."notification_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_appliance_type_id_appliance_types_id_fk" FOREIGN KEY ("appliance_type_id") REFERENCES "public"."appliance_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notification_type_id_notification_types_id_fk" FOREIGN KEY ("notification_type_id") REFERENCES "public"."notification_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notification_category_id_notification_categories_id_fk" FOREIGN KEY ("notification_category_id") REFERENCES "public"."notification_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notification_status_id_notification_statuses_id_fk" FOREIGN KEY ("notification_status_id") REFERENCES "public"."notification_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_appliance_thresholds" ADD CONSTRAINT "company_appliance_thresholds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_appliance_thresholds" ADD CONSTRAINT "company_appliance_thresholds_appliance_type_id_appliance_types_id_fk" FOREIGN KEY ("appliance_type_id") REFERENCES "public"."appliance_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downlinks" ADD CONSTRAINT "downlinks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downlinks" ADD CONSTRAINT "downlinks_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downlinks" ADD CONSTRAINT "downlinks_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downlinks" ADD CONSTRAINT "downlinks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_building_history" ADD CONSTRAINT "gateway_building_history_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_building_history" ADD CONSTRAINT "gateway_building_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_building_history" ADD CONSTRAINT "gateway_building_history_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_building_history" ADD CONSTRAINT "gateway_building_history_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_gateway_status_id_gateway_statuses_id_fk" FOREIGN KEY ("gateway_status_id") REFERENCES "public"."gateway_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_assignments" ADD CONSTRAINT "office_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_assignments" ADD CONSTRAINT "office_assignments_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_assignments" ADD CONSTRAINT "office_assignments_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_assignments" ADD CONSTRAINT "office_assignments_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_assignments" ADD CONSTRAINT "office_assignments_appliance_type_id_appliance_types_id_fk" FOREIGN KEY ("appliance_type_id") REFERENCES "public"."appliance_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_assignments" ADD CONSTRAINT "office_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_gallon_thresholds" ADD CONSTRAINT "sensor_gallon_thresholds_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_gallon_thresholds" ADD CONSTRAINT "sensor_gallon_thresholds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_tests" ADD CONSTRAINT "sensor_tests_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_tests" ADD CONSTRAINT "sensor_tests_tester_user_id_users_id_fk" FOREIGN KEY ("tester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_sensor_state_id_sensor_states_id_fk" FOREIGN KEY ("sensor_state_id") REFERENCES "public"."sensor_states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_sensor_status_id_sensor_statuses_id_fk" FOREIGN KEY ("sensor_status_id") REFERENCES "public"."sensor_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_appliance_type_id_appliance_types_id_fk" FOREIGN KEY ("appliance_type_id") REFERENCES "public"."appliance_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_water_type_id_water_types_id_fk" FOREIGN KEY ("water_type_id") REFERENCES "public"."water_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_issue_reported_by_users_id_fk" FOREIGN KEY ("issue_reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_role_id_user_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."user_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_role_type_id_user_role_types_id_fk" FOREIGN KEY ("user_role_type_id") REFERENCES "public"."user_role_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_status_id_user_statuses_id_fk" FOREIGN KEY ("user_status_id") REFERENCES "public"."user_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_timezones" ADD CONSTRAINT "country_timezones_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_timezones" ADD CONSTRAINT "country_timezones_timezone_id_timezones_id_fk" FOREIGN KEY ("timezone_id") REFERENCES "public"."timezones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_types" ADD CONSTRAINT "notification_types_category_id_notification_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."notification_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_installers" ADD CONSTRAINT "building_installers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_installers" ADD CONSTRAINT "building_installers_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_installers" ADD CONSTRAINT "building_installers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_shipping" ADD CONSTRAINT "building_shipping_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_shipping" ADD CONSTRAINT "building_shipping_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_shipping" ADD CONSTRAINT "building_shipping_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_shipping_contacts" ADD CONSTRAINT "building_shipping_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_shipping_contacts" ADD CONSTRAINT "building_shipping_contacts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_shipping_contacts" ADD CONSTRAINT "building_shipping_contacts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_items" ADD CONSTRAINT "building_survey_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_items" ADD CONSTRAINT "building_survey_items_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_items" ADD CONSTRAINT "building_survey_items_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_items" ADD CONSTRAINT "building_survey_items_appliance_type_id_appliance_types_id_fk" FOREIGN KEY ("appliance_type_id") REFERENCES "public"."appliance_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_items" ADD CONSTRAINT "building_survey_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD CONSTRAINT "external_flow_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD CONSTRAINT "external_flow_accounts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_api_keys" ADD CONSTRAINT "integration_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_company_properties" ADD CONSTRAINT "billing_company_properties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_company_properties" ADD CONSTRAINT "billing_company_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_building_type_id_building_types_id_fk" FOREIGN KEY ("building_type_id") REFERENCES "public"."building_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_installation_type_id_installation_types_id_fk" FOREIGN KEY ("installation_type_id") REFERENCES "public"."installation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_survey_status_survey_statuses_id_fk" FOREIGN KEY ("survey_status") REFERENCES "public"."survey_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_type_id_company_types_id_fk" FOREIGN KEY ("company_type_id") REFERENCES "public"."company_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_timezone_id_timezones_id_fk" FOREIGN KEY ("timezone_id") REFERENCES "public"."timezones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_timezone_id_timezones_id_fk" FOREIGN KEY ("timezone_id") REFERENCES "public"."timezones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_property_type_id_property_types_id_fk" FOREIGN KEY ("property_type_id") REFERENCES "public"."property_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_unit_category_id_unit_categories_id_fk" FOREIGN KEY ("unit_category_id") REFERENCES "public"."unit_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_unit_type_id_unit_types_id_fk" FOREIGN KEY ("unit_type_id") REFERENCES "public"."unit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_unit_state_id_unit_states_id_fk" FOREIGN KEY ("unit_state_id") REFERENCES "public"."unit_states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_company_idx" ON "events" USING btree ("company_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity_type","entity_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_occurred_idx" ON "events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "events_actor_idx" ON "events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_action_tokens_token_key" ON "notification_action_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "notification_action_tokens_notification_idx" ON "notification_action_tokens" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notification_contacts_user_idx" ON "notification_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notification_contacts_company_idx" ON "notification_contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "notification_contacts_building_idx" ON "notification_contacts" USING btree ("building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_sensor_key" ON "notifications" USING btree ("sensor_id","notification_type_id") WHERE "notifications"."notification_status_id" in (1, 2) and "notifications"."sensor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_gateway_key" ON "notifications" USING btree ("gateway_id","notification_type_id") WHERE "notifications"."notification_status_id" in (1, 2) and "notifications"."gateway_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_company_idx" ON "notifications" USING btree ("company_id","notification_status_id","first_detected_at");--> statement-breakpoint
CREATE INDEX "notifications_property_idx" ON "notifications" USING btree ("property_id","first_detected_at");--> statement-breakpoint
CREATE INDEX "notifications_building_idx" ON "notifications" USING btree ("building_id","first_detected_at");--> statement-breakpoint
CREATE INDEX "notifications_unit_idx" ON "notifications" USING btree ("unit_id","first_detected_at");--> statement-breakpoint
CREATE INDEX "notifications_status_idx" ON "notifications" USING btree ("notification_status_id","first_detected_at");--> statement-breakpoint
CREATE INDEX "downlinks_status_idx" ON "downlinks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "downlinks_sensor_idx" ON "downlinks" USING btree ("sensor_id","created_at");--> statement-breakpoint
CREATE INDEX "downlinks_company_idx" ON "downlinks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "downlinks_building_idx" ON "downlinks" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "gateway_building_history_gateway_idx" ON "gateway_building_history" USING btree ("gateway_id","assigned_at");--> statement-breakpoint
CREATE INDEX "gateway_building_history_building_idx" ON "gateway_building_history" USING btree ("building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_serial_key" ON "gateways" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "gateways_company_idx" ON "gateways" USING btree ("company_id","gateway_status_id");--> statement-breakpoint
CREATE INDEX "gateways_building_idx" ON "gateways" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "gateways_last_seen_idx" ON "gateways" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "office_assignments_building_idx" ON "office_assignments" USING btree ("building_id","status");--> statement-breakpoint
CREATE INDEX "office_assignments_company_idx" ON "office_assignments" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "office_assignments_pending_sensor_key" ON "office_assignments" USING btree ("sensor_id") WHERE "office_assignments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_gallon_thresholds_sensor_key" ON "sensor_gallon_thresholds" USING btree ("sensor_id");--> statement-breakpoint
CREATE INDEX "sensor_gallon_thresholds_company_idx" ON "sensor_gallon_thresholds" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sensor_tests_sensor_idx" ON "sensor_tests" USING btree ("sensor_id","tested_at");--> statement-breakpoint
CREATE INDEX "sensor_tests_passed_idx" ON "sensor_tests" USING btree ("passed","cleared_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sensors_mac_key" ON "sensors" USING btree ("mac_address");--> statement-breakpoint
CREATE UNIQUE INDEX "sensors_fixture_slot_key" ON "sensors" USING btree ("unit_id","appliance_type_id") WHERE "sensors"."unit_id" is not null and "sensors"."appliance_type_id" is not null;--> statement-breakpoint
CREATE INDEX "sensors_company_idx" ON "sensors" USING btree ("company_id","sensor_state_id","sensor_status_id");--> statement-breakpoint
CREATE INDEX "sensors_property_idx" ON "sensors" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "sensors_building_idx" ON "sensors" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "sensors_unit_idx" ON "sensors" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "sensors_state_status_idx" ON "sensors" USING btree ("sensor_state_id","sensor_status_id");--> statement-breakpoint
CREATE INDEX "sensors_last_submission_idx" ON "sensors" USING btree ("last_submission");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_challenges_token_key" ON "mfa_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mfa_challenges_user_idx" ON "mfa_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_user_idx" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_company_idx" ON "user_roles" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_roles_property_idx" ON "user_roles" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "user_roles_building_idx" ON "user_roles" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "user_roles_unit_idx" ON "user_roles" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_token_key" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("user_status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_state_name_key" ON "cities" USING btree ("state_id","name");--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso2_key" ON "countries" USING btree ("iso2");--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "country_timezones_timezone_idx" ON "country_timezones" USING btree ("timezone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_code_key" ON "states" USING btree ("country_id","code");--> statement-breakpoint
CREATE INDEX "states_name_idx" ON "states" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "timezones_name_key" ON "timezones" USING btree ("name");--> statement-breakpoint
CREATE INDEX "building_installers_building_idx" ON "building_installers" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "building_installers_company_idx" ON "building_installers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "building_installers_user_idx" ON "building_installers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "building_shipping_building_idx" ON "building_shipping" USING btree ("building_id","shipped_on");--> statement-breakpoint
CREATE INDEX "building_shipping_company_idx" ON "building_shipping" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "building_shipping_contacts_building_key" ON "building_shipping_contacts" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "building_shipping_contacts_company_idx" ON "building_shipping_contacts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "building_survey_items_key" ON "building_survey_items" USING btree ("unit_id","appliance_type_id","item");--> statement-breakpoint
CREATE INDEX "building_survey_items_building_idx" ON "building_survey_items" USING btree ("building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_flow_accounts_key" ON "external_flow_accounts" USING btree ("provider","external_account_id");--> statement-breakpoint
CREATE INDEX "external_flow_accounts_company_idx" ON "external_flow_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "external_flow_accounts_building_idx" ON "external_flow_accounts" USING btree ("building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_api_keys_hash_key" ON "integration_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "billing_company_properties_property_idx" ON "billing_company_properties" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "buildings_company_idx" ON "buildings" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "buildings_property_idx" ON "buildings" USING btree ("property_id","name");--> statement-breakpoint
CREATE INDEX "buildings_name_idx" ON "buildings" USING btree ("name");--> statement-breakpoint
CREATE INDEX "buildings_survey_idx" ON "buildings" USING btree ("survey_status");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "companies_type_idx" ON "companies" USING btree ("company_type_id");--> statement-breakpoint
CREATE INDEX "companies_city_idx" ON "companies" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "properties_company_name_idx" ON "properties" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "properties_name_idx" ON "properties" USING btree ("name");--> statement-breakpoint
CREATE INDEX "properties_city_idx" ON "properties" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "properties_timezone_idx" ON "properties" USING btree ("timezone_id");--> statement-breakpoint
CREATE INDEX "units_company_idx" ON "units" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "units_property_idx" ON "units" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "units_building_idx" ON "units" USING btree ("building_id","name");--> statement-breakpoint
CREATE INDEX "units_name_idx" ON "units" USING btree ("name");--> statement-breakpoint
CREATE INDEX "units_category_idx" ON "units" USING btree ("unit_category_id");--> statement-breakpoint
CREATE INDEX "submissions_company_idx" ON "submissions" USING btree ("company_id","measured_at");--> statement-breakpoint
CREATE INDEX "submissions_property_idx" ON "submissions" USING btree ("property_id","measured_at");--> statement-breakpoint
CREATE INDEX "submissions_building_idx" ON "submissions" USING btree ("building_id","measured_at");--> statement-breakpoint
CREATE INDEX "submissions_unit_idx" ON "submissions" USING btree ("unit_id","measured_at");--> statement-breakpoint
CREATE INDEX "submissions_sensor_idx" ON "submissions" USING btree ("sensor_id","measured_at");--> statement-breakpoint
CREATE INDEX "submissions_kind_idx" ON "submissions" USING btree ("kind","measured_at");--> statement-breakpoint
CREATE INDEX "usage_daily_company_idx" ON "usage_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "usage_daily_property_idx" ON "usage_daily" USING btree ("property_id","day");--> statement-breakpoint
CREATE INDEX "usage_daily_building_idx" ON "usage_daily" USING btree ("building_id","day");--> statement-breakpoint
CREATE INDEX "usage_daily_unit_idx" ON "usage_daily" USING btree ("unit_id","day");--> statement-breakpoint
CREATE INDEX "usage_hourly_company_idx" ON "usage_hourly" USING btree ("company_id","hour");--> statement-breakpoint
CREATE INDEX "usage_hourly_property_idx" ON "usage_hourly" USING btree ("property_id","hour");--> statement-breakpoint
CREATE INDEX "usage_hourly_building_idx" ON "usage_hourly" USING btree ("building_id","hour");--> statement-breakpoint
CREATE INDEX "usage_hourly_unit_idx" ON "usage_hourly" USING btree ("unit_id","hour");