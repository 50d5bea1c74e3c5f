// Bench testing through HTTP: a pass makes a stock micrometer Tested, a failure Defective and
// needs a reason; only stock is tested; the failed list shows each sensor's latest uncleared
// failure; clearing empties it and leaves sensor states alone; who may call what.
import { SensorState } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

type BenchTest = {
  id: number;
  sensor_id: number;
  mac_address: string;
  passed: boolean;
  notes: string | null;
  tested_at: string;
  tester_name: string | null;
};
type FailedList = { data: BenchTest[]; meta: { totalItems: number; sortBy: unknown } };

describe('bench testing API', () => {
  let t: TestApp;
  let tester: AuthorizedRequest;
  let admin: AuthorizedRequest;
  let technician: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let installer: AuthorizedRequest;
  let stock: { id: number; mac: string }[] = [];
  let assigned: number;

  const query = async <T>(statement: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const stateOf = async (id: number) =>
    (await query<{ s: number }>(sql`select sensor_state_id as s from sensors where id = ${id}`))[0]
      ?.s;
  const sensorAt = (i: number) => {
    const sensor = stock[i];
    if (!sensor) throw new Error(`no stock sensor ${i}`);
    return sensor;
  };
  const failedList = async (call: AuthorizedRequest, qs = '') => {
    const response = await call(`/api/sensors/tested-failed${qs}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FailedList;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    tester = await t.as('tester@flowsight.test');
    admin = await t.as('admin@flowsight.test');
    technician = await t.as('technician@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    installer = await t.as('installer@flowsight.test');
    stock = await query<{ id: number; mac: string }>(
      sql`select id, mac_address as mac from sensors where company_id is null order by id limit 6`,
    );
    const [one] = await query<{ id: number }>(
      sql`select id from sensors where company_id is not null order by id limit 1`,
    );
    assigned = one?.id ?? 0;
    expect(stock).toHaveLength(6);
    expect(assigned).toBeGreaterThan(0);
  });
  afterAll(async () => t.close());

  it('records a pass: the sensor becomes Tested and the answer names the tester', async () => {
    const sensor = sensorAt(0);
    const response = await tester(`/api/sensors/${sensor.id}/tests`, {
      method: 'POST',
      payload: { passed: true },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as BenchTest;
    expect(body).toMatchObject({
      sensor_id: sensor.id,
      mac_address: sensor.mac,
      passed: true,
      notes: null,
      tester_name: 'Priya Natarajan',
    });
    expect(Date.now() - Date.parse(body.tested_at)).toBeLessThan(60_000);
    expect(await stateOf(sensor.id)).toBe(SensorState.Tested);
    const [row] = await query<{ tester: number; passed: boolean }>(
      sql`select t.tester_user_id as tester, t.passed from sensor_tests t where t.id = ${body.id}`,
    );
    const [me] = await query<{ id: number }>(
      sql`select id from users where email = 'tester@flowsight.test'`,
    );
    expect(row).toEqual({ tester: me?.id, passed: true });
  });

  it('records a failure with its reason: the sensor becomes Defective and is listed', async () => {
    const sensor = sensorAt(1);
    const response = await tester(`/api/sensors/${sensor.id}/tests`, {
      method: 'POST',
      payload: { passed: false, reason: '  No pulse at 2 gal/min  ' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ passed: false, notes: 'No pulse at 2 gal/min' });
    expect(await stateOf(sensor.id)).toBe(SensorState.Defective);

    const list = await failedList(tester);
    expect(list.data.map((row) => row.mac_address)).toEqual([sensor.mac]);
    expect(list.data[0]).toMatchObject({ notes: 'No pulse at 2 gal/min', passed: false });
    expect(list.meta.totalItems).toBe(1);
  });

  it('writes an event with who, from and to for every result', async () => {
    const sensor = sensorAt(1);
    const events = await query<{ action: string; from: unknown; to: unknown; note: string }>(sql`
      select e.action, e.from_value as from, e.to_value as to, e.note from events e
      join users u on u.id = e.actor_user_id
      where e.entity_type = 'sensor' and e.entity_id = ${sensor.id} and u.email = 'tester@flowsight.test'`);
    expect(events).toEqual([
      {
        action: 'bench_test_failed',
        from: { sensor_state_id: SensorState.Stock },
        to: { sensor_state_id: SensorState.Defective, passed: false },
        note: 'No pulse at 2 gal/min',
      },
    ]);
  });

  it('lists only the latest uncleared result: a later pass takes a sensor off the list', async () => {
    const sensor = sensorAt(2);
    await tester(`/api/sensors/${sensor.id}/tests`, {
      method: 'POST',
      payload: { passed: false, reason: 'Leaks at the fitting' },
    });
    expect((await failedList(tester)).data.map((r) => r.sensor_id)).toContain(sensor.id);
    const retest = await admin(`/api/sensors/${sensor.id}/tests`, {
      method: 'POST',
      payload: { passed: true },
    });
    expect(retest.statusCode).toBe(201);
    expect(retest.json()).toMatchObject({ tester_name: 'Avery Collins' });
    expect((await failedList(tester)).data.map((r) => r.sensor_id)).not.toContain(sensor.id);
    expect(await stateOf(sensor.id)).toBe(SensorState.Tested);
  });

  it('pages, sorts, filters and searches the failed list', async () => {
    await technician(`/api/sensors/${sensorAt(3).id}/tests`, {
      method: 'POST',
      payload: { passed: false, reason: 'Cracked housing' },
    });
    const all = await failedList(tester, '?sortBy=mac_address:ASC');
    expect(all.meta.totalItems).toBe(2);
    const macs = all.data.map((r) => r.mac_address);
    expect(macs).toEqual([...macs].sort());
    const page = await failedList(tester, '?limit=1&page=2&sortBy=tested_at:DESC');
    expect(page.data).toHaveLength(1);
    expect(page.data[0]?.sensor_id).toBe(sensorAt(1).id);
    const searched = await failedList(tester, '?search=cracked');
    expect(searched.data.map((r) => r.sensor_id)).toEqual([sensorAt(3).id]);
    const filtered = await failedList(tester, `?filter.mac_address=${sensorAt(1).mac}`);
    expect(filtered.data.map((r) => r.sensor_id)).toEqual([sensorAt(1).id]);
    const bad = await tester('/api/sensors/tested-failed?sortBy=battery:ASC');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: ["sortBy: unknown field 'battery'"] });
  });

  it('refuses a failure without a reason', async () => {
    const sensor = sensorAt(4);
    for (const payload of [{ passed: false }, { passed: false, reason: '   ' }]) {
      const response = await tester(`/api/sensors/${sensor.id}/tests`, { method: 'POST', payload });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toMatch(
        payload.reason === undefined ? 'A reason is required when a micrometer fails' : 'reason',
      );
    }
    const missing = await tester(`/api/sensors/${sensor.id}/tests`, {
      method: 'POST',
      payload: { passed: false },
    });
    expect(missing.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'A reason is required when a micrometer fails',
    });
    expect(await stateOf(sensor.id)).toBe(SensorState.Stock);
  });

  it('refuses a reason over 500 characters and a body without passed', async () => {
    const sensor = sensorAt(4);
    const long = await tester(`/api/sensors/${sensor.id}/tests`, {
      method: 'POST',
      payload: { passed: false, reason: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toMatch('reason');
    const noVerdict = await tester(`/api/sensors/${sensor.id}/tests`, {
      method: 'POST',
      payload: { reason: 'why' },
    });
    expect(noVerdict.statusCode).toBe(400);
    expect(JSON.stringify(noVerdict.json())).toMatch('passed');
    const exactly500 = await tester(`/api/sensors/${sensor.id}/tests`, {
      method: 'POST',
      payload: { passed: false, reason: 'y'.repeat(500) },
    });
    expect(exactly500.statusCode).toBe(201);
  });

  it('refuses an assigned micrometer: 409 for system roles, not found for the tester', async () => {
    const asAdmin = await admin(`/api/sensors/${assigned}/tests`, {
      method: 'POST',
      payload: { passed: true },
    });
    expect(asAdmin.statusCode).toBe(409);
    expect(asAdmin.json()).toMatchObject({ message: 'Only micrometers in stock are bench tested' });
    const asTester = await tester(`/api/sensors/${assigned}/tests`, {
      method: 'POST',
      payload: { passed: true },
    });
    expect(asTester.statusCode).toBe(404);
    expect(asTester.json()).toMatchObject({ message: 'Micrometer not found' });
    const [count] = await query<{ n: number }>(
      sql`select count(*)::int as n from sensor_tests where sensor_id = ${assigned}`,
    );
    expect(count?.n).toBe(0);
  });

  it('answers 404 for an unknown micrometer', async () => {
    const response = await tester('/api/sensors/99999999/tests', {
      method: 'POST',
      payload: { passed: true },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Micrometer not found' });
  });

  it('refuses company roles and the installer (403)', async () => {
    const sensor = sensorAt(5);
    for (const call of [manager, installer]) {
      const post = await call(`/api/sensors/${sensor.id}/tests`, {
        method: 'POST',
        payload: { passed: true },
      });
      expect(post.statusCode).toBe(403);
      expect((await call('/api/sensors/tested-failed')).statusCode).toBe(403);
      expect((await call('/api/sensors/tested', { method: 'DELETE' })).statusCode).toBe(403);
    }
    // Clearing is for system admin, support and the tester; the technician may only test.
    expect((await technician('/api/sensors/tested', { method: 'DELETE' })).statusCode).toBe(403);
    expect(await stateOf(sensor.id)).toBe(SensorState.Stock);
  });

  it('clears every result: the failed list empties and sensor states stay', async () => {
    const before = await query<{ n: number }>(
      sql`select count(*)::int as n from sensor_tests where cleared_at is null`,
    );
    const response = await tester('/api/sensors/tested', { method: 'DELETE' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cleared: before[0]?.n });
    expect(before[0]?.n).toBeGreaterThan(0);
    expect((await failedList(tester)).data).toEqual([]);
    expect(await stateOf(sensorAt(1).id)).toBe(SensorState.Defective);
    expect(await stateOf(sensorAt(0).id)).toBe(SensorState.Tested);
    const again = await admin('/api/sensors/tested', { method: 'DELETE' });
    expect(again.json()).toEqual({ cleared: 0 });
    const cleared = await query<{ n: number }>(sql`
      select count(*)::int as n from events where action = 'bench_results_cleared'`);
    expect(cleared[0]?.n).toBe(5);
  });
});
