// Readings through HTTP: per-level lists, counts, first/last, gallon totals per place and per
// micrometer, the provider lists, exports, the default window, scope and bad filters.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import type { Uplink } from '../ingest/ingest.service.ts';

type Call = AuthorizedRequest;
type Place = {
  company: number;
  property: number;
  building: number;
  unit: number;
  mac: string;
  sensor: number;
};

const HOUR = 3_600_000;
const frame = (seq: number, volumeMgal: number) =>
  encodeUplink({
    kind: 'usage',
    version: 2,
    seq,
    volumeMgal,
    intervalS: 900,
    flowTimeS: 60,
    peakFlowMgpm: 1200,
    battery: 90,
  });

describe('submissions API', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let own: Place;
  let foreign: Place;
  const base = Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR;

  const place = async (email: string) => {
    const { rows } = (await t.database.db.execute(sql`
      select s.company_id as company, s.property_id as property, s.building_id as building, s.unit_id as unit,
             s.mac_address as mac, s.id as sensor
      from sensors s where s.unit_id is not null and s.company_id = (
        select company_id from user_roles r join users u on u.id = r.user_id where u.email = ${email} order by r.id limit 1)
      order by s.id limit 1`)) as unknown as { rows: Place[] };
    const row = rows[0];
    if (!row) throw new Error(`no sensor for ${email}`);
    return row;
  };
  const uplink = (mac: string, at: number, seq: number, volume: number, port = 1): Uplink => {
    const { bytes } =
      port === 1
        ? frame(seq, volume)
        : encodeUplink({
            kind: 'keepalive',
            version: 2,
            battery: 80,
            firmwareVersion: '1.0.0',
            reportIntervalS: 900,
            flags: 0,
          });
    return { mac, port, payload: bytes, receivedAt: new Date(at), fCnt: seq, transport: 'http' };
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    own = await place('manager@flowsight.test');
    foreign = await place('other.admin@flowsight.test');
    const v1 = encodeUplink({ kind: 'usage_v1', version: 1, volumeMgal: 500, battery: 40 }).bytes;
    await t.app.ingest.ingest([
      uplink(own.mac, base, 1, 1000),
      uplink(own.mac, base + HOUR, 2, 2000),
      uplink(own.mac, base + 2 * HOUR, 3, 3000),
      uplink(own.mac, base + 2 * HOUR + 60_000, 4, 0, 2),
      uplink(foreign.mac, base, 1, 7000),
      uplink('ABCDEF0000000001', base, 1, 4000),
      {
        mac: own.mac,
        port: 1,
        payload: v1,
        receivedAt: new Date(base + 3 * HOUR),
        fCnt: 9,
        transport: 'http',
      },
      // Older than the default window: only found with an explicit measured_at filter.
      uplink(own.mac, base - 40 * 24 * HOUR, 5, 9000),
    ]);
  });
  afterAll(() => t.close());

  it('lists each level’s readings newest first with gallons, names and the list envelope', async () => {
    for (const [path, id] of [
      ['companies', own.company],
      ['properties', own.property],
      ['buildings', own.building],
      ['units', own.unit],
    ] as const) {
      const response = await manager(`/api/${path}/${id}/submissions?limit=3`);
      expect(response.statusCode, path).toBe(200);
      const body = response.json();
      expect(body.meta.totalItems, path).toBe(5);
      expect(
        body.data.map((r: { kind: string }) => r.kind),
        path,
      ).toEqual(['usage_v1', 'keepalive', 'usage']);
      expect(body.data[2]).toMatchObject({
        gallons: 3,
        peak_flow_gpm: 1.2,
        unit_id: own.unit,
        unit_name: expect.any(String),
        mac_address: own.mac,
      });
    }
    const count = (
      await manager(`/api/units/${own.unit}/submissions/count?filter.kind=$eq:usage`)
    ).json();
    expect(count).toEqual({ count: 3 });
  });

  it('finds older readings only when asked with a measured_at filter', async () => {
    const from = new Date(base - 50 * 24 * HOUR).toISOString();
    const to = new Date(base + 10 * HOUR).toISOString();
    const body = (
      await manager(`/api/units/${own.unit}/submissions?filter.measured_at=$btw:${from},${to}`)
    ).json();
    expect(body.meta.totalItems).toBe(6);
  });

  it('answers a unit’s first and last reading', async () => {
    expect((await manager(`/api/units/${own.unit}/submissions/first`)).json()).toMatchObject({
      gallons: 9,
    });
    expect((await manager(`/api/units/${own.unit}/submissions/last`)).json()).toMatchObject({
      kind: 'usage_v1',
      gallons: 0.5,
    });
    expect((await manager(`/api/units/${own.unit}/submissions/middle`)).statusCode).toBe(400);
  });

  it('totals gallons per place and per micrometer from the rollups', async () => {
    const total = (
      await manager(`/api/buildings/${own.building}/submissions-gallons-count`)
    ).json();
    expect(total).toEqual({ gallons: 15.5, readings: 5 });
    const perSensor = (
      await manager(`/api/units/${own.unit}/sensors/submissions-gallons-count`)
    ).json();
    expect(perSensor).toEqual([
      expect.objectContaining({
        sensor_id: own.sensor,
        mac_address: own.mac,
        gallons: 15.5,
        readings: 5,
      }),
    ]);
    const { rows } = (await t.database.db.execute(sql`
      select to_char(max(day), 'YYYY-MM-DD') as last from usage_daily where sensor_id = ${own.sensor}`)) as unknown as {
      rows: { last: string }[];
    };
    const lastDay = rows[0]?.last ?? '';
    const ranged = (
      await manager(
        `/api/units/${own.unit}/submissions-gallons-count?start_date=${lastDay}&end_date=${lastDay}`,
      )
    ).json();
    expect(ranged.gallons).toBeLessThan(15.5);
    expect(
      (await manager(`/api/units/${own.unit}/submissions-gallons-count?start_date=yesterday`))
        .statusCode,
    ).toBe(400);
  });

  it('keeps another company’s readings out of sight and refuses bad filters', async () => {
    expect((await manager(`/api/units/${foreign.unit}/submissions`)).statusCode).toBe(404);
    expect(
      (await manager(`/api/companies/${foreign.company}/submissions-gallons-count`)).statusCode,
    ).toBe(404);
    expect((await manager(`/api/units/${foreign.unit}/submissions/last`)).statusCode).toBe(404);
    expect((await admin(`/api/units/${foreign.unit}/submissions`)).json().meta.totalItems).toBe(1);
    expect(
      (await manager(`/api/units/${own.unit}/submissions?filter.payload=$eq:x`)).statusCode,
    ).toBe(400);
    expect(
      (await manager(`/api/units/${own.unit}/submissions?filter.measured_at=$gte:soon`)).statusCode,
    ).toBe(400);
    expect((await manager('/api/submissions/unassigned')).statusCode).toBe(403);
  });

  it('lists unassigned, keep-alive and legacy readings for provider staff', async () => {
    const unassigned = (
      await admin('/api/submissions/unassigned?filter.mac_address=$eq:ABCDEF0000000001')
    ).json();
    expect(unassigned.data).toEqual([
      expect.objectContaining({ mac_address: 'ABCDEF0000000001', unit_id: null, gallons: 4 }),
    ]);
    const keepalive = (
      await admin(`/api/submissions/keepalive?filter.mac_address=$eq:${own.mac}`)
    ).json();
    expect(keepalive.data).toEqual([
      expect.objectContaining({ kind: 'keepalive', firmware_version: '1.0.0' }),
    ]);
    const old = (await admin('/api/submissions/parsed-old/count')).json();
    expect(old.count).toBeGreaterThanOrEqual(1);
    // A parsed-old reading carries the specification's `_id`.
    const parsedOld = (await admin('/api/submissions/parsed-old')).json();
    const [first] = parsedOld.data as { _id: number; id: number }[];
    expect(first?._id).toEqual(expect.any(Number));
    expect(first?._id).toBe(first?.id);
  });

  it('exports a unit’s readings and a provider list as CSV in the time zone asked for', async () => {
    const response = await manager(
      `/api/units/${own.unit}/submissions/export?timeZone=Asia/Kolkata&filter.kind=$eq:usage`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`filename="submissions-unit-${own.unit}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows).toHaveLength(4);
    const header = rows[0] ?? [];
    const newest = rows[1] ?? [];
    expect(newest[header.indexOf('Gallons')]).toBe('3');
    // Kolkata's local time, with its offset.
    const measured = `${new Date(base + 2 * HOUR + 5.5 * HOUR)
      .toISOString()
      .replace('T', ' ')
      .slice(0, 19)} +05:30`;
    expect(newest[header.indexOf('Measured at')]).toBe(measured);
    const unassigned = await admin('/api/submissions/unassigned/export?timeZone=UTC');
    expect(unassigned.headers['content-disposition']).toMatch(/submissions-unassigned-/);
    expect(parse(unassigned.body, { bom: true }).length).toBeGreaterThanOrEqual(2);
  });
});
