// Tenant-isolation samples of the micrometer routes (merged by `isolation.test.ts`). Writes that
// use up something (a stock sensor, a free fixture slot) make a fresh one per request.
import { ApplianceType, RoleType, SensorState } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import { sql } from 'drizzle-orm';
import {
  companyGet,
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

/** The first assigned sensor of the tenant's company. */
async function sensorOf(w: World, tenant: Tenant) {
  const [row] = await rows<{ id: number; mac: string }>(
    w,
    sql`select id, mac_address as mac from sensors where ${partOf(w[tenant])} order by id limit 1`,
  );
  if (!row) throw new Error('no sensor');
  return row;
}
let serial = 0;
/** A new stock sensor that never reported. */
async function freshStock(w: World) {
  serial += 1;
  const mac = `ABC0${String(Date.now() % 1e8).padStart(8, '0')}${String(serial).padStart(4, '0')}`;
  const [row] = await rows<{ id: number }>(
    w,
    sql`insert into sensors (mac_address, sensor_state_id) values (${mac}, ${SensorState.Tested}) returning id`,
  );
  return { id: row?.id ?? 0, mac };
}
async function firstBuilding(w: World, tenant: Tenant) {
  return w.firstOf('buildings', w[tenant]);
}

/** Readers of one sensor: the tester sees only stock, so an assigned sensor is a 404 for them. */
const sensorRead = (rest: string): Sample => ({
  request: async (w, tenant) => ({ url: `/api/sensors/${(await sensorOf(w, tenant)).id}${rest}` }),
  expect: (role, tenant) =>
    role === RoleType.SensorTester || (tenant === 'foreign' && !isSystemRole(role)) ? 404 : OK,
});
const levelSensors: Record<string, Sample> = {
  'GET /companies/:id/sensors': companyGet('/sensors'),
  'GET /properties/:id/sensors': firstOfGet('properties', '/sensors'),
  'GET /buildings/:id/sensors': firstOfGet('buildings', '/sensors'),
  'GET /units/:id/sensors': firstOfGet('units', '/sensors'),
  'GET /units/:id/sensors-count': firstOfGet('units', '/sensors-count'),
};

export const sensorSamples: Record<string, Sample> = {
  ...levelSensors,
  'GET /sensors': tenantlessGet('/api/sensors'),
  'GET /sensors/assigned': tenantlessGet('/api/sensors/assigned'),
  'GET /sensors/unassigned': tenantlessGet('/api/sensors/unassigned'),
  'GET /sensors/export-all': tenantlessGet('/api/sensors/export-all?timeZone=UTC'),
  'GET /sensors/search-top/:text/5': tenantlessGet('/api/sensors/search-top/F1/5'),
  'GET /sensors/downlink-config-params': tenantlessGet('/api/sensors/downlink-config-params'),
  'GET /sensors/:id': sensorRead(''),
  'GET /sensors/:id/submissions': sensorRead('/submissions'),
  'GET /sensors/:id/sensor-issue': sensorRead('/sensor-issue'),
  'GET /sensors/mac/:mac': {
    request: async (w, tenant) => ({ url: `/api/sensors/mac/${(await sensorOf(w, tenant)).mac}` }),
    expect: (role, tenant) =>
      role === RoleType.SensorTester || (tenant === 'foreign' && !isSystemRole(role)) ? 404 : OK,
  },
  'POST /sensors/report-issue': {
    request: async (w, tenant) => ({
      url: '/api/sensors/report-issue',
      payload: { sensor_id: (await sensorOf(w, tenant)).id, issue: 'Isolation check' },
    }),
    expect: (role, tenant) =>
      role === RoleType.SensorTester || (tenant === 'foreign' && !isSystemRole(role)) ? 404 : OK,
  },
  'DELETE /sensors/:id': {
    tenantless: true,
    request: async (w) => ({ url: `/api/sensors/${(await freshStock(w)).id}` }),
  },
  'PUT /sensors/:id/state/:stateId': {
    request: async (w, tenant) => ({
      url: `/api/sensors/${(await sensorOf(w, tenant)).id}/state/${SensorState.Installed}`,
    }),
  },
  'PUT /sensors/:id/status/:statusId': {
    request: async (w, tenant) => ({
      url: `/api/sensors/${(await sensorOf(w, tenant)).id}/status/1`,
    }),
  },
  'PUT /buildings/:id/sensors/state/:stateId': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await firstBuilding(w, tenant)}/sensors/state/${SensorState.Installed}`,
    }),
  },
  'PUT /buildings/:id/sensors/status/:statusId': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await firstBuilding(w, tenant)}/sensors/status/1`,
    }),
  },
  'PUT /sensors/:id/notification-excluded/:status': {
    request: async (w, tenant) => ({
      url: `/api/sensors/${(await sensorOf(w, tenant)).id}/notification-excluded/0`,
    }),
  },
  'PUT /sensors/notification-excluded/mac/:mac/:status': {
    request: async (w, tenant) => ({
      url: `/api/sensors/notification-excluded/mac/${(await sensorOf(w, tenant)).mac}/0`,
    }),
  },
  'POST /sensors/assign': {
    // A fresh stock sensor onto the toilet slot of a fresh unit of the tenant's company.
    request: async (w, tenant) => {
      const company = w[tenant];
      await w.db.execute(
        sql`update companies set allow_assignment = true where id = ${company.id}`,
      );
      const unit = await w.fresh('units', company);
      const [place] = await rows<{ property: number; building: number }>(
        w,
        sql`select property_id as property, building_id as building from units where id = ${unit}`,
      );
      const sensor = await freshStock(w);
      return {
        url: `/api/sensors/assign?mac=${sensor.mac}&action=assign`,
        payload: {
          company_id: company.id,
          property_id: place?.property,
          building_id: place?.building,
          unit_id: unit,
          appliance_type_id: ApplianceType.MainToilet,
        },
      };
    },
  },
  'POST /sensors/office-assignment': {
    request: async (w, tenant) => {
      await w.db.execute(
        sql`update companies set allow_assignment = true where id = ${w[tenant].id}`,
      );
      return {
        url: '/api/sensors/office-assignment',
        payload: { building_id: await firstBuilding(w, tenant), macs: [(await freshStock(w)).mac] },
      };
    },
  },
  'GET /sensors/office-assignment/:id': {
    request: async (w, tenant) => {
      const sensor = await freshStock(w);
      await w.db.execute(sql`
        insert into office_assignments (company_id, building_id, sensor_id)
        values (${w[tenant].id}, ${await firstBuilding(w, tenant)}, ${sensor.id})`);
      return { url: `/api/sensors/office-assignment/${sensor.id}` };
    },
  },
  'GET /sensors/office-assignment-building/:id': {
    request: async (w, tenant) => ({
      url: `/api/sensors/office-assignment-building/${await firstBuilding(w, tenant)}`,
    }),
  },
  'DELETE /sensors/pending-office-assignment': {
    request: async (w, tenant) => {
      await w.db.execute(
        sql`update companies set allow_assignment = true where id = ${w[tenant].id}`,
      );
      return {
        url: '/api/sensors/pending-office-assignment',
        payload: { building_id: await firstBuilding(w, tenant) },
      };
    },
  },
  'PUT /sensors/:id/config': {
    request: async (w, tenant) => ({
      url: `/api/sensors/${(await sensorOf(w, tenant)).id}/config`,
      payload: { params: { '1': 900 } },
    }),
  },
  'PUT /sensors/:mac/downlink-config-params': {
    request: async (w, tenant) => ({
      url: `/api/sensors/${(await sensorOf(w, tenant)).mac}/downlink-config-params`,
      payload: { params: { '1': 900 } },
    }),
  },
  'PUT /buildings/:id/downlink-config-params': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await firstBuilding(w, tenant)}/downlink-config-params`,
      payload: { params: { '1': 900 } },
    }),
  },
};
