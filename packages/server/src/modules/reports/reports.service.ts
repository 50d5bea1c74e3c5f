// Statistics and reports (usage analytics contract, calls 7–11): a place's figures, a unit's
// status, the gallons report of a property or building, the company reports and the system
// overview. It resolves the place in the caller's scope (404 outside it), turns the local dates
// of the place's time zone into the days to read, and prices water with the domain's rule.

import { leakIncidents } from '@flowsight/domain/leak-incidents';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import {
  AVERAGE_DAYS,
  changePercent,
  type DateRange,
  periodStart,
  type ReportDefinition,
  type ReportGranularityId,
  reportDefinitions,
  reportMessages,
  reportPeriods,
  reportTotals,
  reportTypeOf,
  statisticsPlan,
  unitCategoryName,
  unitStatus,
} from '@flowsight/domain/reports';
import { resolveDateRange } from '@flowsight/domain/usage-windows';
import { localDate } from '@flowsight/domain/wall-clock';
import { sourceOf } from '@flowsight/domain/water-accounting';
import { waterPrice } from '@flowsight/domain/water-cost';
import { type CsvFile, csvFile } from '../../lib/csv.ts';
import { Forbidden, Invalid } from '../../lib/errors.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { placeCheck, type Scope, seesEverything } from '../../lib/tenant-scope.ts';
import { iso } from '../../lib/timestamps.ts';
import { gallonsReportCsvLines, reportOverviewCsvLines } from './reports.csv.ts';
import { gallonsOf, leakCost, overviewAt, reportRows, sourceOfRows } from './reports.figures.ts';
import type { Place, ReportsRepository } from './reports.repository.ts';
import type {
  GallonsReport,
  Overview,
  ReportOverview,
  Statistics,
  UnitStatusAnswer,
} from './reports.schemas.ts';

type RangeInput = { from?: string | undefined; to?: string | undefined };
type Dependencies = { repository: ReportsRepository; now?: () => Date };

export function createReportsService({ repository, now = () => new Date() }: Dependencies) {
  const requirePlace = placeCheck(repository.place);
  function rangeOf(input: RangeInput, place: Place): DateRange {
    const range = resolveDateRange(input, place.timeZone, now());
    if ('error' in range) throw new Invalid(range.error);
    return range;
  }

  async function gallonsReport(
    scope: Scope,
    level: 'property' | 'building',
    id: number,
    query: RangeInput & { granularity: number },
  ): Promise<GallonsReport> {
    const place = await requirePlace(scope, level, id);
    const range = rangeOf(query, place);
    const granularity = query.granularity as ReportGranularityId;
    const periods = reportPeriods(range, granularity);
    const indexOf = new Map(periods.map((period, i) => [period.start, i]));
    const periodIndex = (bucket: string) =>
      indexOf.get(bucket) ?? indexOf.get(periodStart(bucket, granularity));
    const [rows, uses] = await Promise.all([
      repository.gallonsReport(scope, level, id, range, granularity),
      repository.periodUse(scope, level, id, range, granularity),
    ]);
    const totals = periods.map(() => 0);
    const data: GallonsReport['data'] = rows.map((row) => {
      const mgal = periods.map(() => 0);
      row.buckets.forEach((bucket, i) => {
        const index = periodIndex(bucket);
        if (index === undefined) return;
        const volume = row.volumes[i] ?? 0;
        mgal[index] = (mgal[index] ?? 0) + volume;
        totals[index] = (totals[index] ?? 0) + volume;
      });
      return {
        unit_id: row.unit_id,
        unit_name: row.unit_name,
        unit_category_id: row.unit_category_id,
        unit_category: unitCategoryName(row.unit_category_id),
        building_id: row.building_id,
        building_name: row.building_name,
        gallons: mgal.map(gallonsOf),
        total_gallons: gallonsOf(mgal.reduce((a, b) => a + b, 0)),
      };
    });
    // The buildings' use per period: the units' fixture micrometers plus the water no fixture
    // accounts for (building use − fixtures, never negative: the rule holds per building-day).
    const use = periods.map(() => 0);
    const unaccounted = periods.map(() => 0);
    for (const row of uses) {
      const index = typeof row.key === 'string' ? periodIndex(row.key) : undefined;
      if (index === undefined) continue;
      use[index] = (use[index] ?? 0) + row.use;
      unaccounted[index] = (unaccounted[index] ?? 0) + row.use - row.fixtures;
    }
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    return {
      from: range.from,
      to: range.to,
      granularity,
      time_zone: place.timeZone,
      periods: periods.map((period) => period.label),
      data,
      totals: totals.map(gallonsOf),
      total_gallons: gallonsOf(sum(totals)),
      unaccounted: unaccounted.map(gallonsOf),
      unaccounted_gallons: gallonsOf(sum(unaccounted)),
      building_use: use.map(gallonsOf),
      building_gallons: gallonsOf(sum(use)),
      source: sourceOfRows(uses),
    };
  }

  async function reportOverview(
    scope: Scope,
    companyId: number,
    report: string,
    query: RangeInput,
  ): Promise<{ answer: ReportOverview; definition: ReportDefinition; place: Place }> {
    const place = await requirePlace(scope, 'company', companyId);
    const reportId = reportTypeOf(report);
    if (reportId === undefined) throw new Invalid(reportMessages.unknownReport);
    const definition = reportDefinitions[reportId];
    const range = rangeOf(query, place);
    const { rows, source } = await reportRows(
      repository,
      scope,
      definition,
      companyId,
      range,
      place.timeZone,
    );
    return {
      definition,
      place,
      answer: {
        report: definition.id,
        name: definition.name,
        from: range.from,
        to: range.to,
        time_zone: place.timeZone,
        columns: definition.columns.map((c) => ({ ...c })),
        rows,
        totals: reportTotals(definition, rows),
        source,
      },
    };
  }

  const sharedOverview = singleFlight(() => overviewAt(repository, now()));

  return {
    async statistics(scope: Scope, level: PortfolioLevel, id: number): Promise<Statistics> {
      const place = await requirePlace(scope, level, id);
      const plan = statisticsPlan(localDate(now(), place.timeZone));
      const row = await repository.statistics(scope, level, id, plan);
      const { figures } = row;
      const compared = gallonsOf(figures.compared);
      const sameDays = gallonsOf(figures.lastMonthSame);
      return {
        time_zone: place.timeZone,
        today_gallons: gallonsOf(figures.today),
        this_month_gallons: gallonsOf(figures.thisMonth),
        last_month_gallons: gallonsOf(figures.lastMonth),
        compared_days: plan.days.comparedDays,
        compared_to: plan.days.comparedTo,
        compared_gallons: compared,
        last_month_same_period_gallons: sameDays,
        change_percent: plan.days.comparedDays === 0 ? null : changePercent(compared, sameDays),
        daily_average_gallons: gallonsOf(figures.averageSum / AVERAGE_DAYS),
        source:
          row.metered_days === null || row.unmetered_days === null
            ? null
            : sourceOf(row.metered_days, row.unmetered_days),
        units: row.units,
        sensors: row.sensors,
        sensors_transmitting: row.transmitting,
        open_alerts: row.open_alerts,
        open_leaks: row.open_leaks,
        open_leak_incidents: leakIncidents(row.leaks).length,
        open_leaks_monthly_cost: leakCost(row.leaks),
        water_price_per_kgal: waterPrice(place.waterPrice),
      };
    },

    async unitStatus(scope: Scope, unitId: number): Promise<UnitStatusAnswer> {
      const place = await requirePlace(scope, 'unit', unitId);
      const row = await repository.unitStatus(scope, unitId, localDate(now(), place.timeZone));
      return {
        unit_id: unitId,
        status: unitStatus({
          sensors: row.sensors,
          sensorsTransmitting: row.transmitting,
          openAlerts: row.open_alerts,
          openLeaks: row.open_leaks,
        }),
        open_alerts: row.open_alerts,
        open_leaks: row.open_leaks,
        sensors: row.sensors,
        sensors_transmitting: row.transmitting,
        last_submission: iso(row.last_submission),
        today_gallons: gallonsOf(row.today),
      };
    },

    gallonsReport,
    async gallonsReportCsv(
      scope: Scope,
      level: 'property' | 'building',
      id: number,
      query: RangeInput & { granularity: number },
    ): Promise<CsvFile> {
      const report = await gallonsReport(scope, level, id, query);
      const { columns, rows } = gallonsReportCsvLines(report);
      return csvFile('gallons-report', columns, rows, report.time_zone, now());
    },

    async reportOverview(scope: Scope, companyId: number, report: string, query: RangeInput) {
      return (await reportOverview(scope, companyId, report, query)).answer;
    },
    async reportOverviewCsv(
      scope: Scope,
      companyId: number,
      report: string,
      query: RangeInput,
    ): Promise<CsvFile> {
      const { answer, definition, place } = await reportOverview(scope, companyId, report, query);
      const { columns, rows } = reportOverviewCsvLines(definition, answer);
      return csvFile(definition.fileName, columns, rows, place.timeZone, now());
    },

    async overview(scope: Scope): Promise<Overview> {
      if (!seesEverything(scope)) throw new Forbidden('The overview is for system roles');
      return sharedOverview();
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
