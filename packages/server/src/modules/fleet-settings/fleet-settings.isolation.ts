// Tenant-isolation samples of the fleet settings (fixtures catalogue, configuration defaults,
// gallon thresholds) routes (merged by `isolation.test.ts`). The catalogue and the defaults are
// shared reference data: their edits write back the value already stored, so the samples leave
// the detection parameters other tests rely on untouched.
import { sql } from 'drizzle-orm';
import {
  type Company,
  partOf,
  type Sample,
  tenantlessGet,
  type World,
} from '../../testing/isolation-kit.ts';

const rows = async <T>(w: World, text: ReturnType<typeof sql>) =>
  ((await w.db.execute(text)) as unknown as { rows: T[] }).rows;

/** An assigned micrometer of the company that has no gallon threshold yet. */
async function freeSensor(w: World, company: Company) {
  const [row] = await rows<{ id: number; mac: string }>(
    w,
    sql`select id, mac_address as mac from sensors where ${partOf(company)}
        and id not in (select sensor_id from sensor_gallon_thresholds) order by id limit 1`,
  );
  if (!row) throw new Error(`company ${company.id} has no micrometer without a threshold`);
  return row;
}

/** A new gallon threshold on one of the company's micrometers. */
async function freshThreshold(w: World, company: Company) {
  const sensor = await freeSensor(w, company);
  const [row] = await rows<{ id: number }>(
    w,
    sql`insert into sensor_gallon_thresholds (sensor_id, company_id, value)
        values (${sensor.id}, ${company.id}, 50) returning id`,
  );
  return row?.id ?? 0;
}

export const fleetSettingsSamples: Record<string, Sample> = {
  'GET /appliances': tenantlessGet('/api/appliances'),
  'PUT /appliances/:id': {
    tenantless: true,
    request: async (w) => {
      const [toilet] = await rows<{ continuous_hours: number | null }>(
        w,
        sql`select continuous_hours from appliance_types where id = 5`,
      );
      return {
        url: '/api/appliances/5',
        payload: { continuous_hours: toilet?.continuous_hours ?? null },
      };
    },
  },
  'GET /sensors/config-defaults': tenantlessGet('/api/sensors/config-defaults'),
  'PUT /sensors/config-defaults/:id/:value': {
    tenantless: true,
    request: async (w) => {
      const [param] = await rows<{ value: number }>(
        w,
        sql`select value from sensor_config_defaults where id = 1`,
      );
      return { url: `/api/sensors/config-defaults/1/${param?.value ?? 900}` };
    },
  },
  'GET /sensors/gallon-thresholds': tenantlessGet('/api/sensors/gallon-thresholds?limit=500'),
  'POST /sensors/gallon-thresholds': {
    request: async (w, tenant) => ({
      url: '/api/sensors/gallon-thresholds',
      payload: { mac: (await freeSensor(w, w[tenant])).mac, value: 120 },
    }),
  },
  'PUT /sensors/gallon-thresholds/:id/:value': {
    request: async (w, tenant) => ({
      url: `/api/sensors/gallon-thresholds/${await freshThreshold(w, w[tenant])}/80`,
    }),
  },
  'DELETE /sensors/gallon-thresholds/:id': {
    request: async (w, tenant) => ({
      url: `/api/sensors/gallon-thresholds/${await freshThreshold(w, w[tenant])}`,
    }),
  },
};
