// Lost uplinks through the real ingest path: v2 usage reports posted to POST /api/ingest/uplinks
// with gaps in their frame counter, a redelivered frame and a counter reset; the micrometer's answer
// (GET /sensors/:id, by MAC) and the fleet list (device health) carry the loss over the last 7 days.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

const QUARTER_MS = 900_000;
const usage = (seq: number) =>
  Buffer.from(
    encodeUplink({
      kind: 'usage',
      version: 2,
      seq,
      volumeMgal: 1000,
      intervalS: 900,
      flowTimeS: 30,
      peakFlowMgpm: 500,
      battery: 90,
    }).bytes,
  ).toString('base64');

describe('uplink loss of a micrometer', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let key: string;
  let sensor: { id: number; mac: string };
  let quiet: { id: number; mac: string };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    const created = await admin('/api/integration-keys', {
      method: 'POST',
      payload: { name: 'Loss test' },
    });
    key = created.json().key;
    const picked = (
      (await t.database.db.execute(sql`
        select s.id, s.mac_address as mac from sensors s
        where s.unit_id is not null
          and not exists (select 1 from submissions r where r.mac_address = s.mac_address)
        order by s.id limit 2`)) as unknown as { rows: { id: number; mac: string }[] }
    ).rows;
    [sensor, quiet] = picked as [typeof sensor, typeof quiet];
  });
  afterAll(() => t?.close());

  it('counts the frames missing from the counter sequence, a repeat once, and restarts on a reset', async () => {
    // Every 15 minutes over the last day; slots whose counter is null never arrive.
    // 100..104, (105, 106 lost), 107, 108 twice (redelivered), 109, (110 lost), 111,
    // rejoin: 0, 1, (2 lost), 3
    const slots = [
      100,
      101,
      102,
      103,
      104,
      null,
      null,
      107,
      108,
      108,
      109,
      null,
      111,
      0,
      1,
      null,
      3,
    ];
    const start = Math.floor(Date.now() / QUARTER_MS) * QUARTER_MS - slots.length * QUARTER_MS;
    const uplinks = slots.flatMap((seq, i) =>
      seq === null
        ? []
        : [
            {
              mac: sensor.mac,
              port: 1,
              payload: usage(seq),
              // The redelivery comes a minute after the frame it repeats.
              received_at: new Date(
                start +
                  (i - (slots[i - 1] === seq ? 1 : 0)) * QUARTER_MS +
                  (slots[i - 1] === seq ? 60_000 : 0),
              ).toISOString(),
              f_cnt: 5000 + i,
            },
          ],
    );
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/uplinks',
      payload: { uplinks },
      headers: { 'x-api-key': key },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ stored: 13 });

    const expected = { received: 12, expected: 16, lost: 4, loss_percent: 25, window_days: 7 };
    const one = await admin(`/api/sensors/${sensor.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().uplink_loss).toEqual(expected);
    expect((await admin(`/api/sensors/mac/${sensor.mac}`)).json().uplink_loss).toEqual(expected);

    // A micrometer with no usage reports in the window has no figure, not 0 %.
    expect((await admin(`/api/sensors/${quiet.id}`)).json().uplink_loss).toBeNull();

    // Device health: the fleet list carries the same figure per row.
    const list = await admin(`/api/sensors?search=${encodeURIComponent(sensor.mac)}`);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.find((m: { id: number }) => m.id === sensor.id);
    expect(row?.uplink_loss).toEqual(expected);
  });
});
