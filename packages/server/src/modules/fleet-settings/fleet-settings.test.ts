// The fleet settings end to end through the HTTP layer, on the demo portfolio: the fixtures
// catalogue and its detection parameters, configuration defaults, per-micrometer gallon
// thresholds — reads, edits, every refusal, the events they leave, and edits surviving a restart.
import { applianceTypes, fixtureDetectionDefaults } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../db/prepare.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

type Call = AuthorizedRequest;
type Sensor = { id: number; mac: string; company_id: number | null };
type EventRow = { action: string; from_value: unknown; to_value: unknown; actor_user_id: number };

describe('fleet settings API', () => {
  let t: TestApp;
  let admin: Call;
  let support: Call;
  let technician: Call;
  let companyAdmin: Call;
  let manager: Call;
  let tester: Call;
  let installer: Call;
  let otherAdmin: Call;
  let ownSensors: Sensor[];
  let foreignSensor: Sensor;
  let stockSensor: Sensor;
  let adminId: number;

  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const eventsOf = (entityType: string, entityId: number) =>
    query<EventRow>(sql`
      select action, from_value, to_value, actor_user_id from events
      where entity_type = ${entityType} and entity_id = ${entityId} order by id`);
  const companyOf = async (email: string) => {
    const [row] = await query<{ company_id: number }>(sql`
      select r.company_id from user_roles r join users u on u.id = r.user_id
      where u.email = ${email} order by r.id limit 1`);
    if (!row) throw new Error(`no company for ${email}`);
    return row.company_id;
  };
  const sensorsWhere = (condition: ReturnType<typeof sql>) =>
    query<Sensor>(sql`
      select id, mac_address as mac, company_id from sensors where ${condition}
      and id not in (select sensor_id from sensor_gallon_thresholds) order by id limit 3`);

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    support = await t.as('support@flowsight.test');
    technician = await t.as('technician@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    tester = await t.as('tester@flowsight.test');
    installer = await t.as('installer@flowsight.test');
    otherAdmin = await t.as('other.admin@flowsight.test');
    const own = await companyOf('company.admin@flowsight.test');
    const foreign = await companyOf('other.admin@flowsight.test');
    ownSensors = await sensorsWhere(sql`company_id = ${own}`);
    const [f] = await sensorsWhere(sql`company_id = ${foreign}`);
    const [stock] = await sensorsWhere(sql`company_id is null`);
    if (ownSensors.length < 3 || !f || !stock) throw new Error('the demo lacks sensors');
    foreignSensor = f;
    stockSensor = stock;
    const [me] = await query<{ id: number }>(
      sql`select id from users where email = 'admin@flowsight.test'`,
    );
    adminId = me?.id ?? 0;
  });
  afterAll(() => t.close());

  describe('fixtures catalogue', () => {
    it('lists the 22 fixture types with numeric detection parameters to every signed-in role', async () => {
      for (const call of [admin, technician, manager, tester, installer]) {
        const response = await call('/api/appliances');
        expect(response.statusCode).toBe(200);
        const body = response.json() as Record<string, unknown>[];
        expect(body).toHaveLength(22);
        expect(body.map((row) => row.id)).toEqual(applianceTypes.map((a) => a.id));
      }
      const body = (await admin('/api/appliances')).json();
      const toilet = body.find((row: { id: number }) => row.id === 5);
      expect(toilet).toMatchObject({
        name: 'main toilet',
        kind: 'toilet',
        continuous_hours: fixtureDetectionDefaults.toilet.continuousHours,
        hourly_min_gal: 0.1,
        night_flow: false,
        daily_high_gal: null,
        updated_by: null,
      });
      expect(body.find((row: { id: number }) => row.id === 19)).toMatchObject({
        continuous_hours: 24,
        night_flow: true,
      });
      expect(body.find((row: { id: number }) => row.id === 13).continuous_hours).toBeNull();
    });

    it('lets a system admin change some parameters, keeping the rest, and records who and when', async () => {
      const response = await admin('/api/appliances/6', {
        method: 'PUT',
        payload: { continuous_hours: 3, daily_high_gal: 120.5 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: 6,
        continuous_hours: 3,
        hourly_min_gal: 0.1,
        night_flow: false,
        daily_high_gal: 120.5,
        updated_by: adminId,
        updated_by_name: expect.any(String),
      });
      expect(Date.parse(response.json().updated_at)).toBeGreaterThan(Date.now() - 60_000);
      const listed = (await technician('/api/appliances')).json();
      expect(listed.find((row: { id: number }) => row.id === 6).continuous_hours).toBe(3);

      const unwatched = await admin('/api/appliances/6', {
        method: 'PUT',
        payload: { continuous_hours: null, hourly_min_gal: 0.25, night_flow: true },
      });
      expect(unwatched.json()).toMatchObject({
        continuous_hours: null,
        hourly_min_gal: 0.25,
        night_flow: true,
        daily_high_gal: 120.5,
      });
      const events = await eventsOf('appliance_type', 6);
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({
        action: 'detection_updated',
        actor_user_id: adminId,
        from_value: { continuous_hours: 2, daily_high_gal: null },
        to_value: { continuous_hours: 3, daily_high_gal: 120.5 },
      });
    });

    it('refuses bad values with one message per problem, and changes nothing', async () => {
      const response = await admin('/api/appliances/5', {
        method: 'PUT',
        payload: { continuous_hours: 0, hourly_min_gal: 250, daily_high_gal: -1 },
      });
      expect(response.statusCode).toBe(400);
      const { message } = response.json();
      expect(message).toHaveLength(3);
      expect(message.join('\n')).toMatch(/continuous_hours: .*from 1 to 72/);
      expect(message.join('\n')).toMatch(/hourly_min_gal: .*between 0.001 and 100/);
      expect(message.join('\n')).toMatch(/daily_high_gal: .*above 0/);
      for (const payload of [
        { continuous_hours: 73 },
        { continuous_hours: 2.5 },
        { continuous_hours: '4' },
        { hourly_min_gal: 0 },
        { hourly_min_gal: 0.0001 },
        { hourly_min_gal: null },
        { night_flow: 'yes' },
        { daily_high_gal: 0 },
        { colour: 'red' },
        {},
      ]) {
        const refused = await admin('/api/appliances/5', { method: 'PUT', payload });
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const empty = await admin('/api/appliances/5', { method: 'PUT', payload: {} });
      expect(empty.json().message.join()).toContain('Name at least one detection parameter');
      const toilet = (await admin('/api/appliances')).json()[4];
      expect(toilet).toMatchObject({ id: 5, continuous_hours: 2, updated_by: null });
      expect(await eventsOf('appliance_type', 5)).toEqual([]);
    });

    it('answers 404 for an unknown fixture type and 403 to everyone but system admins', async () => {
      const unknown = await admin('/api/appliances/99', {
        method: 'PUT',
        payload: { continuous_hours: 4 },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Fixture type not found');
      for (const call of [support, technician, companyAdmin, manager, tester, installer]) {
        const refused = await call('/api/appliances/5', {
          method: 'PUT',
          payload: { continuous_hours: 4 },
        });
        expect(refused.statusCode).toBe(403);
      }
    });
  });

  describe('configuration defaults', () => {
    it('lists each parameter with its range and value to system roles only', async () => {
      for (const call of [admin, support, technician]) {
        const response = await call('/api/sensors/config-defaults');
        expect(response.statusCode).toBe(200);
        expect(response.json()[0]).toEqual({
          id: 1,
          name: 'Report interval',
          unit: 's',
          min_value: 60,
          max_value: 3600,
          value: 900,
          editable: true,
        });
      }
      for (const call of [companyAdmin, manager, tester, installer]) {
        expect((await call('/api/sensors/config-defaults')).statusCode).toBe(403);
      }
    });

    it('lets a system admin set a value inside the range, with an event', async () => {
      const response = await admin('/api/sensors/config-defaults/2/7200', { method: 'PUT' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: 2, value: 7200 });
      const [event] = await eventsOf('sensor_config_default', 2);
      expect(event).toMatchObject({
        action: 'updated',
        actor_user_id: adminId,
        from_value: { value: 3600 },
        to_value: { value: 7200 },
      });
    });

    it('refuses values outside the range or not whole, naming the range', async () => {
      for (const value of ['59', '3601', '12.5', 'abc', '-1']) {
        const response = await admin(`/api/sensors/config-defaults/1/${value}`, { method: 'PUT' });
        expect(response.statusCode, value).toBe(400);
        expect(response.json().message).toEqual([
          'Report interval must be a whole number from 60 to 3600',
        ]);
      }
      const unknown = await admin('/api/sensors/config-defaults/99/10', { method: 'PUT' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Configuration default not found');
      for (const call of [support, technician, companyAdmin, manager]) {
        expect(
          (await call('/api/sensors/config-defaults/1/600', { method: 'PUT' })).statusCode,
        ).toBe(403);
      }
      const [row] = await query<{ value: number }>(
        sql`select value from sensor_config_defaults where id = 1`,
      );
      expect(row?.value).toBe(900);
    });

    it('refuses a parameter that is not editable', async () => {
      await t.database.db.execute(
        sql`update sensor_config_defaults set editable = false where id = 4`,
      );
      try {
        const response = await admin('/api/sensors/config-defaults/4/1', { method: 'PUT' });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('This configuration default cannot be changed');
      } finally {
        await t.database.db.execute(
          sql`update sensor_config_defaults set editable = true where id = 4`,
        );
      }
    });
  });

  it('keeps edited defaults and detection parameters when the database is prepared again', async () => {
    expect((await admin('/api/sensors/config-defaults/3/45', { method: 'PUT' })).statusCode).toBe(
      200,
    );
    expect(
      (
        await admin('/api/appliances/11', {
          method: 'PUT',
          payload: {
            continuous_hours: 6,
            hourly_min_gal: 0.5,
            night_flow: true,
            daily_high_gal: 80,
          },
        })
      ).statusCode,
    ).toBe(200);
    await prepareDatabase(t.database);
    const defaults = (await admin('/api/sensors/config-defaults')).json();
    expect(defaults.find((row: { id: number }) => row.id === 3).value).toBe(45);
    const fixtures = (await admin('/api/appliances')).json();
    expect(fixtures.find((row: { id: number }) => row.id === 11)).toMatchObject({
      name: 'washing machine',
      continuous_hours: 6,
      hourly_min_gal: 0.5,
      night_flow: true,
      daily_high_gal: 80,
    });
  });

  describe('gallon thresholds', () => {
    const dashed = (mac: string) => mac.match(/../g)?.join('-').toLowerCase() ?? mac;
    let ownThresholdId: number;
    let foreignThresholdId: number;

    it('lets a company admin give a micrometer of the company a threshold by MAC', async () => {
      const [sensor] = ownSensors;
      if (!sensor) throw new Error('no sensor');
      const response = await companyAdmin('/api/sensors/gallon-thresholds', {
        method: 'POST',
        payload: { mac: dashed(sensor.mac), value: 150.25 },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        sensor_id: sensor.id,
        mac_address: sensor.mac,
        value: 150.25,
        company_id: sensor.company_id,
        company_name: expect.any(String),
        building_name: expect.any(String),
        unit_name: expect.any(String),
      });
      ownThresholdId = body.id;
      const [stored] = await query<{ company_id: number }>(
        sql`select company_id from sensor_gallon_thresholds where id = ${body.id}`,
      );
      expect(stored?.company_id).toBe(sensor.company_id);
      expect(await eventsOf('sensor_gallon_threshold', body.id)).toMatchObject([
        { action: 'created', to_value: { value: 150.25 } },
      ]);

      const byId = await admin('/api/sensors/gallon-thresholds', {
        method: 'POST',
        payload: { sensor_id: foreignSensor.id, value: 90 },
      });
      expect(byId.statusCode).toBe(201);
      foreignThresholdId = byId.json().id;
    });

    it('refuses a second threshold for the same micrometer', async () => {
      const [sensor] = ownSensors;
      const response = await support('/api/sensors/gallon-thresholds', {
        method: 'POST',
        payload: { sensor_id: sensor?.id, value: 10 },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This micrometer already has a gallon threshold');
    });

    it('refuses unknown, foreign and unassigned micrometers and bad bodies', async () => {
      const post = (call: Call, payload: object) =>
        call('/api/sensors/gallon-thresholds', { method: 'POST', payload });
      const foreign = await post(companyAdmin, { mac: foreignSensor.mac, value: 10 });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Micrometer not found');
      expect((await post(companyAdmin, { sensor_id: stockSensor.id, value: 10 })).statusCode).toBe(
        404,
      );
      expect((await post(admin, { mac: 'FFFFFFFFFFFFFFF0', value: 10 })).statusCode).toBe(404);
      const stock = await post(admin, { mac: stockSensor.mac, value: 10 });
      expect(stock.statusCode).toBe(409);
      expect(stock.json().message).toBe(
        'Only a micrometer assigned to a company can have a gallon threshold',
      );
      const badMac = await post(admin, { mac: 'not-a-mac', value: 10 });
      expect(badMac.statusCode).toBe(400);
      expect(badMac.json().message).toEqual(['The MAC must be 16 hexadecimal digits']);
      const second = ownSensors[1];
      for (const payload of [
        { mac: second?.mac, value: 0 },
        { mac: second?.mac, value: -5 },
        { mac: second?.mac, value: 2_000_000 },
        { mac: second?.mac, value: 1.0001 },
        { mac: second?.mac },
        { value: 10 },
        { mac: second?.mac, sensor_id: second?.id, value: 10 },
      ]) {
        expect((await post(admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      for (const call of [technician, manager, tester, installer]) {
        expect((await post(call, { mac: second?.mac, value: 10 })).statusCode).toBe(403);
      }
      const [count] = await query<{ n: number }>(
        sql`select count(*)::int as n from sensor_gallon_thresholds`,
      );
      expect(count?.n).toBe(2);
    });

    it('lists thresholds in the caller’s scope with their micrometer and place', async () => {
      const all = (await technician('/api/sensors/gallon-thresholds')).json();
      expect(all.meta.totalItems).toBe(2);
      for (const call of [companyAdmin, manager]) {
        const mine = (await call('/api/sensors/gallon-thresholds')).json();
        expect(mine.data.map((row: { id: number }) => row.id)).toEqual([ownThresholdId]);
      }
      const theirs = (await otherAdmin('/api/sensors/gallon-thresholds')).json();
      expect(theirs.data.map((row: { id: number }) => row.id)).toEqual([foreignThresholdId]);
      const searched = (
        await admin(`/api/sensors/gallon-thresholds?search=${foreignSensor.mac.slice(-6)}`)
      ).json();
      expect(searched.data.map((row: { id: number }) => row.id)).toEqual([foreignThresholdId]);
      const sorted = (await admin('/api/sensors/gallon-thresholds?sortBy=value:ASC')).json();
      expect(sorted.data.map((row: { value: number }) => row.value)).toEqual([90, 150.25]);
      const bad = await admin('/api/sensors/gallon-thresholds?sortBy=colour:ASC');
      expect(bad.statusCode).toBe(400);
      for (const call of [tester, installer]) {
        expect((await call('/api/sensors/gallon-thresholds')).statusCode).toBe(403);
      }
    });

    it('changes a value inside the scope, refusing bad values and other companies’ thresholds', async () => {
      const response = await companyAdmin(`/api/sensors/gallon-thresholds/${ownThresholdId}/75.5`, {
        method: 'PUT',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: ownThresholdId, value: 75.5 });
      expect(await eventsOf('sensor_gallon_threshold', ownThresholdId)).toMatchObject([
        { action: 'created' },
        { action: 'updated', from_value: { value: 150.25 }, to_value: { value: 75.5 } },
      ]);
      for (const value of ['0', '-3', 'abc', '1.23456', '5000000']) {
        const refused = await admin(`/api/sensors/gallon-thresholds/${ownThresholdId}/${value}`, {
          method: 'PUT',
        });
        expect(refused.statusCode, value).toBe(400);
      }
      const foreign = await companyAdmin(
        `/api/sensors/gallon-thresholds/${foreignThresholdId}/10`,
        { method: 'PUT' },
      );
      expect(foreign.statusCode).toBe(404);
      expect(
        (await admin('/api/sensors/gallon-thresholds/999999/10', { method: 'PUT' })).statusCode,
      ).toBe(404);
      expect(
        (await manager(`/api/sensors/gallon-thresholds/${ownThresholdId}/10`, { method: 'PUT' }))
          .statusCode,
      ).toBe(403);
      const [row] = await query<{ value: number }>(
        sql`select value::float8 as value from sensor_gallon_thresholds where id = ${foreignThresholdId}`,
      );
      expect(row?.value).toBe(90);
    });

    it('removes a threshold inside the scope only', async () => {
      const url = (id: number) => `/api/sensors/gallon-thresholds/${id}`;
      expect((await companyAdmin(url(foreignThresholdId), { method: 'DELETE' })).statusCode).toBe(
        404,
      );
      expect((await manager(url(ownThresholdId), { method: 'DELETE' })).statusCode).toBe(403);
      const removed = await companyAdmin(url(ownThresholdId), { method: 'DELETE' });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ id: ownThresholdId, value: 75.5 });
      expect((await companyAdmin(url(ownThresholdId), { method: 'DELETE' })).statusCode).toBe(404);
      expect((await admin(url(foreignThresholdId), { method: 'DELETE' })).statusCode).toBe(200);
      const events = await eventsOf('sensor_gallon_threshold', ownThresholdId);
      expect(events.at(-1)).toMatchObject({ action: 'deleted', from_value: { value: 75.5 } });
      expect((await admin('/api/sensors/gallon-thresholds')).json().meta.totalItems).toBe(0);
    });
  });
});
