// Moving a property to another company and a building to another property (spec section 4, DESIGN
// section 6): with transfer=1 micrometers, readings, usage and alerts move along; with 0 the
// micrometers are unassigned first (their open alerts closed) and history stays where it was.
// One transaction, an event, and refusals that change nothing.
import { NotificationCategory, NotificationType } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { companyLogDrift } from '../../testing/company-logs.ts';

type Call = AuthorizedRequest;
type Hierarchy = {
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
};

describe('portfolio moves', () => {
  let t: TestApp;
  let admin: Call;
  let companyAdmin: Call;
  let own: number;
  let foreign: number;
  let serial = 0;

  const rows = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const one = async <T>(text: ReturnType<typeof sql>) => {
    const [row] = await rows<T>(text);
    if (!row) throw new Error('no row');
    return row;
  };

  /** A property with one building, one unit, one installed micrometer, its history and an open alert. */
  async function propertyWithHistory(companyId: number, timezone = 'America/New_York') {
    serial += 1;
    const mac = `70B3D5000000${String(serial).padStart(4, '0')}`;
    const property = await one<{ id: number }>(sql`
      insert into properties (company_id, name, timezone_id)
      select ${companyId}, ${`Move Court ${serial}`}, id from timezones where name = ${timezone}
      returning id`);
    const building = await one<{ id: number }>(sql`
      insert into buildings (company_id, property_id, name) values (${companyId}, ${property.id}, 'Move Hall')
      returning id`);
    const unit = await one<{ id: number }>(sql`
      insert into units (company_id, property_id, building_id, name, unit_category_id)
      values (${companyId}, ${property.id}, ${building.id}, '1A', 1) returning id`);
    const sensor = await one<{ id: number }>(sql`
      insert into sensors (mac_address, sensor_state_id, company_id, property_id, building_id, unit_id, appliance_type_id)
      values (${mac}, 4, ${companyId}, ${property.id}, ${building.id}, ${unit.id}, 5) returning id`);
    const at = sql`'2026-11-20T05:30:00Z'::timestamptz`;
    await t.database.db.execute(sql`select ensure_submissions_partition(${at})`);
    await t.database.db.execute(sql`
      insert into submissions (measured_at, mac_address, seq, kind, transport, volume_mgal, sensor_id,
        company_id, property_id, building_id, unit_id, appliance_type_id)
      values (${at}, ${mac}, 1, 'usage', 'http', 2500, ${sensor.id}, ${companyId}, ${property.id},
        ${building.id}, ${unit.id}, 5)`);
    await t.database.db.execute(sql`
      insert into usage_hourly (sensor_id, company_id, property_id, building_id, unit_id, appliance_type_id, volume_mgal, readings, hour)
      values (${sensor.id}, ${companyId}, ${property.id}, ${building.id}, ${unit.id}, 5, 2500, 1, '2026-11-20T05:00:00Z')`);
    await t.database.db.execute(sql`
      insert into usage_daily (sensor_id, company_id, property_id, building_id, unit_id, appliance_type_id, volume_mgal, readings, day)
      values (${sensor.id}, ${companyId}, ${property.id}, ${building.id}, ${unit.id}, 5, 2500, 1, '2026-11-20')`);
    await t.database.db.execute(sql`
      insert into usage_monthly (sensor_id, company_id, property_id, building_id, unit_id, appliance_type_id, volume_mgal, readings, month)
      values (${sensor.id}, ${companyId}, ${property.id}, ${building.id}, ${unit.id}, 5, 2500, 1, '2026-11-01')`);
    await t.database.db.execute(sql`
      insert into notifications (company_id, property_id, building_id, unit_id, sensor_id, notification_type_id,
        notification_category_id, first_detected_at, last_detected_at)
      values (${companyId}, ${property.id}, ${building.id}, ${unit.id}, ${sensor.id}, 1, 1, now(), now())`);
    return { property: property.id, building: building.id, unit: unit.id, sensor: sensor.id };
  }

  const hierarchyOf = (table: string, column: string, id: number) =>
    rows<Hierarchy>(sql`select company_id, property_id, building_id from ${sql.identifier(table)}
      where ${sql.identifier(column)} = ${id}`);

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    const companyOf = (email: string) =>
      one<{
        id: number;
      }>(sql`select r.company_id as id from user_roles r join users u on u.id = r.user_id
        where u.email = ${email} order by r.id limit 1`);
    own = (await companyOf('company.admin@flowsight.test')).id;
    foreign = (await companyOf('other.admin@flowsight.test')).id;
  });
  afterAll(() => t.close());
  // Every move rewrites usage_daily; the per-company day log must follow (to the other company
  // when a property changes hands).
  afterEach(async () => {
    expect(await companyLogDrift(t.database.db)).toEqual([]);
  });

  it('moves a property with transfer=1: structure, micrometers, readings, usage and alerts follow', async () => {
    const p = await propertyWithHistory(own);
    const response = await admin(`/api/properties/${p.property}/change-company/${foreign}/1`, {
      method: 'PUT',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().moved).toEqual({
      buildings: 1,
      units: 1,
      sensors: 1,
      unassigned_sensors: 0,
    });

    const expected = { company_id: foreign, property_id: p.property, building_id: p.building };
    for (const table of [
      'units',
      'sensors',
      'submissions',
      'usage_hourly',
      'usage_daily',
      'usage_monthly',
      'notifications',
    ]) {
      expect(await hierarchyOf(table, 'building_id', p.building), table).toEqual([expected]);
    }
    expect(
      (
        await one<{ company_id: number }>(
          sql`select company_id from buildings where id = ${p.building}`,
        )
      ).company_id,
    ).toBe(foreign);
    const event = await one<{ action: string; company_id: number; to_value: unknown }>(sql`
      select action, company_id, to_value from events where entity_type = 'property' and entity_id = ${p.property}
      order by id desc limit 1`);
    expect(event).toMatchObject({
      action: 'moved',
      company_id: foreign,
      to_value: { company_id: foreign, transfer: true },
    });
    // The old company's admin no longer reaches it; the new company's does.
    expect((await companyAdmin(`/api/properties/${p.property}`)).statusCode).toBe(404);
    const otherAdmin = await t.as('other.admin@flowsight.test');
    expect((await otherAdmin(`/api/units/${p.unit}`)).statusCode).toBe(200);
  });

  it('moves a building with transfer=0: micrometers unassigned, open alerts closed, history stays', async () => {
    const p = await propertyWithHistory(own);
    const target = await propertyWithHistory(own);
    // The building's own alert (unaccounted water: no unit, no micrometer) rests on the history
    // that stays behind, so it closes too.
    const building = await one<{ id: number }>(sql`
      insert into notifications (company_id, property_id, building_id, notification_type_id,
        notification_category_id, first_detected_at, last_detected_at)
      values (${own}, ${p.property}, ${p.building}, ${NotificationType.UnaccountedWater},
        ${NotificationCategory.Leak}, now(), now()) returning id`);
    const response = await companyAdmin(
      `/api/buildings/${p.building}/change-property/${target.property}/0`,
      { method: 'PUT' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().moved).toMatchObject({ units: 1, sensors: 0, unassigned_sensors: 1 });

    const sensor = await one<Hierarchy & { unit_id: number | null; sensor_state_id: number }>(sql`
      select company_id, property_id, building_id, unit_id, sensor_state_id from sensors where id = ${p.sensor}`);
    expect(sensor).toEqual({
      company_id: null,
      property_id: null,
      building_id: null,
      unit_id: null,
      sensor_state_id: 1,
    });
    const alert = await one<{ notification_status_id: number; note: string }>(sql`
      select notification_status_id, note from notifications where sensor_id = ${p.sensor}`);
    expect(alert.notification_status_id).toBe(3);
    expect(alert.note).toContain('unassigned');
    const buildingAlert = await one<{ notification_status_id: number }>(sql`
      select notification_status_id from notifications where id = ${building.id}`);
    expect(buildingAlert.notification_status_id).toBe(3);
    const old = { company_id: own, property_id: p.property, building_id: p.building };
    for (const table of ['submissions', 'usage_hourly', 'usage_daily', 'usage_monthly']) {
      expect(await hierarchyOf(table, 'sensor_id', p.sensor), table).toEqual([old]);
    }
    expect(await hierarchyOf('units', 'id', p.unit)).toEqual([
      { company_id: own, property_id: target.property, building_id: p.building },
    ]);
  });

  it('re-dates daily usage when a building moves into another time zone', async () => {
    const p = await propertyWithHistory(own, 'America/New_York');
    const tokyo = await propertyWithHistory(own, 'Asia/Tokyo');
    const response = await admin(
      `/api/buildings/${p.building}/change-property/${tokyo.property}/1`,
      { method: 'PUT' },
    );
    expect(response.statusCode, response.body).toBe(200);
    // 05:00 UTC on Nov 20 is 00:30 in New York (Nov 20) and 14:00 in Tokyo (still Nov 20) — use
    // a reading that crosses the date line to see the change instead.
    const days = await rows<{ day: string; volume_mgal: number; property_id: number }>(sql`
      select day::text as day, volume_mgal::int as volume_mgal, property_id from usage_daily where sensor_id = ${p.sensor}`);
    expect(days).toEqual([{ day: '2026-11-20', volume_mgal: 2500, property_id: tokyo.property }]);

    const late = await propertyWithHistory(own, 'America/New_York');
    await t.database.db.execute(
      sql`update usage_hourly set hour = '2026-11-20T16:00:00Z' where sensor_id = ${late.sensor}`,
    );
    await admin(`/api/buildings/${late.building}/change-property/${tokyo.property}/1`, {
      method: 'PUT',
    });
    const moved = await rows<{ day: string }>(
      sql`select day::text as day from usage_daily where sensor_id = ${late.sensor}`,
    );
    // 16:00 UTC is 01:00 on Nov 21 in Tokyo.
    expect(moved).toEqual([{ day: '2026-11-21' }]);
    // Its month follows the re-dated days.
    const months = await rows<{ month: string; volume_mgal: number; property_id: number }>(sql`
      select month::text as month, volume_mgal::int as volume_mgal, property_id from usage_monthly where sensor_id = ${late.sensor}`);
    expect(months).toEqual([
      { month: '2026-11-01', volume_mgal: 2500, property_id: tokyo.property },
    ]);
  });

  it('refuses moves that would break scope or change nothing, and changes nothing', async () => {
    const p = await propertyWithHistory(own);
    const [foreignProperty] = await rows<{ id: number }>(
      sql`select id from properties where company_id = ${foreign} order by id limit 1`,
    );
    const before = await hierarchyOf('units', 'id', p.unit);
    const crossing = await companyAdmin(
      `/api/buildings/${p.building}/change-property/${foreignProperty?.id}/1`,
      { method: 'PUT' },
    );
    expect(crossing.statusCode).toBe(404);
    const same = await admin(`/api/buildings/${p.building}/change-property/${p.property}/1`, {
      method: 'PUT',
    });
    expect(same.statusCode).toBe(400);
    const sameCompany = await admin(`/api/properties/${p.property}/change-company/${own}/0`, {
      method: 'PUT',
    });
    expect(sameCompany.statusCode).toBe(400);
    const badFlag = await admin(`/api/properties/${p.property}/change-company/${foreign}/2`, {
      method: 'PUT',
    });
    expect(badFlag.statusCode).toBe(400);
    const companyAdminMovesProperty = await companyAdmin(
      `/api/properties/${p.property}/change-company/${foreign}/1`,
      { method: 'PUT' },
    );
    expect(companyAdminMovesProperty.statusCode).toBe(403);
    expect(await hierarchyOf('units', 'id', p.unit)).toEqual(before);
    expect(await hierarchyOf('sensors', 'id', p.sensor)).toEqual(before);
  });

  it('refuses to delete a building with readings but no units left, naming the readings', async () => {
    const p = await propertyWithHistory(own);
    await t.database.db.execute(
      sql`update sensors set unit_id = null, building_id = null, property_id = null, company_id = null where id = ${p.sensor}`,
    );
    await t.database.db.execute(sql`delete from notifications where sensor_id = ${p.sensor}`);
    await t.database.db.execute(sql`delete from units where id = ${p.unit}`);
    const response = await admin(`/api/buildings/${p.building}`, { method: 'DELETE' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This building still has 1 reading and 1 day of usage history. Move or delete them first.',
    );
    expect((await admin(`/api/buildings/${p.building}`)).statusCode).toBe(200);
  });
});
