// Response schema of the lookup catalogue, shared by the route (OpenAPI) and the service.
import { z } from 'zod';

const lookupItem = z.object({ id: z.number().int(), name: z.string() });

export const staticResponseSchema = z.object({
  user_roles: z.array(lookupItem),
  company_types: z.array(lookupItem),
  sensor_states: z.array(lookupItem),
  sensor_statuses: z.array(lookupItem),
  appliances_types: z.array(lookupItem.extend({ kind: z.string() })),
  room_types: z.array(lookupItem),
  water_types: z.array(lookupItem),
  gateway_statuses: z.array(lookupItem),
  property_types: z.array(lookupItem),
  building_types: z.array(lookupItem),
  installation_types: z.array(lookupItem),
  unit_types: z.array(lookupItem),
  unit_states: z.array(lookupItem),
  unit_categories: z.array(lookupItem),
  notification_categories: z.array(lookupItem),
  notification_statuses: z.array(lookupItem),
  notification_methods: z.array(lookupItem),
  notification_types: z.array(lookupItem.extend({ category_id: z.number().int() })),
  user_statuses: z.array(lookupItem),
  report_types: z.array(lookupItem),
  survey_statuses: z.array(lookupItem),
  granularities: z.array(lookupItem.extend({ format: z.string(), buckets_back: z.number().int() })),
});
export type StaticResponse = z.infer<typeof staticResponseSchema>;
