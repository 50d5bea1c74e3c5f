-- Every place-level read names a place and its scope together (`property_id = $1 and company_id =
-- $2`), and the planner takes such conditions as independent: it multiplies their selectivities.
-- But a unit fixes its building, a building its property, a property its company, so the product
-- underestimates the rows by the number of companies — about 3 with the demo fleet, 30 at ten
-- times it. At that size the property's gallons report chose a nested loop over 64 units × 1,323
-- unit-days (11.7 ms) where a hash join takes 4.8 ms. Functional-dependency and n-distinct
-- statistics on the hierarchy columns give the planner the real counts (docs/decisions.md,
-- "The planner knows the hierarchy"). Each table is analysed so they apply at once.
CREATE STATISTICS IF NOT EXISTS "buildings_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id" FROM "buildings";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "units_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id" FROM "units";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "sensors_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id", "unit_id" FROM "sensors";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "gateways_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id" FROM "gateways";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "notifications_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id", "unit_id" FROM "notifications";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "usage_hourly_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id", "unit_id" FROM "usage_hourly";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "usage_daily_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id", "unit_id" FROM "usage_daily";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "usage_monthly_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id", "unit_id" FROM "usage_monthly";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "usage_company_hourly_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id" FROM "usage_company_hourly";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "usage_company_daily_hierarchy_stats" (dependencies, ndistinct) ON "company_id", "property_id", "building_id" FROM "usage_company_daily";--> statement-breakpoint
ANALYZE "buildings", "units", "sensors", "gateways", "notifications", "usage_hourly", "usage_daily", "usage_monthly", "usage_company_hourly", "usage_company_daily";
