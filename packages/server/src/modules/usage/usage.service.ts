// Usage analytics: chart windows per granularity at every level,
// use per fixture type, a building's units and unit categories, a company's top units and
// properties, a unit's gallon counts and its month-end projection. Every figure above a unit
// follows the water-accounting rule (docs/usage.md): a building's main line or its fixtures,
// never both, and the water no fixture accounts for shown on its own. The calendar (buckets, local
// dates, DST) and the projection method are the domain's; this service finds the place in the
// caller's scope, resolves its time zone and shapes the rollup sums into answers.
import { Granularity, type GranularityId } from '@flowsight/domain/granularity';
import { applianceTypes } from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { projectionHistoryStart, projectMonth } from '@flowsight/domain/predictions';
import {
  addMonths,
  bucketOfDay,
  bucketOfHour,
  chartWindow,
  rangeMessages,
  resolveDateRange,
} from '@flowsight/domain/usage-windows';
import { localDate } from '@flowsight/domain/wall-clock';
import { sourceOf } from '@flowsight/domain/water-accounting';
import { waterCost, waterPrice } from '@flowsight/domain/water-cost';
import type { z } from 'zod';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { placeCheck, type Scope } from '../../lib/tenant-scope.ts';
import {
  accounting,
  buildingFigures,
  type Counted,
  gallonsOf,
  type RangeInput,
  round3,
  unitAccounting,
} from './usage.figures.ts';
import type { UsageRepository } from './usage.repository.ts';
import type {
  gallonsCountQuerySchema,
  granularityQuerySchema,
  topPropertiesQuerySchema,
  topUnitsQuerySchema,
} from './usage.schemas.ts';

type Dependencies = { repository: UsageRepository; now?: () => Date };

export function createUsageService({ repository, now = () => new Date() }: Dependencies) {
  const requirePlace = placeCheck(repository.place);
  function rangeIn(input: RangeInput, timeZone: string) {
    const range = resolveDateRange(input, timeZone, now());
    if ('error' in range) throw new Invalid(range.error);
    return range;
  }

  return {
    /**
     * Call 1: the chart of a place, every bucket of the window, oldest first. Above a unit each
     * bucket is its buildings' use under the water-accounting rule, with the fixtures' part and
     * the water no fixture accounts for; a unit's is its fixture micrometers'.
     */
    async gallons(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      query: z.output<typeof granularityQuerySchema>,
    ) {
      const place = await requirePlace(scope, level, id);
      const granularity = query.granularity as GranularityId;
      const window = chartWindow(granularity, place.time_zone, now(), query.end);
      const sums = window.buckets.map(() => ({ use: 0, fixtures: 0 }));
      let metered = 0;
      let unmetered = 0;
      const add = (index: number, row: { mgal: number; fixtures: number } & Counted) => {
        const sum = sums[index];
        if (!sum) return;
        sum.use += row.mgal;
        sum.fixtures += row.fixtures;
        metered += row.metered;
        unmetered += row.unmetered;
      };
      const first = window.buckets[0];
      const last = window.buckets.at(-1);
      if (granularity === Granularity.Hourly && first && last) {
        for (const row of await repository.hourly(scope, level, id, first.start, last.end)) {
          add(bucketOfHour(window, row.hour), row);
        }
      } else if (window.days) {
        // Monthly charts of a unit read a row per sensor and month, not a year of days.
        const read = granularity === Granularity.Monthly ? repository.monthly : repository.daily;
        for (const row of await read(scope, level, id, window.days)) {
          add(bucketOfDay(window, row.day), row);
        }
      }
      const buildings = level !== 'unit';
      return {
        granularity,
        time_zone: place.time_zone,
        from: first?.start.toISOString() ?? '',
        to: last?.end.toISOString() ?? '',
        source: buildings ? sourceOf(metered, unmetered) : null,
        data: window.buckets.map((bucket, i) => {
          const sum = sums[i] ?? { use: 0, fixtures: 0 };
          return {
            period: bucket.period,
            start: bucket.start.toISOString(),
            end: bucket.end.toISOString(),
            gallons: gallonsOf(sum.use),
            fixture_gallons: gallonsOf(sum.fixtures),
            unaccounted_gallons: buildings ? gallonsOf(sum.use - sum.fixtures) : null,
          };
        }),
      };
    },

    /**
     * Call 2: use per fixture type with the micrometers on each. Above a unit the total is the
     * buildings' use and the water no fixture accounts for is its own figure beside the types.
     */
    async applianceGallons(scope: Scope, level: PortfolioLevel, id: number, input: RangeInput) {
      const place = await requirePlace(scope, level, id);
      const range = rangeIn(input, place.time_zone);
      const rows = await repository.byAppliance(scope, level, id, range);
      const data = rows.map((row) => ({
        appliance_type_id: row.appliance_type_id,
        gallons: gallonsOf(row.mgal),
        sensors: row.sensors,
      }));
      const fixtures = rows.reduce((sum, row) => sum + row.mgal, 0);
      return {
        ...range,
        time_zone: place.time_zone,
        ...(level === 'unit'
          ? unitAccounting(fixtures)
          : accounting(await repository.use(scope, level, id, range), fixtures)),
        data,
      };
    },

    /** Call 3: every unit of a building with its use. */
    async unitsGallons(scope: Scope, buildingId: number, input: RangeInput) {
      const place = await requirePlace(scope, 'building', buildingId);
      const range = rangeIn(input, place.time_zone);
      const [rows, use] = await Promise.all([
        repository.unitsOfBuilding(scope, buildingId, range),
        repository.use(scope, 'building', buildingId, range),
      ]);
      return {
        ...range,
        ...buildingFigures(use, rows),
        data: rows.map(({ mgal, ...unit }) => ({ ...unit, gallons: gallonsOf(mgal) })),
      };
    },

    /** Call 3: the building's unit categories that have units, with their use. */
    async unitsGallonsByCategory(scope: Scope, buildingId: number, input: RangeInput) {
      const place = await requirePlace(scope, 'building', buildingId);
      const range = rangeIn(input, place.time_zone);
      const [rows, use] = await Promise.all([
        repository.unitsOfBuilding(scope, buildingId, range),
        repository.use(scope, 'building', buildingId, range),
      ]);
      const byCategory = new Map<number, { units: number; mgal: number }>();
      for (const row of rows) {
        const sum = byCategory.get(row.unit_category_id) ?? { units: 0, mgal: 0 };
        sum.units += 1;
        sum.mgal += row.mgal;
        byCategory.set(row.unit_category_id, sum);
      }
      return {
        ...range,
        ...buildingFigures(use, rows),
        data: [...byCategory]
          .sort(([a], [b]) => a - b)
          .map(([category, sum]) => ({
            unit_category_id: category,
            units: sum.units,
            gallons: gallonsOf(sum.mgal),
            gallons_per_unit: round3(sum.mgal / 1000 / sum.units),
          })),
      };
    },

    /**
     * Call 4: the company's units of one category (residential by default) whose fixture
     * micrometers used most water.
     */
    async topUnits(scope: Scope, companyId: number, query: z.output<typeof topUnitsQuerySchema>) {
      const place = await requirePlace(scope, 'company', companyId);
      const { timeZone, limit, unit_category_id: category, ...input } = query;
      const range = rangeIn(input, timeZone ?? place.time_zone);
      const rows = await repository.topUnits(scope, companyId, range, limit, category);
      return {
        ...range,
        data: rows.map(({ mgal, ...unit }) => ({
          ...unit,
          gallons: gallonsOf(mgal),
          company_id: companyId,
        })),
      };
    },

    /** Call 4: the company's properties by use under the water-accounting rule. */
    async topProperties(
      scope: Scope,
      companyId: number,
      query: z.output<typeof topPropertiesQuerySchema>,
    ) {
      const place = await requirePlace(scope, 'company', companyId);
      const { limit, ...input } = query;
      const range = rangeIn(input, place.time_zone);
      const rows = await repository.topProperties(scope, companyId, range, limit);
      return {
        ...range,
        data: rows.map(({ mgal, ...property }) => ({ ...property, gallons: gallonsOf(mgal) })),
      };
    },

    /** Call 5: a unit's gallons and readings, of one fixture type, of one micrometer on it. */
    async gallonsCount(
      scope: Scope,
      unitId: number,
      query: z.output<typeof gallonsCountQuerySchema>,
      fixture?: { applianceTypeId: number; mac?: string },
    ) {
      await requirePlace(scope, 'unit', unitId);
      const { start_date: from, end_date: to } = query;
      if (from && to && from > to) throw new Invalid(rangeMessages.order);
      let sensorId: number | undefined;
      if (fixture) {
        if (!applianceTypes.some((type) => type.id === fixture.applianceTypeId)) {
          throw new Invalid('Unknown fixture type');
        }
        if (fixture.mac !== undefined) {
          const mac = normalizeMac(fixture.mac);
          if (!mac) throw new Invalid('sensor_mac must be a MAC address (16 hex digits)');
          sensorId = await repository.sensorOfFixture(unitId, fixture.applianceTypeId, mac);
          if (sensorId === undefined) throw new NotFound('Micrometer not found on this fixture');
        }
      }
      const { mgal, readings } = await repository.unitCount(
        scope,
        unitId,
        { from, to },
        { applianceTypeId: fixture?.applianceTypeId, sensorId },
      );
      return { gallons: gallonsOf(mgal), readings };
    },

    /** Call 6: the unit's month-end projection in its property's time zone. */
    async predictions(scope: Scope, unitId: number) {
      const place = await requirePlace(scope, 'unit', unitId);
      const today = localDate(now(), place.time_zone);
      const lastMonth = addMonths(today, -1);
      const from = projectionHistoryStart(today);
      const rows = await repository.daily(scope, 'unit', unitId, { from, to: today });
      const projection = projectMonth(
        rows.map((row) => ({ day: row.day, gallons: row.mgal / 1000 })),
        today,
      );
      const monthStart = addMonths(today, 0);
      const lastMonthMgal = rows
        .filter((row) => row.day >= lastMonth && row.day < monthStart)
        .reduce((sum, row) => sum + row.mgal, 0);
      const price = waterPrice(place.water_price_per_kgal);
      return {
        month: projection.month,
        time_zone: place.time_zone,
        days_in_month: projection.daysInMonth,
        days_elapsed: projection.daysElapsed,
        gallons_to_date: round3(projection.gallonsToDate),
        projected_gallons: round3(projection.projectedGallons),
        low_gallons: round3(projection.lowGallons),
        high_gallons: round3(projection.highGallons),
        last_month_gallons: gallonsOf(lastMonthMgal),
        water_price_per_kgal: price,
        projected_cost: waterCost(projection.projectedGallons, price),
        method: projection.method,
        data: projection.days.map((d) => ({ ...d, gallons: round3(d.gallons) })),
      };
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
