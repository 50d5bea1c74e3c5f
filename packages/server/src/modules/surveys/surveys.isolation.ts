// Tenant-isolation samples of the survey, installer and shipping routes (merged by
// `isolation.test.ts`). Survey transitions depend on the status the earlier callers left, so an
// allowed caller on a building it sees may be refused with 409; another company's building is
// still 404. The approval link is public: its probes carry a token nobody was given.
import { ApplianceType } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import { sql } from 'drizzle-orm';
import {
  firstOfGet,
  OK,
  partOf,
  type Sample,
  type Tenant,
  tenantlessGet,
  type World,
} from '../../testing/isolation-kit.ts';

const rows = async <T>(w: World, query: ReturnType<typeof sql>) =>
  ((await w.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The tenant's first unit and its building. */
async function firstUnit(w: World, tenant: Tenant) {
  const [row] = await rows<{ id: number; building_id: number }>(
    w,
    sql`select id, building_id from units where ${partOf(w[tenant])} order by id limit 1`,
  );
  if (!row) throw new Error('no unit');
  return row;
}

/** A new outside installer of the tenant's first building. */
async function freshInstaller(w: World, tenant: Tenant) {
  const building = await w.firstOf('buildings', w[tenant]);
  const [row] = await rows<{ id: number }>(
    w,
    sql`insert into building_installers (company_id, building_id, name, phone)
        values (${w[tenant].id}, ${building}, 'Isolation Installer', '555-0000') returning id`,
  );
  return row?.id ?? 0;
}

/** A write to the tenant's first building with a body. */
const buildingWrite = (rest: string, payload: object): Sample => ({
  request: async (w, tenant) => ({
    url: `/api/buildings/${await w.firstOf('buildings', w[tenant])}${rest}`,
    payload,
  }),
});

/** A survey transition: allowed or refused by the status (409), never another company's. */
const byStatus: Sample['expect'] = (role, tenant) =>
  tenant === 'foreign' && !isSystemRole(role) ? 404 : [...OK, 409];
const transition = (rest: string, payload: object): Sample => ({
  ...buildingWrite(rest, payload),
  expect: byStatus,
});

const unknownLink: Sample = {
  tenantless: true,
  request: () => ({ url: '/api/survey-approval/1/a-token-nobody-was-given', payload: {} }),
};

export const surveySamples: Record<string, Sample> = {
  'GET /buildings/:id/survey': firstOfGet('buildings', '/survey'),
  'PUT /buildings/:id/survey': {
    request: async (w, tenant) => {
      const unit = await firstUnit(w, tenant);
      return {
        url: `/api/buildings/${unit.building_id}/survey`,
        payload: {
          unit_id: unit.id,
          appliance_type_id: ApplianceType.KitchenCold,
          item: 'access',
          value: 'Yes',
        },
      };
    },
    expect: byStatus,
  },
  'PUT /buildings/:id/approve-send-survey': transition('/approve-send-survey', {}),
  'PUT /buildings/:id/approve-survey-dx': transition('/approve-survey-dx', { micrometers: {} }),
  'PUT /buildings/:id/reopen-survey': transition('/reopen-survey', { reason: 'Isolation' }),
  'GET /survey-approval/:id/:token': unknownLink,
  'POST /survey-approval/:id/:token': unknownLink,
  'GET /buildings/:id/installer': firstOfGet('buildings', '/installer'),
  'POST /buildings/:id/installers': buildingWrite('/installers', {
    name: 'Isolation Installer',
    phone: '555-0000',
  }),
  'PUT /buildings/installers/:id': {
    request: async (w, tenant) => ({
      url: `/api/buildings/installers/${await freshInstaller(w, tenant)}`,
      payload: { status: 'in_progress' },
    }),
  },
  'GET /buildings/installations/mine': tenantlessGet('/api/buildings/installations/mine'),
  'GET /buildings/:id/shipping': firstOfGet('buildings', '/shipping'),
  'POST /buildings/:id/shipping': buildingWrite('/shipping', {
    shipped_on: '2026-12-01',
    micrometers: { '1/2': 1 },
  }),
  'GET /buildings/:id/shipping-contact': firstOfGet('buildings', '/shipping-contact'),
  'POST /buildings/:id/shipping-contact': buildingWrite('/shipping-contact', {
    name: 'Isolation Contact',
  }),
  'GET /properties/:id/shipping-date': firstOfGet('properties', '/shipping-date'),
};
