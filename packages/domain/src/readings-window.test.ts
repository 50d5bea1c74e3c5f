import { describe, expect, it } from 'vitest';
import {
  measuredAtBounds,
  READINGS_DEFAULT_WINDOW_DAYS,
  READINGS_EXPORT_MAX_DAYS,
  readingsExportWindow,
} from './readings-window.ts';

const now = new Date('2026-06-15T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const window = (expressions: string[]) => {
  const result = readingsExportWindow(expressions, now);
  if (!result.ok) throw new Error(result.error);
  return [result.window.from.toISOString(), result.window.to.toISOString()];
};

describe('readings windows', () => {
  it('reads the bounds of every filter.measured_at operator, the narrowest winning', () => {
    expect(measuredAtBounds(['$gte:2026-01-01', '$lt:2026-02-01'])).toEqual({
      from: new Date('2026-01-01'),
      to: new Date('2026-02-01'),
    });
    expect(measuredAtBounds(['$btw:2026-03-01,2026-01-01'])).toEqual({
      from: new Date('2026-01-01'),
      to: new Date('2026-03-01'),
    });
    expect(measuredAtBounds(['2026-01-05T10:00:00Z'])).toEqual({
      from: new Date('2026-01-05T10:00:00Z'),
      to: new Date('2026-01-05T10:00:00Z'),
    });
    expect(measuredAtBounds(['$gt:2026-01-01', '$gte:2026-01-10', '$lte:2026-03-01'])).toEqual({
      from: new Date('2026-01-10'),
      to: new Date('2026-03-01'),
    });
    expect(measuredAtBounds(['$ne:2026-01-01', '$in:2026-01-01,2026-01-02', '$null'])).toEqual({});
    expect(measuredAtBounds(['$gte:not-a-date', '$regex:('])).toEqual({});
  });

  it('exports the last 30 days by default, and 30 days before an upper bound alone', () => {
    expect(READINGS_DEFAULT_WINDOW_DAYS).toBe(30);
    expect(window([])).toEqual([ago(30).toISOString(), now.toISOString()]);
    expect(window([`$lte:${ago(100).toISOString()}`])).toEqual([
      ago(130).toISOString(),
      ago(100).toISOString(),
    ]);
    // An end in the future is now.
    expect(window([`$gte:${ago(10).toISOString()}`, '$lt:2030-01-01'])).toEqual([
      ago(10).toISOString(),
      now.toISOString(),
    ]);
  });

  it(`exports at most ${READINGS_EXPORT_MAX_DAYS} days: any calendar quarter in any time zone`, () => {
    expect(READINGS_EXPORT_MAX_DAYS).toBe(93);
    // October to December, the longest quarter, from New York (daylight saving ends inside).
    expect(() => window(['$btw:2025-10-01T04:00:00Z,2026-01-01T04:59:59.999Z'])).not.toThrow();
    expect(() => window([`$gte:${ago(93).toISOString()}`])).not.toThrow();
    const wide = readingsExportWindow([`$gte:${ago(94).toISOString()}`], now);
    expect(wide).toEqual({
      ok: false,
      error: `filter.measured_at: an export covers at most 93 days; this range covers 94 (from ${ago(94).toISOString()} to ${now.toISOString()}). Export a longer period in parts.`,
    });
    expect(readingsExportWindow(['$gte:2000-01-01'], now).ok).toBe(false);
  });
});
