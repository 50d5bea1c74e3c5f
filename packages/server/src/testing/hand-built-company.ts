// A company built by hand for the tests that check figures on paper (where to act, water
// accounting): its places inserted one by one, micrometers installed on named units with a
// reading today and one last month put through the ingest service, and alerts opened on them.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { SensorStatus } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import type { Uplink } from '../modules/ingest/ingest.service.ts';
import type { TestApp } from './app.ts';

/** The inserts of a company in `timeZone`, each answering the new row's id. */
export async function handBuiltCompany(t: TestApp, timeZone: string) {
  const one = async (query: ReturnType<typeof sql>) => {
    const { rows } = (await t.database.db.execute(query)) as unknown as { rows: { id: number }[] };
    const [row] = rows;
    if (!row) throw new Error('nothing inserted');
    return row.id;
  };
  const zone = sql`(select id from timezones where name = ${timeZone})`;
  const company = await one(sql`
    insert into companies (name, company_type_id, timezone_id)
    values ('Ledger Co', 1, ${zone}) returning id`);
  return {
    company,
    one,
    property: (name: string, price: number) =>
      one(sql`insert into properties (company_id, name, timezone_id, water_price_per_kgal)
              values (${company}, ${name}, ${zone}, ${price}) returning id`),
    building: (propertyId: number, name: string) =>
      one(sql`insert into buildings (company_id, property_id, name)
              values (${company}, ${propertyId}, ${name}) returning id`),
    unit: (buildingId: number, name: string, category: number) =>
      one(sql`
        insert into units (company_id, property_id, building_id, name, unit_category_id)
        select b.company_id, b.property_id, b.id, ${name}, ${category}
        from buildings b where b.id = ${buildingId} returning id`),
  };
}

export type HandBuiltCompany = Awaited<ReturnType<typeof handBuiltCompany>>;

/** [MAC, unit key, fixture, gallons today, gallons last month (0: no reading), status, …]. */
export type MeteredSensor = readonly [
  mac: string,
  unit: string,
  appliance: number,
  today: number,
  lastMonth: number,
  status?: number,
  ...rest: unknown[],
];

/** Installs each micrometer on its unit and ingests its two readings, each covering `intervalS`. */
export async function installMeteredSensors(
  t: TestApp,
  units: Record<string, number>,
  sensors: readonly MeteredSensor[],
  readings: { today: Date; lastMonth: Date; intervalS: number; flowTimeS: number },
) {
  const uplinks: Uplink[] = [];
  for (const [index, [mac, unit, appliance, today, lastMonth, status]] of sensors.entries()) {
    await t.database.db.execute(sql`
      insert into sensors (mac_address, sensor_state_id, sensor_status_id, company_id, property_id,
        building_id, unit_id, appliance_type_id, battery)
      select ${mac}, 4, ${status ?? SensorStatus.Transmitting}, u.company_id, u.property_id,
        u.building_id, u.id, ${appliance}, 90
      from units u where u.id = ${units[unit] ?? 0}`);
    for (const [receivedAt, gallons] of [
      [readings.today, today],
      [readings.lastMonth, lastMonth],
    ] as const) {
      if (gallons === 0) continue;
      const { bytes } = encodeUplink({
        kind: 'usage',
        version: 2,
        seq: index + (receivedAt === readings.today ? 100 : 0),
        volumeMgal: gallons * 1000,
        intervalS: readings.intervalS,
        flowTimeS: readings.flowTimeS,
        peakFlowMgpm: 20_000,
        battery: 90,
      });
      uplinks.push({ mac, port: 1, payload: bytes, receivedAt, transport: 'http' });
    }
  }
  await t.app.ingest.ingest(uplinks);
}

/** Opens an alert on the micrometer `mac` (its place and fixture), first and last detected `at`. */
export function openAlert(
  t: TestApp,
  mac: string,
  alert: { type: number; category: number; status: number; rate: number | null; at: Date },
) {
  return t.database.db.execute(sql`
    insert into notifications (company_id, property_id, building_id, unit_id, sensor_id,
      appliance_type_id, notification_type_id, notification_category_id, notification_status_id,
      rate, first_detected_at, last_detected_at)
    select s.company_id, s.property_id, s.building_id, s.unit_id, s.id, s.appliance_type_id,
           ${alert.type}, ${alert.category}, ${alert.status}, ${alert.rate},
           ${alert.at.toISOString()}::timestamptz, ${alert.at.toISOString()}::timestamptz
    from sensors s where s.mac_address = ${mac}`);
}
