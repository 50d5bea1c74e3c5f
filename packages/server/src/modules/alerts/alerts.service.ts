// Leak and device alerts as people see and act on them (spec section 7: notifications and each
// level's alerts calls): lists and counts per place, the bell's active leaks, the company's open
// leaks, overview and monthly chart, one alert with its monthly cost, the status change ("On it",
// "Fixed it" with a note) and the streamed export. Detection itself is the engine's.

import {
  NotificationCategory,
  NotificationStatus,
  notificationStatuses,
  notificationTypes,
  openNotificationStatuses,
} from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { roundMoney } from '@flowsight/domain/reports';
import { waterCost, waterPrice } from '@flowsight/domain/water-cost';
import { z } from 'zod';
import { type CsvColumn, csvFile, keysetChunks } from '../../lib/csv.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { type ListQueryInput, listEnvelope } from '../../lib/list-query.ts';
import { type Scope, systemScope } from '../../lib/tenant-scope.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import {
  type AlertRecord,
  type AlertSelection,
  type AlertsRepository,
  alertList,
} from './alerts.repository.ts';
import type { AlertStatus } from './alerts.status.ts';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export const alertSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  company_id: z.number().int(),
  property_id: z.number().int().nullable(),
  building_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  sensor_id: z.number().int().nullable(),
  mac_address: z.string().nullable(),
  gateway_id: z.number().int().nullable(),
  gateway_serial: z.string().nullable(),
  appliance_type_id: z.number().int().nullable(),
  appliance: z.string().nullable(),
  room_type_id: z.number().int().nullable(),
  room: z.string().nullable(),
  notification_type_id: z.number().int(),
  notification_category_id: z.number().int(),
  notification_status_id: z.number().int(),
  rate: z.number().nullable().describe('Gallons per month'),
  monthly_cost: z.number().nullable().describe("Rate at the property's water price"),
  water_price: z.number().describe('Price per 1,000 gallons'),
  first_detected: z.string(),
  last_detected: z.string(),
  note: z.string().nullable(),
  address: z.string(),
  link: z.string().describe('Web path of the place the alert is about'),
  company_name: z.string().nullable(),
  property_name: z.string().nullable(),
  building_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  status_changed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export function toAlert(record: AlertRecord): Alert {
  const price = waterPrice(record.water_price);
  const place = [record.company_id, record.property_id, record.building_id, record.unit_id];
  const segments = ['companies', 'properties', 'buildings', 'units'];
  let link = '';
  for (const [i, id] of place.entries()) {
    if (id === null) break;
    link += `/${segments[i]}/${id}`;
  }
  const { building_street, ...rest } = record;
  return {
    ...rest,
    _id: record.id,
    rate: record.rate,
    monthly_cost: record.rate === null ? null : waterCost(record.rate, price),
    water_price: price,
    first_detected: iso(record.first_detected) ?? '',
    last_detected: iso(record.last_detected) ?? '',
    status_changed_at: iso(record.status_changed_at),
    closed_at: iso(record.closed_at),
    address: [building_street ?? record.building_name, record.unit_name].filter(Boolean).join(', '),
    link: `${link}/alerts`,
  };
}

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
  async function listed(
    scope: Scope,
    input: ListQueryInput,
    url: string,
    selection?: AlertSelection,
  ) {
    const query = alertList.toQuery(input);
    const { rows, total } = await repository.page(scope, query, selection);
    return listEnvelope(rows.map(toAlert), total, query, url);
  }

  type CsvRow = Alert & { type: string; status: string; first: Date; last: Date };
  const csvColumns: readonly CsvColumn<CsvRow>[] = [
    { key: 'id', header: 'Alert', kind: 'number' },
    { key: 'type', header: 'Type', kind: 'text' },
    { key: 'status', header: 'Status', kind: 'text' },
    { key: 'company_name', header: 'Company', kind: 'text' },
    { key: 'property_name', header: 'Property', kind: 'text' },
    { key: 'address', header: 'Address', kind: 'text' },
    { key: 'room', header: 'Room', kind: 'text' },
    { key: 'appliance', header: 'Fixture', kind: 'text' },
    { key: 'mac_address', header: 'MAC', kind: 'text' },
    { key: 'gateway_serial', header: 'Gateway', kind: 'text' },
    { key: 'rate', header: 'Rate (gal/month)', kind: 'number' },
    { key: 'monthly_cost', header: 'Monthly cost', kind: 'number' },
    { key: 'first', header: 'First detected', kind: 'date' },
    { key: 'last', header: 'Last detected', kind: 'date' },
    { key: 'note', header: 'Note', kind: 'text' },
  ];

  return {
    list: (scope: Scope, input: ListQueryInput, url: string) => listed(scope, input, url),
    async count(scope: Scope, input: ListQueryInput) {
      const query = alertList.toQuery(input);
      return { count: await repository.count(scope, { query }) };
    },
    async listOfPlace(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      input: ListQueryInput,
      url: string,
    ) {
      await requirePlace(scope, level, id);
      return listed(scope, input, url, { place: { level, id } });
    },
    async countOfPlace(scope: Scope, level: PortfolioLevel, id: number, input: ListQueryInput) {
      await requirePlace(scope, level, id);
      const query = alertList.toQuery(input);
      return { count: await repository.count(scope, { place: { level, id }, query }) };
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
    async openLeaks(scope: Scope, companyId: number) {
      await requirePlace(scope, 'company', companyId);
      const rows = (
        await repository.list(
          scope,
          { place: { level: 'company', id: companyId }, open: true, leaks: true },
          500,
        )
      ).map(toAlert);
      return {
        count: rows.length,
        rate: rows.reduce((sum, a) => sum + (a.rate ?? 0), 0),
        monthly_cost: roundMoney(rows.reduce((sum, a) => sum + (a.monthly_cost ?? 0), 0)),
        data: rows,
      };
    },
    async overview(scope: Scope, companyId: number) {
      await requirePlace(scope, 'company', companyId);
      const rows = await repository.overview(scope, { place: { level: 'company', id: companyId } });
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
          open_rate: sum(byCategory(category, openNotificationStatuses), 'rate'),
          open_monthly_cost:
            Math.round(sum(byCategory(category, openNotificationStatuses), 'cost') * 100) / 100,
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
      return (await repository.list(scope, { open: true, leaks: true }, 100)).map(toAlert);
    },
    get: async (scope: Scope, id: number) => toAlert(await requireAlert(scope, id)),
    async monthlyCost(scope: Scope, id: number, gallons: number) {
      const alert = toAlert(await requireAlert(scope, id));
      return {
        gallons,
        water_price: alert.water_price,
        monthly_cost: waterCost(gallons, alert.water_price),
      };
    },
    /**
     * "On it" (2) or "Fixed it" (3, with an optional note). A closed alert stays closed; saying
     * "On it" twice changes nothing.
     */
    async setStatus(scope: Scope, id: number, statusId: number, note?: string) {
      const record = await requireAlert(scope, id);
      if (statusId !== NotificationStatus.Acknowledged && statusId !== NotificationStatus.Closed) {
        throw new Invalid('The status must be 2 (On it) or 3 (Fixed it)');
      }
      if (record.notification_status_id === NotificationStatus.Closed) {
        throw new Conflict('This alert is already closed');
      }
      const cleanNote = note?.trim() || undefined;
      if (record.notification_status_id === statusId && cleanNote === undefined)
        return toAlert(record);
      await status.change(
        scope,
        {
          alertId: id,
          companyId: record.company_id,
          propertyId: record.property_id,
          buildingId: record.building_id,
          unitId: record.unit_id,
        },
        { statusId, at: now(), note: cleanNote, from: record.notification_status_id },
      );
      const updated = await repository.one(systemScope, id);
      if (!updated) throw new NotFound('Alert not found');
      return toAlert(updated);
    },
    exportCsv: (scope: Scope, input: ListQueryInput & { timeZone: string }) => {
      const query = alertList.toQuery({ ...input, page: 1, limit: 1 });
      return csvFile(
        'alerts',
        csvColumns,
        keysetChunks(
          async (afterId, limit) =>
            (await repository.chunk(scope, afterId ?? 0, limit, { query })).map((record) => {
              const alert = toAlert(record);
              return {
                ...alert,
                type:
                  notificationTypes.find((t) => t.id === alert.notification_type_id)?.name ?? '',
                status:
                  notificationStatuses.find((s) => s.id === alert.notification_status_id)?.name ??
                  '',
                first: new Date(alert.first_detected),
                last: new Date(alert.last_detected),
              };
            }),
          (row) => row.id,
        ),
        input.timeZone,
        now(),
      );
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
