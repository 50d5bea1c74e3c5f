// Tenant-isolation samples of the alert routes (merged by `isolation.test.ts`). Each sample that
// needs an alert opens a fresh one on the tenant's first micrometer.
import { NotificationCategory, NotificationType } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import {
  companyGet,
  firstOfGet,
  partOf,
  type Sample,
  type Tenant,
  tenantlessGet,
  type World,
} from '../../testing/isolation-kit.ts';

/** A new open leak alert on the tenant's first assigned micrometer. */
async function freshAlert(w: World, tenant: Tenant) {
  const { rows } = (await w.db.execute(sql`
    insert into notifications (company_id, property_id, building_id, unit_id, sensor_id, appliance_type_id,
      notification_type_id, notification_category_id, rate, first_detected_at, last_detected_at)
    select company_id, property_id, building_id, unit_id, null, appliance_type_id,
      ${NotificationType.ContinuousFlow}, ${NotificationCategory.Leak}, 1000, now(), now()
    from sensors where ${partOf(w[tenant])} and unit_id is not null order by id limit 1
    returning id`)) as unknown as { rows: { id: number }[] };
  return rows[0]?.id ?? 0;
}
/** A fresh alert of the tenant, snoozed for an hour. */
async function snoozedAlert(w: World, tenant: Tenant) {
  const id = await freshAlert(w, tenant);
  await w.db.execute(sql`
    update notifications set snoozed_until = now() + interval '1 hour', snooze_reason = 'away'
    where id = ${id}`);
  return id;
}
const alertGet = (rest: string): Sample => ({
  request: async (w, tenant) => ({
    url: `/api/notifications/${await freshAlert(w, tenant)}${rest}`,
  }),
});

export const alertSamples: Record<string, Sample> = {
  ...Object.fromEntries(
    (
      [
        ['companies', null],
        ['properties', 'properties'],
        ['buildings', 'buildings'],
        ['units', 'units'],
      ] as const
    ).flatMap(([path, table]) =>
      ['/alerts', '/alerts/count', '/open-alerts-count'].map((rest) => [
        `GET /${path}/:id${rest}`,
        table === null ? companyGet(rest) : firstOfGet(table, rest),
      ]),
    ),
  ),
  'GET /units/:id/open-alerts-count/:applianceId': firstOfGet('units', '/open-alerts-count/5'),
  'GET /units/:id/open-alerts-count/:applianceId/:sensorMac': firstOfGet(
    'units',
    '/open-alerts-count/5/F10A5E0000000000',
  ),
  'GET /companies/:id/open-leaks': companyGet('/open-leaks'),
  'GET /companies/:id/alerts-overview': companyGet('/alerts-overview'),
  'GET /companies/:id/dashboard-chart-alerts': companyGet('/dashboard-chart-alerts?timeZone=UTC'),
  'GET /notifications': tenantlessGet('/api/notifications'),
  'GET /notifications/count': tenantlessGet('/api/notifications/count'),
  'GET /notifications/active-leaks': tenantlessGet('/api/notifications/active-leaks'),
  'GET /notifications/export-all-stream': tenantlessGet(
    '/api/notifications/export-all-stream?timeZone=UTC',
  ),
  'GET /notifications/stream': {
    tenantless: true,
    stream: true,
    request: () => ({ url: '/api/notifications/stream' }),
  },
  'GET /notifications/:id': alertGet(''),
  'GET /notifications/:id/monthly-cost/:gallons': alertGet('/monthly-cost/1200'),
  'PUT /notifications/:id/status/:statusId': {
    request: async (w, tenant) => ({
      url: `/api/notifications/${await freshAlert(w, tenant)}/status/2`,
      payload: {},
    }),
  },
  'GET /notifications/ids': tenantlessGet('/api/notifications/ids?assigned=none'),
  // Another company's alert is not refused as a whole: it is reported as not found in `failed`.
  'POST /notifications/bulk-status': {
    request: async (w, tenant) => ({
      url: '/api/notifications/bulk-status',
      payload: { ids: [await freshAlert(w, tenant)], status_id: 2 },
    }),
    expect: () => 200,
  },
  'GET /notifications/:id/assignable-users': alertGet('/assignable-users'),
  'PUT /notifications/:id/assignee': {
    request: async (w, tenant) => ({
      url: `/api/notifications/${await freshAlert(w, tenant)}/assignee`,
      payload: { user_id: w[tenant].userId },
    }),
  },
  'PUT /notifications/:id/snooze': {
    request: async (w, tenant) => ({
      url: `/api/notifications/${await freshAlert(w, tenant)}/snooze`,
      payload: { until: new Date(Date.now() + 3_600_000).toISOString(), reason: 'Tenant away' },
    }),
  },
  'DELETE /notifications/:id/snooze': {
    request: async (w, tenant) => ({
      url: `/api/notifications/${await snoozedAlert(w, tenant)}/snooze`,
    }),
  },
};
