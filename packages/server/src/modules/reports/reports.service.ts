// Statistics and reports (usage analytics contract, calls 7–11): a place's figures, a unit's
// status, the gallons report of a property or building, the company reports and the system
// overview. It resolves the place in the caller's scope (404 outside it), turns the local dates
// of the place's time zone into the days to read, and prices water with the domain's rule.

import {
  incidentsByAlert,
  incidentsMonthlyCost,
  type LeakFacts,
  leakIncidents,
} from '@flowsight/domain/leak-incidents';
import {
  applianceTypes,
  NotificationStatus,
  notificationStatuses,
  notificationTypes,
  sensorStates,
  sensorStatuses,
} from '@flowsight/domain/lookups';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import {
  AVERAGE_DAYS,
  addDays,
  BUILDING_USE,
  changePercent,
  csvFigure,
  csvHeading,
  csvName,
  type DateRange,
  monthEnd,
  monthStart,
  OVERVIEW_DAYS,
  overviewLastDay,
  periodStart,
  type ReportDefinition,
  type ReportGranularityId,
  ReportType,
  reportDefinitions,
  reportMessages,
  reportPeriods,
  reportTotals,
  reportTypeOf,
  roundGallons,
  sharePercent,
  statisticsPlan,
  UNACCOUNTED_WATER,
  unitCategoryName,
  unitStatus,
  useSourceLabels,
} from '@flowsight/domain/reports';
import { utcHour } from '@flowsight/domain/usage';
import { resolveDateRange } from '@flowsight/domain/usage-windows';
import { localDate } from '@flowsight/domain/wall-clock';
import { sourceOf, type UseSource } from '@flowsight/domain/water-accounting';
import { waterCost, waterPrice } from '@flowsight/domain/water-cost';
import { type CsvColumn, type CsvFile, csvFile } from '../../lib/csv.ts';
import { Forbidden, Invalid } from '../../lib/errors.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { placeCheck, type Scope, seesEverything } from '../../lib/tenant-scope.ts';
import { iso } from '../../lib/timestamps.ts';
import type { Place, ReportsRepository } from './reports.repository.ts';
import type {
  GallonsReport,
  Overview,
  ReportCell,
  ReportOverview,
  Statistics,
  UnitStatusAnswer,
} from './reports.schemas.ts';

const HOUR_MS = 3_600_000;
/** Rollups count thousandths of a gallon. */
const gallonsOf = (mgal: number) => roundGallons(mgal / 1000);
const nameIn = (rows: readonly { id: number; name: string }[], id: number | null) =>
  id === null ? null : (rows.find((row) => row.id === id)?.name ?? String(id));
/** The open leaks' monthly cost: each at its property's price, summed in cents. */
/** What open leaks cost a month, each gallon once (the incident rule). */
const leakCost = (leaks: readonly LeakFacts[]) => incidentsMonthlyCost(leakIncidents(leaks));

/** Where a sum of building-days' use came from. */
const sourceOfRows = (rows: readonly { metered: number; unmetered: number }[]) =>
  sourceOf(
    rows.reduce((sum, row) => sum + row.metered, 0),
    rows.reduce((sum, row) => sum + row.unmetered, 0),
  );

type RangeInput = { from?: string | undefined; to?: string | undefined };
type ReportRow = Record<string, ReportCell>;
/** A report row for the CSV writer: date columns as instants, written in the company's zone. */
type ReportCsvRow = Record<string, string | number | Date | null>;
/** A gallons-report CSV line: building, unit, category, one cell per period (`p0`…), total. */
type GallonsCsvRow = { building: string; unit: string; category: string; total: number } & {
  [period: `p${number}`]: number;
};

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

  async function reportRows(
    scope: Scope,
    definition: ReportDefinition,
    companyId: number,
    range: DateRange,
    timeZone: string,
  ): Promise<{ rows: ReportRow[]; source: UseSource | null }> {
    switch (definition.id) {
      case ReportType.UsageByUnit: {
        const rows = (await repository.usageByUnit(scope, companyId, range)).map((row) => {
          const gallons = gallonsOf(row.volume);
          return {
            property_name: row.property_name,
            building_name: row.building_name,
            unit_name: row.unit_name,
            unit_category: unitCategoryName(row.unit_category_id),
            gallons,
            cost: waterCost(gallons, row.water_price),
          };
        });
        return { rows, source: null };
      }
      case ReportType.UsageByFixture: {
        const [fixtures, place] = await Promise.all([
          repository.usageByFixture(scope, companyId, range),
          repository.placeUse(scope, 'company', companyId, range),
        ]);
        // Shares of the buildings' use: the fixture types and the water none of them accounts for.
        const unaccounted = place.use - place.fixtures;
        const rows = [
          ...fixtures.map((row) => ({
            appliance_type_id: row.appliance_type_id,
            fixture: nameIn(applianceTypes, row.appliance_type_id) ?? 'No fixture',
            sensors: row.sensors,
            gallons: gallonsOf(row.volume),
            share_percent: sharePercent(row.volume, place.use),
          })),
          {
            appliance_type_id: null,
            fixture: UNACCOUNTED_WATER,
            sensors: null,
            gallons: gallonsOf(unaccounted),
            share_percent: sharePercent(unaccounted, place.use),
          },
        ];
        return { rows, source: sourceOf(place.metered, place.unmetered) };
      }
      case ReportType.LeakAlerts: {
        const alerts = await repository.leakAlerts(scope, companyId, range, timeZone);
        // The open alerts are every open leak of the company in scope, so their incidents are
        // whole: each incident's cost stands on its lead's row, the others name it.
        const incidents = incidentsByAlert(
          leakIncidents(
            alerts.filter((row) => row.notification_status_id !== NotificationStatus.Closed),
          ),
        );
        const rows = alerts.map((row) => {
          const incident = incidents.get(row.id);
          const ownCost = row.rate === null ? null : waterCost(row.rate, row.water_price);
          return {
            id: row.id,
            property_name: row.property_name,
            building_name: row.building_name,
            unit_name: row.unit_name,
            fixture: nameIn(applianceTypes, row.appliance_type_id),
            type: nameIn(notificationTypes, row.notification_type_id),
            status: nameIn(notificationStatuses, row.notification_status_id),
            first_detected: iso(row.first_detected),
            rate: row.rate,
            incident: incident?.id ?? null,
            monthly_cost:
              incident === undefined
                ? ownCost
                : incident.id === row.id
                  ? incident.monthlyCost
                  : null,
          };
        });
        return { rows, source: null };
      }
      case ReportType.SensorHealth: {
        const rows = (await repository.sensorHealth(scope, companyId)).map((row) => ({
          mac_address: row.mac_address,
          property_name: row.property_name,
          building_name: row.building_name,
          unit_name: row.unit_name,
          fixture: nameIn(applianceTypes, row.appliance_type_id),
          state: nameIn(sensorStates, row.sensor_state_id),
          status: nameIn(sensorStatuses, row.sensor_status_id),
          battery: row.battery,
          last_keepalive: iso(row.last_keepalive),
          last_submission: iso(row.last_submission),
        }));
        return { rows, source: null };
      }
      case ReportType.CostEstimate: {
        const properties = await repository.costEstimate(scope, companyId, range);
        const rows = properties.map((row) => {
          const gallons = gallonsOf(row.volume);
          return {
            property_name: row.property_name,
            gallons,
            source: useSourceLabels[sourceOf(row.metered, row.unmetered)],
            water_price: row.water_price,
            cost: waterCost(gallons, row.water_price),
            open_leaks_monthly_cost: leakCost(row.leaks),
          };
        });
        return { rows, source: sourceOfRows(properties) };
      }
      default: {
        const unreachable: never = definition.id;
        return unreachable;
      }
    }
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
    const { rows, source } = await reportRows(scope, definition, companyId, range, place.timeZone);
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

  /**
   * Call 11's answer: the same for every system role, so requests that overlap share one
   * computation (at ten times the demo fleet it reads about 13,000 log rows; under 8 clients each
   * computing its own it answered p50 96 ms, docs/scaling.md).
   */
  async function computeOverview(): Promise<Overview> {
    const at = now();
    // The chart's days are the properties' local days, ending on the latest one begun.
    const lastDay = overviewLastDay(await repository.propertyTimeZones(), at);
    const firstDay = addDays(lastDay, -(OVERVIEW_DAYS - 1));
    const since = new Date(utcHour(at).getTime() - 23 * HOUR_MS);
    const month = { from: monthStart(lastDay), to: monthEnd(lastDay) };
    const [counts, companies] = await Promise.all([
      repository.overviewCounts(since, { from: firstDay, to: lastDay }),
      repository.overviewCompanies(month),
    ]);
    const byDay = new Map(counts.usage_by_day);
    return {
      companies: counts.companies,
      properties: counts.properties,
      buildings: counts.buildings,
      units: counts.units,
      sensors: {
        total: counts.sensors_total,
        assigned: counts.sensors_assigned,
        stock: counts.sensors_total - counts.sensors_assigned,
        transmitting: counts.sensors_transmitting,
        not_transmitting: counts.sensors_assigned - counts.sensors_transmitting,
        low_battery: counts.sensors_low_battery,
      },
      gateways: {
        total: counts.gateways_total,
        online: counts.gateways_online,
        offline: counts.gateways_offline,
      },
      alerts: {
        open: counts.alerts_new + counts.alerts_acknowledged,
        new: counts.alerts_new,
        acknowledged: counts.alerts_acknowledged,
        open_leaks: counts.open_leaks,
        open_leak_incidents: leakIncidents(counts.leaks).length,
        open_leaks_monthly_cost: leakCost(counts.leaks),
      },
      readings_last_24h: counts.readings,
      gallons_last_24h: gallonsOf(counts.volume_24h),
      usage_by_day: Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
        const day = addDays(firstDay, i);
        return { day, gallons: gallonsOf(byDay.get(day) ?? 0) };
      }),
      companies_list: companies.map((row) => ({
        company_id: row.company_id,
        name: row.name,
        sensors: row.sensors,
        transmitting: row.transmitting,
        open_alerts: row.open_alerts,
        gallons_this_month: gallonsOf(row.volume),
      })),
    };
  }
  const sharedOverview = singleFlight(computeOverview);

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
      const columns: CsvColumn<GallonsCsvRow>[] = [
        { key: 'building', header: 'Building', kind: 'text' },
        { key: 'unit', header: 'Unit', kind: 'text' },
        { key: 'category', header: 'Unit category', kind: 'text' },
        ...report.periods.map(
          (label, i): CsvColumn<GallonsCsvRow> => ({ key: `p${i}`, header: label, kind: 'number' }),
        ),
        { key: 'total', header: 'Total', kind: 'number' },
      ];
      const line = (
        building: string,
        unit: string,
        category: string,
        gallons: number[],
        total: number,
      ) => {
        const row: GallonsCsvRow = { building, unit, category, total: csvFigure('number', total) };
        for (const [i, value] of gallons.entries()) row[`p${i}`] = csvFigure('number', value);
        return row;
      };
      async function* rows(): AsyncGenerator<GallonsCsvRow> {
        for (const unit of report.data) {
          yield line(
            unit.building_name,
            unit.unit_name,
            unit.unit_category,
            unit.gallons,
            unit.total_gallons,
          );
        }
        // The units' total, the water no fixture accounts for, and the two together: the
        // buildings' use, the figure of the place's statistics.
        yield line('Total', '', '', report.totals, report.total_gallons);
        yield line(UNACCOUNTED_WATER, '', '', report.unaccounted, report.unaccounted_gallons);
        yield line(BUILDING_USE, '', '', report.building_use, report.building_gallons);
      }
      return csvFile('gallons-report', columns, rows(), report.time_zone, now());
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
      // The columns are data (one list per report type), so their row type is only known here.
      // Figures stay numbers, rounded as people read them, the currency in the heading; fixture
      // names read as names ("Main line").
      const columns = definition.columns.map((c) => ({
        key: c.key,
        header: csvHeading(c.label, c.kind),
        kind: c.kind === 'money' ? 'number' : c.kind,
      })) as unknown as CsvColumn<ReportCsvRow>[];
      async function* rows(): AsyncGenerator<ReportCsvRow> {
        for (const row of answer.rows) {
          const line: ReportCsvRow = {};
          for (const { key, kind } of definition.columns) {
            const value = row[key] ?? null;
            if (kind === 'date') line[key] = typeof value === 'string' ? new Date(value) : null;
            else if ((kind === 'number' || kind === 'money') && typeof value === 'number')
              line[key] = csvFigure(kind, value);
            else if (key === 'fixture' && typeof value === 'string') line[key] = csvName(value);
            else line[key] = value;
          }
          yield line;
        }
      }
      return csvFile(definition.fileName, columns, rows(), place.timeZone, now());
    },

    async overview(scope: Scope): Promise<Overview> {
      if (!seesEverything(scope)) throw new Forbidden('The overview is for system roles');
      return sharedOverview();
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
