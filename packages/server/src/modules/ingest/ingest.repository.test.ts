// The COPY text of the readings' insert: what PostgreSQL reads back must be exactly the row.

import { describe, expect, it } from 'vitest';
import { copyField } from '../../db/client.ts';
import type { Row, SensorRow } from './ingest.decoding.ts';
import { copyText } from './ingest.repository.ts';

const sensor: SensorRow = {
  id: 7,
  mac_address: '70B3D5FFFE000001',
  company_id: 1,
  property_id: 2,
  building_id: 3,
  unit_id: 4,
  appliance_type_id: 5,
  room_type_id: 6,
  water_type_id: 1,
  report_interval_s: 900,
  timezone: 'America/New_York',
};

const row = (overrides: Partial<Row>): Row => ({
  measuredAt: new Date('2026-01-02T03:04:05.678Z'),
  mac: '70B3D5FFFE000001',
  seq: 12,
  kind: 'usage',
  port: 1,
  payload: new Uint8Array([0x02, 0x00, 0xff]),
  transport: 'http',
  volumeMgal: 1500,
  intervalS: 900,
  flowTimeS: 40,
  peakFlowMgpm: 900,
  battery: 88,
  firmware: null,
  flags: null,
  reportIntervalS: null,
  gateway: 'gw-1',
  gatewayEui: null,
  rssi: -80.5,
  snr: 7.25,
  error: null,
  sensor,
  part: 0,
  ...overrides,
});

/** The COPY line of a row the slow, obvious way: every field through `copyField`. */
function expected(r: Row): string {
  const a = r.sensor?.unit_id ? r.sensor : undefined;
  const hex = `\\x${Buffer.from(r.payload).toString('hex')}`;
  return `${[
    r.measuredAt.toISOString(),
    r.mac,
    r.seq,
    r.kind,
    r.port,
    hex,
    r.transport,
    r.volumeMgal,
    r.intervalS,
    r.flowTimeS,
    r.peakFlowMgpm,
    r.battery,
    r.firmware,
    r.flags,
    r.reportIntervalS,
    r.gateway,
    r.rssi,
    r.snr,
    r.error,
    r.sensor?.id,
    a?.company_id,
    a?.property_id,
    a?.building_id,
    a?.unit_id,
    a?.appliance_type_id,
    a?.room_type_id,
    a?.water_type_id,
  ]
    .map(copyField)
    .join('\t')}\n`;
}

describe('COPY text of readings', () => {
  it('writes every column in order, escaping sent text, nulls as \\N and the payload as escaped hex', () => {
    // A payload that is a view into a larger buffer: only its own bytes are written.
    const backing = new Uint8Array([9, 9, 0x02, 0x5c, 0x0a, 9]);
    const rows = [
      row({}),
      row({
        mac: 'bad\tmac\\x',
        kind: 'malformed',
        payload: backing.subarray(2, 5),
        volumeMgal: null,
        intervalS: null,
        flowTimeS: null,
        peakFlowMgpm: null,
        battery: null,
        gateway: 'line\nbreak\r',
        rssi: null,
        snr: null,
        error: "invalid DevEUI 'bad\tmac'",
        sensor: undefined,
      }),
      row({
        kind: 'keepalive',
        firmware: '3.1.4',
        flags: 2,
        reportIntervalS: 600,
        sensor: { ...sensor, unit_id: null },
      }),
    ];
    const text = copyText(rows);
    expect(text).toBe(rows.map(expected).join(''));
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]?.split('\t')[5]).toBe('\\\\x025c0a');
    expect(lines[1]?.split('\t')[1]).toBe('bad\\tmac\\\\x');
    // An unassigned micrometer keeps its id and no place.
    expect(lines[2]?.split('\t').slice(19)).toEqual([
      '7',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
    ]);
  });
});
