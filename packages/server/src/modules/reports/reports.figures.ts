// The report calls' figures from the repository's sums: a report's rows (preview and CSV) and the
// system overview, with the helpers that turn thousandths, ids and leaks into what they show.
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
import {
  addDays,
  type DateRange,
  monthEnd,
  monthStart,
  OVERVIEW_DAYS,
  overviewLastDay,
  type ReportDefinition,
  ReportType,
  roundGallons,
  sharePercent,
  UNACCOUNTED_WATER,
  unitCategoryName,
  useSourceLabels,
} from '@flowsight/domain/reports';
import { utcHour } from '@flowsight/domain/usage';
import { sourceOf, type UseSource } from '@flowsight/domain/water-accounting';
import { waterCost } from '@flowsight/domain/water-cost';
import type { Scope } from '../../lib/tenant-scope.ts';
import { iso } from '../../lib/timestamps.ts';
import type { ReportsRepository } from './reports.repository.ts';
import type { Overview, ReportCell } from './reports.schemas.ts';

export const HOUR_MS = 3_600_000;
/** Rollups count thousandths of a gallon. */
export const gallonsOf = (mgal: number) => roundGallons(mgal / 1000);
export const nameIn = (rows: readonly { id: number; name: string }[], id: number | null) =>
  id === null ? null : (rows.find((row) => row.id === id)?.name ?? String(id));
/** The open leaks' monthly cost: each at its property's price, summed in cents. */
/** What open leaks cost a month, each gallon once (the incident rule). */
export const leakCost = (leaks: readonly LeakFacts[]) => incidentsMonthlyCost(leakIncidents(leaks));

/** Where a sum of building-days' use came from. */
export const sourceOfRows = (rows: readonly { metered: number; unmetered: number }[]) =>
  sourceOf(
    rows.reduce((sum, row) => sum + row.metered, 0),
    rows.reduce((sum, row) => sum + row.unmetered, 0),
  );

export type ReportRow = Record<string, ReportCell>;

/** A report's rows for the company over the range (the preview's and the CSV file's). */
export async function reportRows(
  repository: ReportsRepository,
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
            incident === undefined ? ownCost : incident.id === row.id ? incident.monthlyCost : null,
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

/**
 * Call 11's answer: the same for every system role, so requests that overlap share one
 * computation (at ten times the demo fleet it reads about 13,000 log rows; under 8 clients each
 * computing its own it answered p50 96 ms, docs/scaling.md).
 */
export async function overviewAt(repository: ReportsRepository, at: Date): Promise<Overview> {
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
