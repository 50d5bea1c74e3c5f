// Request and response schemas of the readings calls, shared by the routes (validation, OpenAPI)
// and the service (its answers' types).
import { localDateSchema } from '@flowsight/domain/input';
import { z } from 'zod';
import { timeZoneSchema } from '../../lib/csv.ts';
import { submissionList } from './submissions.repository.ts';

export const submissionListQuerySchema = submissionList.querySchema;
export const submissionExportQuerySchema = submissionList.querySchema
  .omit({ page: true, limit: true, sortBy: true })
  .extend({ timeZone: timeZoneSchema });
export const gallonsRangeQuerySchema = z
  .object({ start_date: localDateSchema.optional(), end_date: localDateSchema.optional() })
  .strict();

const nullableInt = z.number().int().nullable();
export const submissionSchema = z.object({
  _id: z
    .number()
    .int()
    .describe('The reading’s id under the specification’s name (ParsedSubmission._id)'),
  id: z.number().int(),
  measured_at: z.string(),
  ingested_at: z.string(),
  mac_address: z.string(),
  seq: z.number().int(),
  kind: z.enum(['usage', 'usage_v1', 'keepalive', 'malformed']),
  port: nullableInt,
  transport: z.string(),
  gallons: z.number().nullable().describe('Volume of the interval in US gallons'),
  interval_s: nullableInt,
  flow_time_s: nullableInt,
  peak_flow_gpm: z.number().nullable(),
  battery: nullableInt,
  firmware_version: z.string().nullable(),
  flags: nullableInt,
  report_interval_s: nullableInt,
  gateway_serial: z.string().nullable(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  error: z.string().nullable(),
  payload_hex: z.string().nullable(),
  sensor_id: nullableInt,
  company_id: nullableInt,
  property_id: nullableInt,
  building_id: nullableInt,
  building_name: z.string().nullable(),
  unit_id: nullableInt,
  unit_name: z.string().nullable(),
  appliance_type_id: nullableInt,
  room_type_id: nullableInt,
  water_type_id: nullableInt,
});
export type Submission = z.infer<typeof submissionSchema>;
export const placeGallonsSchema = z.object({
  gallons: z
    .number()
    .describe(
      "On the local days of the range: above a unit its buildings' use (water accounting: a main line's water is not added to its fixtures'), a unit's every micrometer's",
    ),
  readings: z
    .number()
    .int()
    .describe(
      'Usage reports (current and legacy format) on the local days of the range; keep-alive and malformed frames, which the readings list also holds, are not counted',
    ),
});
export const sensorGallonsSchema = z.object({
  sensor_id: z.number().int(),
  mac_address: z.string(),
  appliance_type_id: nullableInt,
  unit_id: nullableInt,
  gallons: z.number(),
  readings: z.number().int(),
  last_submission: z.string().nullable(),
});
