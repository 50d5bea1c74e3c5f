// Micrometer rules shared by server and web: the assignment request and its refusals, sensor
// configuration parameters (validated against the catalogue's ranges), and the default filter of
// the assigned-micrometers list (spec section 2).
import { z } from 'zod';
import { idParamSchema } from './input.ts';
import {
  ApplianceType,
  SensorState,
  SensorStatus,
  sensorConfigParams,
  UnitCategory,
} from './lookups.ts';

export const assignActions = ['assign', 'reassign', 'unassign'] as const;
export type AssignAction = (typeof assignActions)[number];

const id = idParamSchema;
const smallId = z.coerce.number().int().min(1).max(32_767);

/** Where a micrometer goes: the hierarchy down to the unit, and the fixture slot in the unit. */
export const placementSchema = z
  .object({
    company_id: id,
    property_id: id,
    building_id: id,
    unit_id: id,
    appliance_type_id: z.coerce
      .number()
      .int()
      .refine(
        (value) => Object.values(ApplianceType).includes(value as never),
        'is not a fixture type',
      ),
    room_type_id: smallId.nullish(),
    water_type_id: smallId.nullish(),
  })
  .strict();
export type Placement = z.output<typeof placementSchema>;
/** A placement as sensor rows store it: each field null where it is not set (all while in stock). */
export type StoredPlacement = { [K in keyof Placement]-?: number | null };

/** The exact refusals of `POST /sensors/assign` (and the web's texts for them). */
export const micrometerMessages = {
  notFound: 'Micrometer not found',
  unitNotInBuilding: 'The unit is not in this building',
  buildingNotInProperty: 'The building is not in this property',
  propertyNotInCompany: 'The property is not in this company',
  slotTaken: 'This fixture already has a micrometer',
  alreadyAssigned: 'This micrometer is already assigned',
  notAssigned: 'This micrometer is not assigned',
  defective: 'A defective micrometer cannot be assigned',
  assignmentNotAllowed: 'Your company does not allow assignment',
  placementRequired: 'Choose the company, property, building, unit and fixture',
  noSensorsInBuilding: 'This building has no micrometers',
  flumeMainLine:
    "A Flume meter measures this building's main line: a main-line micrometer there would count its water twice. Unlink the Flume meter first.",
} as const;

/** Sensor configuration: parameter id → value, each within its catalogue range. */
export const configParamsSchema = z
  .record(z.string(), z.number().int())
  .superRefine((params, ctx) => {
    const entries = Object.entries(params);
    if (entries.length === 0)
      ctx.addIssue({ code: 'custom', message: 'Give at least one parameter' });
    for (const [key, value] of entries) {
      const param = sensorConfigParams.find((p) => String(p.id) === key);
      if (!param) {
        ctx.addIssue({ code: 'custom', message: `Unknown configuration parameter ${key}` });
      } else if (value < param.min || value > param.max) {
        ctx.addIssue({
          code: 'custom',
          message: `${param.name} must be between ${param.min} and ${param.max} ${param.unit}`,
        });
      }
    }
  });
export type ConfigParams = Record<string, number>;

/** `{ params }` body of the config and downlink calls. */
export const configBodySchema = z.object({ params: configParamsSchema }).strict();

/** The downlink entries of a configuration, in parameter-id order. */
export const configEntries = (params: ConfigParams) =>
  Object.entries(params)
    .map(([key, value]) => ({ paramId: Number(key), value }))
    .sort((a, b) => a.paramId - b.paramId);

/**
 * The assigned list's default filter: internal units, installed, and — not on phones —
 * transmitting (spec section 2).
 */
export function defaultMicrometerFilter(isPhone: boolean): Record<string, string> {
  const filter: Record<string, string> = {
    'filter.unit_category_id': `$eq:${UnitCategory.Internal}`,
    'filter.sensor_state_id': `$eq:${SensorState.Installed}`,
  };
  if (!isPhone) filter['filter.sensor_status_id'] = `$eq:${SensorStatus.Transmitting}`;
  return filter;
}

/** A sensor is "not transmitting" once it missed this many keep-alive intervals (DESIGN §8). */
export const MISSED_KEEPALIVES = 3;
/** A gateway silent this long is offline (DESIGN §8). */
export const GATEWAY_SILENCE_MS = 60 * 60 * 1000;

/** Keep-alive interval of a micrometer that has not announced its own, seconds. */
export const DEFAULT_KEEPALIVE_INTERVAL_S = 3600;

/** How long a micrometer may stay silent before it counts as offline (DESIGN §8), in ms. */
export const silenceLimitMs = (keepaliveIntervalS: number) =>
  MISSED_KEEPALIVES * keepaliveIntervalS * 1000;

/**
 * When an installed micrometer that has never been heard counts as offline: once it has been
 * installed as long as a heard one may stay silent. Null without an installation time.
 */
export function neverHeardOfflineAt(
  installedAt: Date | string | null,
  keepaliveIntervalS: number,
): number | null {
  if (installedAt === null) return null;
  return new Date(installedAt).getTime() + silenceLimitMs(keepaliveIntervalS);
}
