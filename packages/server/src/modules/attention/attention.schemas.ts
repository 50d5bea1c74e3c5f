// The answer of the company dashboard's "Needs attention" call.
import { z } from 'zod';

const int = z.number().int();

/** Where a leak or a micrometer is, down to its unit: what the web links to. */
const unitPlace = {
  company_id: int,
  property_id: int.nullable(),
  building_id: int.nullable(),
  unit_id: int.nullable(),
  property_name: z.string().nullable(),
  building_name: z.string().nullable(),
  unit_name: z.string().nullable(),
};

export const needsAttentionSchema = z.object({
  leaks: z.object({
    count: int.describe(
      'Open leak incidents: alerts that describe the same water count once (docs/detection.md)',
    ),
    alerts: int.describe('Open leak alerts'),
    monthly_cost: z.number().describe('All open leaks together, each gallon once, USD a month'),
    data: z.array(
      z.object({
        id: int.describe('The incident’s lead alert'),
        notification_type_id: int,
        alerts: int.describe('Alerts of the incident (the lead and those describing its water)'),
        rate: z.number().nullable().describe('Gallons per month of the incident'),
        monthly_cost: z.number().nullable().describe('What the incident costs a month'),
        first_detected: z.string(),
        ...unitPlace,
        appliance_type_id: int.nullable(),
      }),
    ),
  }),
  silent_micrometers: z.object({
    count: int,
    data: z.array(
      z.object({
        id: int,
        mac_address: z.string(),
        sensor_status_id: int,
        appliance_type_id: int.nullable(),
        last_heard: z.string().nullable(),
        ...unitPlace,
      }),
    ),
  }),
  gateways_offline: z.object({
    count: int,
    data: z.array(
      z.object({
        id: int,
        serial_number: z.string(),
        name: z.string().nullable(),
        last_seen_at: z.string().nullable(),
        company_id: int,
        property_id: int.nullable(),
        building_id: int.nullable(),
        property_name: z.string().nullable(),
        building_name: z.string().nullable(),
      }),
    ),
  }),
});
export type NeedsAttention = z.infer<typeof needsAttentionSchema>;
