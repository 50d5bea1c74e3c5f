// Rules of the fleet settings (spec section 7 "Sensors", DESIGN section 8): the limits of a fixture
// type's leak-detection parameters, of a configuration default and of a micrometer's gallon
// threshold, with their wording. The server's request schemas and the web's forms both use them.
import { z } from 'zod';
import { idSchema } from './input.ts';
import type { SensorConfigParamRow } from './lookups.ts';

/** Bounds of the detection parameters a system admin may set on a fixture type. */
export const fixtureDetectionLimits = {
  continuousHours: { min: 1, max: 72 },
  hourlyMinGal: { min: 0.001, max: 100 },
  dailyHighGal: { max: 1_000_000 },
  /** Gallon amounts are stored with three decimals. */
  decimals: 3,
} as const;

/** A sensor's own daily threshold: above 0, at most this many gallons, three decimals. */
export const GALLON_THRESHOLD_MAX = 1_000_000;

export const fleetSettingsMessages = {
  continuousHours: 'The continuous-flow window must be a whole number of hours from 1 to 72',
  hourlyMinGal: 'The hourly minimum must be between 0.001 and 100 gallons',
  nightFlow: 'Night flow must be on or off',
  dailyHighGal: 'The daily high must be above 0 and at most 1,000,000 gallons',
  decimals: 'Use at most 3 decimals',
  nothingToChange: 'Name at least one detection parameter to change',
  fixtureNotFound: 'Fixture type not found',
  configDefaultNotFound: 'Configuration default not found',
  configDefaultLocked: 'This configuration default cannot be changed',
  gallonThreshold: 'The gallon threshold must be above 0 and at most 1,000,000 gallons',
  micrometerRequired: 'Give the micrometer’s MAC or its id, not both',
  macInvalid: 'The MAC must be 16 hexadecimal digits',
  micrometerNotFound: 'Micrometer not found',
  micrometerUnassigned: 'Only a micrometer assigned to a company can have a gallon threshold',
  thresholdExists: 'This micrometer already has a gallon threshold',
  thresholdNotFound: 'Gallon threshold not found',
} as const;

const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

const { continuousHours, hourlyMinGal, dailyHighGal, decimals } = fixtureDetectionLimits;
const m = fleetSettingsMessages;

const gallons = (message: string, min: number, max: number, inclusiveMin: boolean) =>
  z
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && (inclusiveMin ? v >= min : v > min) && v <= max, message)
    .refine((v) => hasAtMostDecimals(v, decimals), m.decimals);

/**
 * An edit of a fixture type's detection parameters; fields left out keep their value.
 * `continuous_hours` null: the type is not watched for continuous flow. `daily_high_gal` null: no
 * fleet-wide daily high (the company's or the sensor's threshold still applies).
 */
export const fixtureDetectionUpdateSchema = z
  .object({
    continuous_hours: z
      .number({ error: m.continuousHours })
      .int(m.continuousHours)
      .min(continuousHours.min, m.continuousHours)
      .max(continuousHours.max, m.continuousHours)
      .nullable()
      .optional(),
    hourly_min_gal: gallons(m.hourlyMinGal, hourlyMinGal.min, hourlyMinGal.max, true).optional(),
    night_flow: z.boolean({ error: m.nightFlow }).optional(),
    daily_high_gal: gallons(m.dailyHighGal, 0, dailyHighGal.max, false).nullable().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, m.nothingToChange);
export type FixtureDetectionUpdate = z.infer<typeof fixtureDetectionUpdateSchema>;

/** A gallon threshold's value. */
export const gallonThresholdValueSchema = gallons(
  m.gallonThreshold,
  0,
  GALLON_THRESHOLD_MAX,
  false,
);

/** A new gallon threshold: the micrometer by MAC (any `:`/`-` separators) or by id, and its value. */
export const gallonThresholdCreateSchema = z
  .object({
    mac: z.string().trim().min(1, m.macInvalid).max(40, m.macInvalid).optional(),
    sensor_id: idSchema.optional(),
    value: gallonThresholdValueSchema,
  })
  .strict()
  .refine((body) => (body.mac === undefined) !== (body.sensor_id === undefined), {
    message: m.micrometerRequired,
    path: ['mac'],
  });
export type GallonThresholdCreate = z.infer<typeof gallonThresholdCreateSchema>;

type ConfigParamRange = Pick<SensorConfigParamRow, 'name'> & { min: number; max: number };

/** The refusal of a configuration default's value, naming the range; null when it is valid. */
export function configDefaultProblem(param: ConfigParamRange, value: number): string | null {
  if (Number.isInteger(value) && value >= param.min && value <= param.max) return null;
  return configDefaultRangeMessage(param);
}
export const configDefaultRangeMessage = (param: ConfigParamRange) =>
  `${param.name} must be a whole number from ${param.min} to ${param.max}`;
