// Leak and device alerts as people see them (spec section 7: notifications and each level's
// alerts calls): lists, counts and matching ids per place, the bell's active leaks, the company's
// open leaks, overview and monthly chart, one alert with its monthly cost and the streamed export;
// what people do to one is in alerts.actions.ts, an alert's shape in alerts.shape.ts. Detection
// itself is the engine's.
import {
  incidentsByAlert,
  incidentsMonthlyCost,
  incidentsRate,
  type LeakFacts,
  type LeakIncident,
  leakIncidents,
} from '@flowsight/domain/leak-incidents';
import {
  NotificationCategory,
  NotificationStatus,
  openNotificationStatuses,
} from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { waterCost } from '@flowsight/domain/water-cost';
import { csvFile, keysetChunks } from '../../lib/csv.ts';
import { NotFound } from '../../lib/errors.ts';
import { type ListQueryInput, listEnvelope } from '../../lib/list-query.ts';
import { type Scope, systemScope } from '../../lib/tenant-scope.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import { createAlertActions } from './alerts.actions.ts';
import { alertCsvColumns, alertCsvRow } from './alerts.csv.ts';
import {
  type AlertRecord,
  type AlertSelection,
  type AlertsRepository,
  alertList,
} from './alerts.repository.ts';
import { type Alert, toAlert } from './alerts.shape.ts';
import type { AlertStatus } from './alerts.status.ts';

export type AlertFilters = {
  assigned?: 'me' | 'none' | undefined;
  snoozed?: '0' | '1' | undefined;
};
export type AlertListInput = ListQueryInput & AlertFilters;

/** At most this many ids answer "select all matching the filters". */
export const MAX_MATCHING_IDS = 5000;
const isOpenLeak = (record: AlertRecord) =>
  record.notification_category_id === NotificationCategory.Leak &&
  record.notification_status_id !== NotificationStatus.Closed;
const leakFacts = (record: AlertRecord): LeakFacts => ({
  id: record.id,
  building_id: record.building_id,
  sensor_id: record.sensor_id,
  notification_type_id: record.notification_type_id,
  appliance_type_id: record.appliance_type_id,
  rate: record.rate,
  water_price: record.water_price,
});

type Dependencies = {
  repository: AlertsRepository;
  /** The place check (`requirePlace`) of the portfolio. */
  portfolio: Pick<PortfolioService, 'requirePlace'>;
  /** The one writer of alert statuses (publishes each change). */
  status: AlertStatus;
  now?: () => Date;
};

export function createAlertsService({
  repository,
  portfolio,
  status,
  now = () => new Date(),
}: Dependencies) {
  const { requirePlace } = portfolio;
  async function requireAlert(scope: Scope, id: number) {
    const record = await repository.one(scope, id);
    if (!record) throw new NotFound('Alert not found');
    return record;
  }
  /** The assignee and snooze filters as a selection (`assigned=me`: the caller). */
  const filtered = (scope: Scope, input: AlertFilters, selection: AlertSelection = {}) => ({
    ...selection,
    ...(input.assigned === undefined
      ? {}
      : { assignedTo: input.assigned === 'me' ? scope.userId : ('none' as const) }),
    ...(input.snoozed === undefined ? {} : { snoozed: input.snoozed === '1' }),
  });
  /** The alerts of a page with their last action and their devices' other open alerts. */
  async function enrich(scope: Scope, records: readonly AlertRecord[]): Promise<Alert[]> {
    if (records.length === 0) return [];
    const sensorIds = new Set<number>();
    const gatewayIds = new Set<number>();
    for (const r of records) {
      if (r.sensor_id !== null) sensorIds.add(r.sensor_id);
      if (r.gateway_id !== null) gatewayIds.add(r.gateway_id);
    }
    const openLeaks = records.filter(isOpenLeak);
    const [lastEvents, deviceOpen, incidents] = await Promise.all([
      repository.lastEvents(records.map((r) => r.id)),
      repository.openOfDevices(scope, [...sensorIds], [...gatewayIds]),
      incidentsAround(scope, openLeaks),
    ]);
    const lastOf = new Map(lastEvents.map((e) => [e.alert_id, e]));
    return records.map((r) => toAlert(r, { lastEvent: lastOf.get(r.id), deviceOpen, incidents }));
  }
  /**
   * The incidents of these open leak alerts: an incident never leaves its building, so the open
   * leaks of their buildings (an alert without a building is water of its own).
   */
  async function incidentsAround(scope: Scope, records: readonly AlertRecord[]) {
    if (records.length === 0) return new Map<number, LeakIncident>();
    const buildingIds = [
      ...new Set(records.flatMap((r) => (r.building_id === null ? [] : [r.building_id]))),
    ];
    const facts = await repository.openLeakFacts(scope, { buildingIds });
    return incidentsByAlert(
      leakIncidents([...facts, ...records.filter((r) => r.building_id === null).map(leakFacts)]),
    );
  }
  const one = async (scope: Scope, record: AlertRecord) =>
    (await enrich(scope, [record]))[0] as Alert;
  async function reread(scope: Scope, id: number) {
    const updated = await repository.one(systemScope, id);
    if (!updated) throw new NotFound('Alert not found');
    return one(scope, updated);
  }
  const actions = createAlertActions({ repository, status, now, requireAlert, one, reread });
  async function listed(
    scope: Scope,
    input: AlertListInput,
    url: string,
    selection?: AlertSelection,
  ) {
    const query = alertList.toQuery(input);
    const { rows, total } = await repository.page(scope, query, filtered(scope, input, selection));
    return listEnvelope(await enrich(scope, rows), total, query, url);
  }

  return {
    list: (scope: Scope, input: AlertListInput, url: string) => listed(scope, input, url),
    async count(scope: Scope, input: AlertListInput) {
      const query = alertList.toQuery(input);
      return { count: await repository.count(scope, filtered(scope, input, { query })) };
    },
    /** The ids matching the filters, in list order (at most MAX_MATCHING_IDS), and how many. */
    async ids(scope: Scope, input: AlertListInput) {
      const query = alertList.toQuery(input);
      return repository.ids(scope, query, filtered(scope, input), MAX_MATCHING_IDS);
    },
    async listOfPlace(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      input: AlertListInput,
      url: string,
    ) {
      await requirePlace(scope, level, id);
      return listed(scope, input, url, { place: { level, id } });
    },
    async countOfPlace(scope: Scope, level: PortfolioLevel, id: number, input: AlertListInput) {
      await requirePlace(scope, level, id);
      const query = alertList.toQuery(input);
      return {
        count: await repository.count(
          scope,
          filtered(scope, input, { place: { level, id }, query }),
        ),
      };
    },
    async openCountOfPlace(scope: Scope, level: PortfolioLevel, id: number) {
      await requirePlace(scope, level, id);
      return { count: await repository.count(scope, { place: { level, id }, open: true }) };
    },
    /** A unit's open alerts of one fixture type, optionally of one micrometer. */
    async unitOpenCount(scope: Scope, unitId: number, applianceTypeId: number, mac?: string) {
      await requirePlace(scope, 'unit', unitId);
      return {
        count: await repository.count(scope, {
          place: { level: 'unit', id: unitId },
          open: true,
          applianceTypeId,
          // Text that is no EUI-64 stays as given and so matches no micrometer.
          ...(mac === undefined ? {} : { mac: normalizeMac(mac) ?? mac }),
        }),
      };
    },
    /** The company's open leaks: how many, their rate and monthly cost, newest first. */
    /**
     * The company's open leaks: how many alerts and incidents, the water they lose and its
     * monthly cost with each gallon counted once (the incident rule), and the alerts, newest
     * first (each with its incident).
     */
    async openLeaks(scope: Scope, companyId: number) {
      await requirePlace(scope, 'company', companyId);
      const place = { level: 'company', id: companyId } as const;
      const [records, facts] = await Promise.all([
        repository.list(scope, { place, open: true, leaks: true }, 500),
        repository.openLeakFacts(scope, { place }),
      ]);
      const incidents = leakIncidents(facts);
      const rows = await enrich(scope, records);
      return {
        count: facts.length,
        incidents: incidents.length,
        rate: incidentsRate(incidents),
        monthly_cost: incidentsMonthlyCost(incidents),
        data: rows,
      };
    },
    async overview(scope: Scope, companyId: number) {
      await requirePlace(scope, 'company', companyId);
      const place = { level: 'company', id: companyId } as const;
      const [rows, leaks] = await Promise.all([
        repository.overview(scope, { place }),
        repository.openLeakFacts(scope, { place }),
      ]);
      // Leaks are costed once per incident; usage alerts by their own rates.
      const incidents = leakIncidents(leaks);
      const byCategory = (category: number, statuses: readonly number[]) =>
        rows.filter((r) => r.category === category && statuses.includes(r.status));
      const sum = (list: typeof rows, key: 'count' | 'rate' | 'cost') =>
        list.reduce((total, r) => total + Number(r[key]), 0);
      return {
        categories: [
          NotificationCategory.Leak,
          NotificationCategory.Usage,
          NotificationCategory.DeviceHealth,
        ].map((category) => ({
          notification_category_id: category,
          new: sum(byCategory(category, [NotificationStatus.New]), 'count'),
          acknowledged: sum(byCategory(category, [NotificationStatus.Acknowledged]), 'count'),
          closed: sum(byCategory(category, [NotificationStatus.Closed]), 'count'),
          open_rate:
            category === NotificationCategory.Leak
              ? incidentsRate(incidents)
              : sum(byCategory(category, openNotificationStatuses), 'rate'),
          open_monthly_cost:
            category === NotificationCategory.Leak
              ? incidentsMonthlyCost(incidents)
              : Math.round(sum(byCategory(category, openNotificationStatuses), 'cost') * 100) / 100,
        })),
      };
    },
    /** Alerts first detected per month, 12 months back, in the company's time zone. */
    async chart(scope: Scope, companyId: number, timeZone: string) {
      await requirePlace(scope, 'company', companyId);
      const since = new Date(now().getTime() - 366 * 86_400_000);
      const rows = await repository.perMonth(
        scope,
        { place: { level: 'company', id: companyId } },
        timeZone,
        since,
      );
      const months = [...new Set(rows.map((r) => r.month))].sort();
      return months.map((month) => ({
        month,
        leak:
          rows.find((r) => r.month === month && r.category === NotificationCategory.Leak)?.count ??
          0,
        usage:
          rows.find((r) => r.month === month && r.category === NotificationCategory.Usage)?.count ??
          0,
        device_health:
          rows.find((r) => r.month === month && r.category === NotificationCategory.DeviceHealth)
            ?.count ?? 0,
      }));
    },
    /** The bell: open leak alerts in the caller's scope, newest first. */
    async activeLeaks(scope: Scope) {
      return enrich(scope, await repository.list(scope, { open: true, leaks: true }, 100));
    },
    get: async (scope: Scope, id: number) => one(scope, await requireAlert(scope, id)),
    async monthlyCost(scope: Scope, id: number, gallons: number) {
      const alert = toAlert(await requireAlert(scope, id));
      return {
        gallons,
        water_price: alert.water_price,
        monthly_cost: waterCost(gallons, alert.water_price),
      };
    },
    ...actions,
    exportCsv: (scope: Scope, input: AlertListInput & { timeZone: string }) => {
      const query = alertList.toQuery({ ...input, page: 1, limit: 1 });
      const selection = filtered(scope, input, { query });
      return csvFile(
        'alerts',
        alertCsvColumns,
        keysetChunks(
          async (afterId, limit) =>
            (await repository.chunk(scope, afterId ?? 0, limit, selection)).map(alertCsvRow),
          (row) => row.id,
        ),
        input.timeZone,
        now(),
      );
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
