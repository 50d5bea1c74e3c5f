// Tenant-isolation samples of the usage routes (merged by `isolation.test.ts`): each reads the
// tenant's first record of the level; another company's is 404.
import { sql } from 'drizzle-orm';
import {
  companyGet,
  firstOfGet,
  partOf,
  type Sample,
  type Tenant,
  type World,
} from '../../testing/isolation-kit.ts';

/** The tenant's first unit with a micrometer on a fixture, and that micrometer. */
async function fittedUnit(w: World, tenant: Tenant) {
  const { rows } = (await w.db.execute(sql`
    select unit_id, appliance_type_id, mac_address from sensors
    where ${partOf(w[tenant])} and unit_id is not null and appliance_type_id is not null
    order by id limit 1`)) as unknown as {
    rows: { unit_id: number; appliance_type_id: number; mac_address: string }[];
  };
  const row = rows[0];
  if (!row) throw new Error(`no fitted unit in company ${w[tenant].id}`);
  return row;
}

export const usageSamples: Record<string, Sample> = {
  ...Object.fromEntries(
    (
      [
        ['companies', null],
        ['properties', 'properties'],
        ['buildings', 'buildings'],
        ['units', 'units'],
      ] as const
    ).flatMap(([path, table]) =>
      ['/gallons?granularity=2', '/appliance-gallons'].map((rest) => [
        `GET /${path}/:id${rest.split('?')[0]}`,
        table === null ? companyGet(rest) : firstOfGet(table, rest),
      ]),
    ),
  ),
  'GET /buildings/:id/units-gallons': firstOfGet('buildings', '/units-gallons'),
  'GET /buildings/:id/units-gallons/grouped-by-category': firstOfGet(
    'buildings',
    '/units-gallons/grouped-by-category',
  ),
  'GET /companies/:id/top-gallons-units': companyGet('/top-gallons-units?timeZone=UTC&limit=50'),
  'GET /companies/:id/top-gallons-properties': companyGet('/top-gallons-properties?limit=50'),
  'GET /units/:id/gallons-count': firstOfGet('units', '/gallons-count'),
  'GET /units/:id/gallons-count/:applianceId': {
    request: async (w, tenant) => {
      const fitted = await fittedUnit(w, tenant);
      return { url: `/api/units/${fitted.unit_id}/gallons-count/${fitted.appliance_type_id}` };
    },
  },
  'GET /units/:id/gallons-count/:applianceId/:sensor_mac': {
    request: async (w, tenant) => {
      const fitted = await fittedUnit(w, tenant);
      return {
        url: `/api/units/${fitted.unit_id}/gallons-count/${fitted.appliance_type_id}/${fitted.mac_address}`,
      };
    },
  },
  'GET /units/:id/gallons-predictions': firstOfGet('units', '/gallons-predictions'),
};
