// Backtest of the month-end projection (packages/domain/src/predictions.ts) on the simulator's
// usage model: a year of daily totals for a sample of the demo portfolio's lived-in units, the
// projection run at several days of ten past months (with that morning's use so far), compared
// with the month's actual total. Prints the mean absolute percentage error (MAPE), overall and by
// day of the month, beside a naive baseline (month-to-date mean × days in month); docs/usage.md
// quotes the figures. Run: npx vitest run --project node packages/simulator/src/prediction-backtest.test.ts
import { ApplianceType } from '@flowsight/domain/lookups';
import { type DailyGallons, projectMonth } from '@flowsight/domain/predictions';
import { addDays, daysInMonth, firstOfMonth } from '@flowsight/domain/usage-windows';
import { describe, expect, it } from 'vitest';
import { createFleetSimulation, type SimulatedSensor } from './fleet-simulation.ts';
import { dayNumberOf, localDayStartMs } from './local-time.ts';

const MONTHS = [
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
];
const CUTOFF_DAYS = [3, 8, 15, 22, 28];
const FIRST_DAY = '2025-11-01';
const LAST_DAY = '2026-10-31';
/** Every n-th lived-in unit of the demo portfolio. */
const SAMPLE_EVERY = 3;
/** A month using less than this is left out: a percentage of almost nothing says nothing. */
const MIN_MONTH_GALLONS = 50;
/** "Today" is projected at 10:00 local with the morning's use so far. */
const MORNING_MS = 10 * 3_600_000;

describe('month-end projection backtest on the simulator’s usage model', () => {
  it('stays within the measured error', { timeout: 120_000 }, () => {
    const simulation = createFleetSimulation({ anchor: new Date('2026-11-22T00:00:00Z') });
    const byUnit = new Map<number, SimulatedSensor[]>();
    for (const sensor of simulation.sensors) {
      if (sensor.applianceTypeId === ApplianceType.MainLine) continue;
      const kind = sensor.household.kind;
      if (kind === 'vacant' || kind === 'renovation') continue;
      byUnit.set(sensor.unitKey, [...(byUnit.get(sensor.unitKey) ?? []), sensor]);
    }
    const units = [...byUnit.values()].filter((_, i) => i % SAMPLE_EVERY === 0);
    expect(units.length).toBeGreaterThan(20);

    const use = (sensors: readonly SimulatedSensor[], fromMs: number, toMs: number) =>
      sensors.reduce((sum, sensor) => sum + simulation.use(sensor, fromMs, toMs).gallons, 0);

    const errors: { cutoff: number; error: number; naive: number; inBand: boolean }[] = [];
    for (const sensors of units) {
      const zone = sensors[0]?.household.timeZone ?? 'UTC';
      const start = (day: string) => localDayStartMs(dayNumberOf(day), zone);
      const daily = new Map<string, number>();
      for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 1)) {
        daily.set(day, use(sensors, start(day), start(addDays(day, 1))));
      }
      for (const month of MONTHS) {
        const first = `${month}-01`;
        const length = daysInMonth(first);
        let actual = 0;
        for (let i = 0; i < length; i += 1) actual += daily.get(addDays(first, i)) ?? 0;
        if (actual < MIN_MONTH_GALLONS) continue;
        for (const cutoff of CUTOFF_DAYS) {
          const today = addDays(first, cutoff - 1);
          const history: DailyGallons[] = [];
          for (const [day, gallons] of daily) if (day < today) history.push({ day, gallons });
          history.push({
            day: today,
            gallons: use(sensors, start(today), start(today) + MORNING_MS),
          });
          const projection = projectMonth(history, today);
          const monthToDate = history
            .filter((d) => d.day >= firstOfMonth(today) && d.day < today)
            .reduce((sum, d) => sum + d.gallons, 0);
          const naive = cutoff > 1 ? (monthToDate / (cutoff - 1)) * length : 0;
          errors.push({
            cutoff,
            error: Math.abs(projection.projectedGallons - actual) / actual,
            naive: Math.abs(naive - actual) / actual,
            inBand: projection.lowGallons <= actual && actual <= projection.highGallons,
          });
        }
      }
    }
    const mape = (list: readonly { error: number }[]) =>
      (100 * list.reduce((sum, e) => sum + e.error, 0)) / Math.max(1, list.length);
    const naiveMape = (list: readonly { naive: number }[]) =>
      (100 * list.reduce((sum, e) => sum + e.naive, 0)) / Math.max(1, list.length);
    const overall = mape(errors);
    const coverage = (100 * errors.filter((e) => e.inBand).length) / Math.max(1, errors.length);
    const lines = CUTOFF_DAYS.map((cutoff) => {
      const at = errors.filter((e) => e.cutoff === cutoff);
      return `  day ${String(cutoff).padStart(2)}: MAPE ${mape(at).toFixed(1)} % (naive month-to-date × days: ${naiveMape(at).toFixed(1)} %)`;
    });
    console.log(
      [
        `month-end projection backtest: ${units.length} units, ${errors.length} projections, ` +
          `MAPE ${overall.toFixed(1)} % (naive ${naiveMape(errors).toFixed(1)} %), ` +
          `actual inside the low–high band ${coverage.toFixed(0)} %`,
        ...lines,
      ].join('\n'),
    );
    expect(overall).toBeLessThan(8);
    expect(mape(errors.filter((e) => e.cutoff === 3))).toBeLessThan(12);
    expect(overall).toBeLessThan(naiveMape(errors));
    expect(coverage).toBeGreaterThan(75);
  });
});
