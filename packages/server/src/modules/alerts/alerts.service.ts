// Leak and device alerts as people see and act on them (spec section 7: notifications and each
// level's alerts calls): lists and counts per place, the bell's active leaks, the company's open
// leaks, overview and monthly chart, one alert with its monthly cost, the status change ("On it",
// "Fixed it" with a note) and the streamed export. Beyond the specification: the
// status change of many alerts at once, the ids matching a list's filters, the assignee, the
// snooze of a leak alert, each alert's last action and its device's other open alerts.
// Detection itself is the engine's.

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
  notificationStatuses,
  notificationTypes,
  openNotificationStatuses,
} from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { waterCost, waterPrice } from '@flowsight/domain/water-cost';
import { z } from 'zod';
import { type CsvColumn, csvFile, keysetChunks } from '../../lib/csv.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { type ListQueryInput, listEnvelope } from '../../lib/list-query.ts';
import { type Scope, seesEverything, systemScope } from '../../lib/tenant-scope.ts';
import { iso } from '../../lib/timestamps.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import {
  type AlertLastEvent,
  type AlertRecord,
  type AlertSelection,
  type AlertsRepository,
  alertList,
  type DeviceOpenAlert,
} from './alerts.repository.ts';
import { type AlertStatus, type AlertStatusTarget, snoozeEndedNote } from './alerts.status.ts';

export const lastActionKinds = [
  'opened',
  'acknowledged',
  'closed',
  'assigned',
  'unassigned',
  'snoozed',
  'snooze-ended',
  'reopened',
] as const;

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
  firstDetected: z.string().describe('first_detected under the specification’s name'),
  status: z
    .number()
    .int()
    .describe('notification_status_id under the specification’s name: 1 New, 2 On it, 3 Fixed it'),
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
  assigned_to_user_id: z.number().int().nullable(),
  assigned_to_name: z.string().nullable(),
  last_action: z
    .object({
      kind: z.enum(lastActionKinds),
      at: z.string(),
      by: z.string().nullable().describe('Who acted; null: the system'),
    })
    .nullable()
    .describe('The newest event of the alert'),
  snoozed_until: z.string().nullable(),
  snooze_reason: z.string().nullable(),
  device_open_alerts: z
    .array(z.object({ id: z.number().int(), notification_type_id: z.number().int() }))
    .describe('The other open alerts of the same micrometer or gateway'),
  incident: z
    .object({
      id: z.number().int().describe('Its lead alert (the largest rate), whose row the cost is on'),
      alert_ids: z.array(z.number().int()).describe('Its open leak alerts, the lead first'),
      rate: z.number().describe('Gallons per month, each gallon counted once'),
      monthly_cost: z.number().describe("The rate at the property's water price"),
    })
    .nullable()
    .describe(
      'An open leak alert’s incident: the open leak alerts that describe the same water (one meter, or a building’s main line with its unaccounted water and fixture leaks), costed once (docs/detection.md, "Incidents"); null for other alerts',
    ),
});
export type Alert = z.infer<typeof alertSchema>;
type LastAction = NonNullable<Alert['last_action']>;

/** What a page of alerts adds to each row: its newest event and its device's other open alerts. */
export type AlertExtras = {
  lastEvent?: AlertLastEvent | undefined;
  deviceOpen?: readonly DeviceOpenAlert[];
  /** The incidents of the open leak alerts around the page's, by alert id. */
  incidents?: ReadonlyMap<number, LeakIncident>;
};

/** The kind of last action an event stands for. */
function lastActionKind(event: AlertLastEvent): LastAction['kind'] {
  switch (event.action) {
    case 'status':
      return event.to_value === NotificationStatus.Closed
        ? 'closed'
        : event.to_value === NotificationStatus.Acknowledged
          ? 'acknowledged'
          : 'reopened';
    case 'assigned':
      return event.to_value === null ? 'unassigned' : 'assigned';
    case 'snoozed':
      return 'snoozed';
    case 'snooze-ended':
      return 'snooze-ended';
    default:
      return 'opened';
  }
}

export function toAlert(record: AlertRecord, extras: AlertExtras = {}): Alert {
  const price = waterPrice(record.water_price);
  const place = [record.company_id, record.property_id, record.building_id, record.unit_id];
  const segments = ['companies', 'properties', 'buildings', 'units'];
  let link = '';
  for (const [i, id] of place.entries()) {
    if (id === null) break;
    link += `/${segments[i]}/${id}`;
  }
  const { building_street, ...rest } = record;
  const { lastEvent } = extras;
  const incident = extras.incidents?.get(record.id);
  return {
    ...rest,
    snoozed_until: iso(record.snoozed_until),
    // No event yet: the alert's opening (by the system) is its last action.
    last_action: lastEvent
      ? { kind: lastActionKind(lastEvent), at: iso(lastEvent.at) ?? '', by: lastEvent.by }
      : { kind: 'opened', at: iso(record.first_detected) ?? '', by: null },
    device_open_alerts: (extras.deviceOpen ?? [])
      .filter(
        (other) =>
          other.id !== record.id &&
          ((record.sensor_id !== null && other.sensor_id === record.sensor_id) ||
            (record.gateway_id !== null && other.gateway_id === record.gateway_id)),
      )
      .map((other) => ({ id: other.id, notification_type_id: other.notification_type_id })),
    incident: incident
      ? {
          id: incident.id,
          alert_ids: [...incident.alertIds],
          rate: incident.rate,
          monthly_cost: incident.monthlyCost,
        }
      : null,
    _id: record.id,
    rate: record.rate,
    monthly_cost: record.rate === null ? null : waterCost(record.rate, price),
    water_price: price,
    first_detected: iso(record.first_detected) ?? '',
    firstDetected: iso(record.first_detected) ?? '',
    status: record.notification_status_id,
    last_detected: iso(record.last_detected) ?? '',
    status_changed_at: iso(record.status_changed_at),
    closed_at: iso(record.closed_at),
    address: [building_street ?? record.building_name, record.unit_name].filter(Boolean).join(', '),
    link: `${link}/alerts`,
  };
}

/** The list filters beyond the list kit's: assignee and snooze. */
export type AlertFilters = {
  assigned?: 'me' | 'none' | undefined;
  snoozed?: '0' | '1' | undefined;
};
export type AlertListInput = ListQueryInput & AlertFilters;

/** A provider staff member without a name, as a tenant sees them. */
const FLOWSIGHT_STAFF = 'Flowsight staff';

/** At most this many ids answer "select all matching the filters". */
export const MAX_MATCHING_IDS = 5000;
const MIN_SNOOZE_MS = 5 * 60_000;
const MAX_SNOOZE_MS = 30 * 86_400_000;
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
const targetOf = (record: AlertRecord): AlertStatusTarget => ({
  alertId: record.id,
  companyId: record.company_id,
  propertyId: record.property_id,
  buildingId: record.building_id,
  unitId: record.unit_id,
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
  /**
   * "On it" (2) or "Fixed it" (3, with an optional note) of one alert. A closed alert stays
   * closed; saying "On it" twice changes nothing. Answers the record when nothing changed.
   */
  async function changeStatus(scope: Scope, id: number, statusId: number, note?: string) {
    const record = await requireAlert(scope, id);
    if (statusId !== NotificationStatus.Acknowledged && statusId !== NotificationStatus.Closed) {
      throw new Invalid('The status must be 2 (On it) or 3 (Fixed it)');
    }
    if (record.notification_status_id === NotificationStatus.Closed) {
      throw new Conflict('This alert is already closed');
    }
    const cleanNote = note?.trim() || undefined;
    if (record.notification_status_id === statusId && cleanNote === undefined) return record;
    await status.change(scope, targetOf(record), {
      statusId,
      at: now(),
      note: cleanNote,
      from: record.notification_status_id,
    });
    return undefined;
  }

  type CsvRow = Omit<Alert, 'status'> & { type: string; status: string; first: Date; last: Date };
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
    /**
     * "On it" (2) or "Fixed it" (3, with an optional note). A closed alert stays closed; saying
     * "On it" twice changes nothing.
     */
    async setStatus(scope: Scope, id: number, statusId: number, note?: string) {
      const unchanged = await changeStatus(scope, id, statusId, note);
      return unchanged ? one(scope, unchanged) : reread(scope, id);
    },
    /**
     * The status change of many alerts, each exactly as the single call (its event, its publish);
     * an alert's refusal is reported with the single call's words and never stops the others.
     */
    async bulkStatus(scope: Scope, ids: readonly number[], statusId: number, note?: string) {
      const changed: number[] = [];
      const failed: { id: number; message: string }[] = [];
      for (const id of ids) {
        try {
          await changeStatus(scope, id, statusId, note);
          changed.push(id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed.push({ id, message: error.message });
        }
      }
      return { changed, failed };
    },
    /**
     * The people the alert may be assigned to, by name. A tenant sees the provider's staff by name
     * only ("Flowsight staff" when they have none), never their addresses.
     */
    async assignableUsers(scope: Scope, id: number) {
      const record = await requireAlert(scope, id);
      const people = await repository.assignableUsers(record.company_id);
      const tenant = !seesEverything(scope);
      return people.map(({ id: userId, name, email, named, staff }) =>
        tenant && staff
          ? { id: userId, name: named ? name : FLOWSIGHT_STAFF, email: null }
          : { id: userId, name, email },
      );
    },
    /**
     * Assigns the alert to a person of its company (or a system-role user), or to nobody (null).
     * The same assignee again changes nothing.
     */
    async assign(scope: Scope, id: number, userId: number | null) {
      const record = await requireAlert(scope, id);
      if (userId !== null) {
        const [person] = await repository.assignableUsers(record.company_id, userId);
        if (!person) throw new Invalid("This person cannot act on this alert's company");
      }
      if (record.assigned_to_user_id === userId) return one(scope, record);
      await status.assign(
        scope,
        targetOf(record),
        { from: record.assigned_to_user_id, to: userId },
        record.notification_status_id,
      );
      return reread(scope, id);
    },
    /**
     * Snoozes an open leak alert until a time more than 5 minutes and at most 30 days ahead: no
     * reminders meanwhile, and back to New when it ends. Snoozing again moves the end.
     */
    async snooze(scope: Scope, id: number, until: Date, reason: string) {
      const record = await requireAlert(scope, id);
      const ahead = until.getTime() - now().getTime();
      if (!(ahead > MIN_SNOOZE_MS && ahead <= MAX_SNOOZE_MS)) {
        throw new Invalid('The snooze must end more than 5 minutes and at most 30 days from now');
      }
      const cleanReason = reason.trim();
      if (cleanReason === '') throw new Invalid('A reason is required');
      if (
        record.notification_category_id !== NotificationCategory.Leak ||
        !openNotificationStatuses.some((s) => s === record.notification_status_id)
      ) {
        throw new Conflict('Only open leak alerts can be snoozed');
      }
      await status.snooze(
        scope,
        targetOf(record),
        { until, reason: cleanReason },
        record.notification_status_id,
      );
      return reread(scope, id);
    },
    /** Ends the alert's snooze now (its status unchanged). */
    async endSnooze(scope: Scope, id: number) {
      const record = await requireAlert(scope, id);
      if (record.snoozed_until === null) throw new Conflict('This alert is not snoozed');
      await status.snooze(
        scope,
        targetOf(record),
        { until: null, reason: snoozeEndedNote(record.snooze_reason) },
        record.notification_status_id,
      );
      return reread(scope, id);
    },
    exportCsv: (scope: Scope, input: AlertListInput & { timeZone: string }) => {
      const query = alertList.toQuery({ ...input, page: 1, limit: 1 });
      const selection = filtered(scope, input, { query });
      return csvFile(
        'alerts',
        csvColumns,
        keysetChunks(
          async (afterId, limit) =>
            (await repository.chunk(scope, afterId ?? 0, limit, selection)).map((record) => {
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
