-- When a micrometer was last fitted on a fixture: an installed micrometer that has never been heard
-- counts as offline once it has been installed as long as a heard one may stay silent (issue 40,
-- docs/decisions.md "Installed and never heard"). Installed micrometers take the time of the
-- latest event that installed them (assigned, reassigned, or their state set to installed), and
-- without one the time their row was made: both are no later than the installation.
ALTER TABLE "sensors" ADD COLUMN "installed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sensors" s SET "installed_at" = coalesce((
    select max(e.occurred_at) from "events" e
    where e.entity_type = 'sensor' and e.entity_id = s.id
      and (e.action in ('assigned', 'reassigned') or (e.action = 'state' and e.to_value = '4'::jsonb))
  ), s.created_at)
WHERE s.sensor_state_id = 4;
