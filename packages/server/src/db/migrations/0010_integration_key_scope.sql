-- An integration key's scope: one company's micrometers, or none (the whole fleet). Keys made
-- before this migration keep none, so they go on writing for the whole fleet as they did.
ALTER TABLE "integration_api_keys" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "integration_api_keys" ADD CONSTRAINT "integration_api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;