// Tenant-isolation samples of the gateway routes (merged by `isolation.test.ts`): each points at
// a gateway of the tenant's company (the demo gives every building one), or makes a fresh one
// where the call removes it.
import { GatewayStatus } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import {
  partOf,
  type Sample,
  type Tenant,
  tenantlessGet,
  type World,
} from '../../testing/isolation-kit.ts';

const rowsOf = async (w: World, query: ReturnType<typeof sql>) =>
  ((await w.db.execute(query)) as unknown as { rows: { id: number }[] }).rows;

/** The tenant company's first gateway. */
async function gatewayOf(w: World, tenant: Tenant): Promise<number> {
  const [row] = await rowsOf(
    w,
    sql`select min(id)::int as id from gateways where ${partOf(w[tenant])}`,
  );
  if (!row?.id) throw new Error(`no gateway in company ${w[tenant].id}`);
  return row.id;
}

let serial = 0;
const freshSerial = () => {
  serial += 1;
  return `ISO-GW-${process.pid}-${Date.now().toString(36)}-${serial}`;
};

/** A new gateway in the tenant company's first building, with nothing else depending on it. */
async function freshGatewayOf(w: World, tenant: Tenant): Promise<number> {
  const [row] = await rowsOf(
    w,
    sql`insert into gateways (serial_number, company_id, property_id, building_id)
        select ${freshSerial()}, company_id, property_id, id from buildings
        where ${partOf(w[tenant], 'buildings')} order by id limit 1 returning id`,
  );
  if (!row) throw new Error(`no building in company ${w[tenant].id}`);
  return row.id;
}

const gatewayCall = (rest: string, payload?: object): Sample => ({
  request: async (w, tenant) => ({
    url: `/api/gateways/${await gatewayOf(w, tenant)}${rest}`,
    ...(payload ? { payload } : {}),
  }),
});

export const gatewaySamples: Record<string, Sample> = {
  'GET /gateways': tenantlessGet('/api/gateways?limit=500'),
  'GET /gateways/search-top/:text/5': tenantlessGet('/api/gateways/search-top/FSGW/5'),
  'GET /gateways/export-all': tenantlessGet('/api/gateways/export-all?timeZone=UTC'),
  'POST /gateways': {
    request: async (w, tenant) => ({
      url: '/api/gateways',
      payload: {
        serial_number: freshSerial(),
        name: 'Isolation gateway',
        building_id: await w.firstOf('buildings', w[tenant]),
      },
    }),
  },
  'GET /gateways/:id': gatewayCall(''),
  'PUT /gateways/:id': {
    // Moves the gateway to its own company's first building: history is written too.
    request: async (w, tenant) => ({
      url: `/api/gateways/${await gatewayOf(w, tenant)}`,
      payload: { model: 'Isolation model', building_id: await w.firstOf('buildings', w[tenant]) },
    }),
  },
  'DELETE /gateways/:id': {
    request: async (w, tenant) => ({ url: `/api/gateways/${await freshGatewayOf(w, tenant)}` }),
  },
  'PUT /gateways/:id/disable-alerts/:status': gatewayCall('/disable-alerts/1'),
  'PUT /gateways/:id/status/:status': gatewayCall(`/status/${GatewayStatus.Maintenance}`),
  'GET /gateways/:id/admin-app': gatewayCall('/admin-app'),
  'GET /gateways/:id/buildings-history': gatewayCall('/buildings-history'),
};
