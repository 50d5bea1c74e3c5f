import { describe, expect, it } from 'vitest';
import {
  configDefaultProblem,
  fixtureDetectionUpdateSchema,
  gallonThresholdCreateSchema,
  gallonThresholdValueSchema,
  fleetSettingsMessages as m,
} from './fleet-settings.ts';
import { sensorConfigParams } from './lookups.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('fixtureDetectionUpdateSchema', () => {
  it('accepts partial edits, null windows and null daily highs', () => {
    expect(fixtureDetectionUpdateSchema.parse({ continuous_hours: 72 })).toEqual({
      continuous_hours: 72,
    });
    expect(
      fixtureDetectionUpdateSchema.parse({
        continuous_hours: null,
        hourly_min_gal: 0.001,
        night_flow: true,
        daily_high_gal: null,
      }),
    ).toMatchObject({ continuous_hours: null, daily_high_gal: null });
  });

  it('names each problem with the limits', () => {
    const result = fixtureDetectionUpdateSchema.safeParse({
      continuous_hours: 0,
      hourly_min_gal: 100.5,
      daily_high_gal: 0,
      night_flow: 'on',
    });
    expect(messages(result)).toEqual([
      m.continuousHours,
      m.hourlyMinGal,
      m.nightFlow,
      m.dailyHighGal,
    ]);
    expect(messages(fixtureDetectionUpdateSchema.safeParse({ continuous_hours: 1.5 }))).toEqual([
      m.continuousHours,
    ]);
    expect(messages(fixtureDetectionUpdateSchema.safeParse({ hourly_min_gal: 0.0015 }))).toEqual([
      m.decimals,
    ]);
    expect(messages(fixtureDetectionUpdateSchema.safeParse({}))).toEqual([m.nothingToChange]);
    expect(fixtureDetectionUpdateSchema.safeParse({ kind: 'toilet' }).success).toBe(false);
  });
});

describe('gallon thresholds', () => {
  it('takes a value above 0 with at most 3 decimals', () => {
    expect(gallonThresholdValueSchema.parse(0.001)).toBe(0.001);
    for (const bad of [0, -1, 1_000_001, 1.0005, Number.NaN]) {
      expect(gallonThresholdValueSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('wants the micrometer by MAC or by id, not both', () => {
    expect(gallonThresholdCreateSchema.safeParse({ mac: 'A1', value: 3 }).success).toBe(true);
    expect(gallonThresholdCreateSchema.safeParse({ sensor_id: 4, value: 3 }).success).toBe(true);
    expect(messages(gallonThresholdCreateSchema.safeParse({ value: 3 }))).toEqual([
      m.micrometerRequired,
    ]);
    expect(
      messages(gallonThresholdCreateSchema.safeParse({ mac: 'A1', sensor_id: 4, value: 3 })),
    ).toEqual([m.micrometerRequired]);
  });
});

describe('configDefaultProblem', () => {
  const [report] = sensorConfigParams;
  it('accepts whole numbers in the range and names the range otherwise', () => {
    if (!report) throw new Error('no parameter');
    expect(configDefaultProblem(report, 60)).toBeNull();
    expect(configDefaultProblem(report, 3600)).toBeNull();
    for (const bad of [59, 3601, 100.5, Number.NaN]) {
      expect(configDefaultProblem(report, bad)).toBe(
        'Report interval must be a whole number from 60 to 3600',
      );
    }
  });
});
