// Request and response schemas of the micrometer routes (one zod schema per shape, used for
// validation and the OpenAPI document alike).
import { idSchema } from '@flowsight/domain/input';
import { assignActions, placementSchema } from '@flowsight/domain/micrometers';
import { z } from 'zod';
import { iso } from '../../lib/timestamps.ts';
import type { SensorRecord } from './sensors.repository.ts';

const nullableInt = z.number().int().nullable();
const stamp = z.string().nullable();

export const uplinkLossSchema = z
  .object({
    received: z.number().int(),
    expected: z.number().int(),
    lost: z.number().int(),
    loss_percent: z.number(),
    window_days: z.number().int(),
  })
  .describe(
    "Uplinks lost over the last window_days, from gaps in the usage reports' frame counter (null: no v2 reports in the window)",
  );
export type UplinkLossFigures = z.infer<typeof uplinkLossSchema>;

export const micrometerSchema = z.object({
  id: z.number().int(),
  mac_address: z.string(),
  sensor_state_id: z.number().int(),
  sensor_status_id: z.number().int(),
  battery: nullableInt,
  firmware_version: z.string().nullable(),
  size_inch: z.number().nullable(),
  install_date: stamp.describe('Production date'),
  last_keepalive: stamp,
  last_submission: stamp,
  report_interval_s: z.number().int(),
  keepalive_interval_s: z.number().int(),
  company_id: nullableInt,
  property_id: nullableInt,
  building_id: nullableInt,
  unit_id: nullableInt,
  appliance_type_id: nullableInt,
  room_type_id: nullableInt,
  water_type_id: nullableInt,
  company_name: z.string().nullable(),
  property_name: z.string().nullable(),
  building_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  unit_category_id: nullableInt,
  notification_excluded: z.boolean(),
  config: z.record(z.string(), z.number()).nullable(),
  issue: z.string().nullable(),
  office_assignment: z
    .object({
      id: z.number().int(),
      building_id: z.number().int(),
      building_name: z.string(),
      property_id: z.number().int(),
      company_id: z.number().int(),
      status: z.string(),
    })
    .nullable()
    .describe(
      'The pending reservation of a stock micrometer; shown only to roles whose scope holds its building',
    ),
  last_test: z
    .object({ passed: z.boolean(), notes: z.string().nullable(), tested_at: z.string() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** In the answers of one micrometer and of the lists (device health); absent elsewhere. */
  uplink_loss: uplinkLossSchema.nullable().optional(),
});
export type Micrometer = z.infer<typeof micrometerSchema>;

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The API shape of a sensor row: ISO timestamps, JSON columns parsed on every driver. */
export function toMicrometer(record: SensorRecord): Micrometer {
  const test = parsed(record.last_test);
  return {
    ...record,
    install_date: iso(record.install_date),
    last_keepalive: iso(record.last_keepalive),
    last_submission: iso(record.last_submission),
    created_at: iso(record.created_at) ?? '',
    updated_at: iso(record.updated_at) ?? '',
    office_assignment: parsed(record.office_assignment),
    last_test: test && { ...test, tested_at: iso(test.tested_at) ?? '' },
  };
}

export const macParams = z.object({ mac: z.string().min(1).max(64) });
export { countSchema } from '../../lib/http-schemas.ts';
export const updatedSchema = z.object({ updated: z.number().int() });
export const flagParam = z.enum(['0', '1']).transform((v) => v === '1');

export const assignQuerySchema = z
  .object({ mac: z.string().min(1).max(64), action: z.enum(assignActions) })
  .strict();
/** The placement; ignored (and may be empty) for `unassign`. */
export const assignBodySchema = z.union([placementSchema, z.object({}).strict()]);

export const reportIssueSchema = z
  .object({
    sensor_id: idSchema.optional(),
    mac: z.string().min(1).max(64).optional(),
    issue: z.string().trim().min(1, 'Describe the issue').max(1000),
  })
  .strict()
  .refine((v) => v.sensor_id !== undefined || v.mac !== undefined, 'Give sensor_id or mac');
export const issueSchema = z.object({
  sensor_id: z.number().int(),
  issue: z.string().nullable(),
  reported_at: z.string().nullable(),
  reported_by: z.string().nullable(),
});

export const officeAssignSchema = z
  .object({
    building_id: idSchema,
    macs: z.array(z.string().min(1).max(64)).min(1).max(500),
  })
  .strict();
export const officeCancelSchema = z
  .object({
    building_id: idSchema,
    sensor_ids: z.array(idSchema).max(500).optional(),
  })
  .strict();
export const officeAssignmentSchema = z.object({
  id: z.number().int(),
  sensor_id: z.number().int(),
  mac_address: z.string(),
  building_id: z.number().int(),
  building_name: z.string(),
  company_id: z.number().int(),
  status: z.string(),
});
export const buildingOfficeAssignmentSchema = z.object({
  id: z.number().int(),
  sensor_id: z.number().int(),
  mac_address: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export const downlinkSchema = z.object({
  id: z.number().int(),
  sensor_id: z.number().int(),
  mac_address: z.string(),
  company_id: nullableInt,
  building_id: nullableInt,
  building_name: z.string().nullable(),
  port: z.number().int(),
  params: z.record(z.string(), z.number()),
  payload_hex: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type Downlink = z.infer<typeof downlinkSchema>;
