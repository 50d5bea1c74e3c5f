// Micrometers through HTTP: lists (fleet, per place, default filter), one sensor by id and MAC with
// its readings, the assignment rules and each refusal, state/status singly and per building,
// notification exclusion, issues, office assignments, configuration with queued downlinks,
// delete, export and search.
import { decodeConfigDownlink, encodeUplink } from '@flowsight/domain/device-protocol';
import {
  ApplianceType,
  applianceTypes,
  SensorState,
  SensorStatus,
} from '@flowsight/domain/lookups';
import { defaultMicrometerFilter, micrometerMessages as m } from '@flowsight/domain/micrometers';
import { csvName } from '@flowsight/domain/reports';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

type Call = AuthorizedRequest;
type Placed = {
  id: number;
  mac: string;
  company: number;
  property: number;
  building: number;
  unit: number;
  appliance: number;
};

describe('micrometers API', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let installer: Call;
  let tester: Call;
  let companyAdmin: Call;
  let own: Placed;
  let foreign: Placed;
  const stock: string[] = [];

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const placedOf = async (email: string) => {
    const [row] = await rows<Placed>(sql`
      select s.id, s.mac_address as mac, s.company_id as company, s.property_id as property,
             s.building_id as building, s.unit_id as unit, s.appliance_type_id as appliance
      from sensors s where s.unit_id is not null and s.company_id = (
        select company_id from user_roles r join users u on u.id = r.user_id where u.email = ${email} order by r.id limit 1)
      order by s.id limit 1`);
    if (!row) throw new Error(`no sensor for ${email}`);
    return row;
  };
  /** A unit of the company with a free toilet slot. */
  const freeToiletUnit = async (company: number) => {
    const [row] = await rows<{ unit: number; building: number; property: number }>(sql`
      select u.id as unit, u.building_id as building, u.property_id as property from units u
      where u.company_id = ${company} and not exists (
        select 1 from sensors s where s.unit_id = u.id and s.appliance_type_id = ${ApplianceType.MainToilet})
      order by u.id limit 1`);
    if (!row) throw new Error('no free toilet slot');
    return row;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    installer = await t.as('installer@flowsight.test');
    tester = await t.as('tester@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    own = await placedOf('manager@flowsight.test');
    foreign = await placedOf('other.admin@flowsight.test');
    for (const row of await rows<{ mac: string }>(
      sql`select mac_address as mac from sensors where company_id is null and sensor_state_id = ${SensorState.Stock} order by id limit 8`,
    )) {
      stock.push(row.mac);
    }
    expect(stock.length).toBe(8);
  });
  afterAll(() => t.close());

  it('lists the fleet, the assigned and the unassigned micrometers with the list envelope', async () => {
    const all = (await admin('/api/sensors?limit=5')).json();
    const assigned = (await admin('/api/sensors/assigned?limit=5')).json();
    const unassigned = (await admin('/api/sensors/unassigned?limit=5')).json();
    expect(all.meta.totalItems).toBe(assigned.meta.totalItems + unassigned.meta.totalItems);
    expect(assigned.data.every((s: { company_id: number | null }) => s.company_id !== null)).toBe(
      true,
    );
    expect(unassigned.data.every((s: { company_id: number | null }) => s.company_id === null)).toBe(
      true,
    );
    expect(all.data[0]).toHaveProperty('mac_address');
    // The spec's default filter of the assigned list.
    const filter = new URLSearchParams(defaultMicrometerFilter(false));
    const filtered = (await admin(`/api/sensors/assigned?${filter}`)).json();
    expect(filtered.meta.totalItems).toBeGreaterThan(0);
    for (const s of filtered.data) {
      expect(s).toMatchObject({
        unit_category_id: 1,
        sensor_state_id: SensorState.Installed,
        sensor_status_id: SensorStatus.Transmitting,
      });
    }
    expect((await admin('/api/sensors?filter.nope=$eq:1')).statusCode).toBe(400);
    expect((await manager('/api/sensors')).statusCode).toBe(403);
  });

  it("lists a place's micrometers within the caller's scope only", async () => {
    for (const [path, id] of [
      ['companies', own.company],
      ['properties', own.property],
      ['buildings', own.building],
      ['units', own.unit],
    ] as const) {
      const response = await manager(
        `/api/${path}/${id}/sensors?filter.mac_address=$eq:${own.mac}`,
      );
      expect(response.statusCode, path).toBe(200);
      const macs = response.json().data.map((s: { mac_address: string }) => s.mac_address);
      expect(macs, path).toContain(own.mac);
    }
    expect((await manager(`/api/units/${foreign.unit}/sensors`)).statusCode).toBe(404);
    expect((await manager(`/api/companies/${foreign.company}/sensors`)).statusCode).toBe(404);
    const counted = (await manager(`/api/units/${own.unit}/sensors-count`)).json();
    const listed = (await manager(`/api/units/${own.unit}/sensors`)).json();
    expect(counted.count).toBe(listed.meta.totalItems);
  });

  it('reads one micrometer by id and by MAC in any notation, never another company’s', async () => {
    const byId = (await manager(`/api/sensors/${own.id}`)).json();
    expect(byId).toMatchObject({ id: own.id, mac_address: own.mac, unit_id: own.unit });
    expect(byId.unit_name).toEqual(expect.any(String));
    const dashed = own.mac.toLowerCase().match(/../g)?.join('-') ?? '';
    expect((await manager(`/api/sensors/mac/${dashed}`)).json().id).toBe(own.id);
    const missing = await manager(`/api/sensors/${foreign.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(m.notFound);
    expect((await manager(`/api/sensors/mac/${foreign.mac}`)).statusCode).toBe(404);
    // Stock is no tenant's: the tester and installer read it; the tester sees nothing assigned.
    expect((await tester(`/api/sensors/mac/${stock[0]}`)).statusCode).toBe(200);
    expect((await installer(`/api/sensors/mac/${stock[0]}`)).statusCode).toBe(200);
    expect((await tester(`/api/sensors/${own.id}`)).statusCode).toBe(404);
  });

  it('shows a micrometer’s newest readings, stock readings included, never a former tenant’s', async () => {
    const now = Date.now();
    await t.app.ingest.ingest([
      {
        mac: stock[7] as string,
        port: 2,
        payload: keepalive(),
        receivedAt: new Date(now - 60_000),
        fCnt: 1,
        transport: 'http',
      },
    ]);
    const sensor = (await tester(`/api/sensors/mac/${stock[7]}`)).json();
    expect(sensor.last_keepalive).not.toBeNull();
    const readings = (await tester(`/api/sensors/${sensor.id}/submissions?limit=5`)).json();
    expect(readings.data[0]).toMatchObject({ mac_address: stock[7], kind: 'keepalive' });
  });

  it('assigns a stock micrometer to a free fixture and refuses every bad placement', async () => {
    const slot = await freeToiletUnit(own.company);
    const placement = {
      company_id: own.company,
      property_id: slot.property,
      building_id: slot.building,
      unit_id: slot.unit,
      appliance_type_id: ApplianceType.MainToilet,
    };
    const assign = (call: Call, mac: string, body: object | undefined, action = 'assign') =>
      call(`/api/sensors/assign?mac=${mac}&action=${action}`, {
        method: 'POST',
        ...(body === undefined ? {} : { payload: body }),
      });
    const refusal = async (response: Awaited<ReturnType<Call>>) => [
      response.statusCode,
      response.json().message,
    ];

    // A sibling building in the same property, and a building of another property.
    const [sibling] = await rows<{ id: number }>(sql`
      insert into buildings (company_id, property_id, name)
      values (${own.company}, ${slot.property}, 'Sibling Hall') returning id`);
    const [elsewhere] = await rows<{ id: number }>(
      sql`select id from buildings where company_id = ${own.company} and property_id <> ${slot.property} order by id limit 1`,
    );
    const [otherProperty] = await rows<{ id: number }>(
      sql`select id from properties where company_id = ${own.company} and id <> ${slot.property} order by id limit 1`,
    );
    expect(
      await refusal(
        await assign(installer, stock[0] as string, { ...placement, building_id: sibling?.id }),
      ),
    ).toEqual([400, m.unitNotInBuilding]);
    expect(
      await refusal(
        await assign(installer, stock[0] as string, { ...placement, building_id: elsewhere?.id }),
      ),
    ).toEqual([400, m.buildingNotInProperty]);
    expect(
      await refusal(
        await assign(installer, stock[0] as string, {
          ...placement,
          property_id: otherProperty?.id ?? 0,
        }),
      ),
    ).toEqual([400, m.buildingNotInProperty]);
    expect(
      await refusal(
        await assign(admin, stock[0] as string, { ...placement, company_id: foreign.company }),
      ),
    ).toEqual([400, m.propertyNotInCompany]);
    // The installer works in their own company only.
    expect(
      (await assign(installer, stock[0] as string, { ...placement, company_id: foreign.company }))
        .statusCode,
    ).toBe(404);
    expect(await refusal(await assign(installer, 'nope', placement))).toEqual([404, m.notFound]);

    const installedAt = async () =>
      (
        await rows<{ at: Date | string | null }>(
          sql`select installed_at as at from sensors where mac_address = ${stock[0]}`,
        )
      )[0]?.at ?? null;
    expect(await installedAt()).toBeNull();
    const fitting = Date.now();
    const assigned = await assign(installer, stock[0] as string, placement);
    expect(assigned.statusCode, assigned.body).toBe(200);
    // Its silence counts from the moment it was fitted (a micrometer never heard goes offline).
    const fitted = new Date((await installedAt()) ?? 0).getTime();
    expect(fitted).toBeGreaterThanOrEqual(fitting - 1000);
    expect(fitted).toBeLessThanOrEqual(Date.now() + 1000);
    expect(assigned.json()).toMatchObject({
      ...placement,
      sensor_state_id: SensorState.Installed,
      mac_address: stock[0],
    });
    // The slot is now taken, the sensor is now assigned.
    expect(await refusal(await assign(installer, stock[1] as string, placement))).toEqual([
      409,
      m.slotTaken,
    ]);
    expect(await refusal(await assign(installer, stock[0] as string, placement))).toEqual([
      409,
      m.alreadyAssigned,
    ]);
    // A defective sensor is refused.
    await t.database.db.execute(
      sql`update sensors set sensor_state_id = ${SensorState.Defective} where mac_address = ${stock[2]}`,
    );
    expect(
      await refusal(
        await assign(installer, stock[2] as string, {
          ...placement,
          appliance_type_id: ApplianceType.SecondToilet,
        }),
      ),
    ).toEqual([409, m.defective]);
    // Reassign to another fixture, then take it off; both are events with who and when.
    const moved = await assign(
      admin,
      stock[0] as string,
      { ...placement, appliance_type_id: ApplianceType.KitchenCold },
      'reassign',
    );
    expect(moved.json().appliance_type_id).toBe(ApplianceType.KitchenCold);
    // Its gallon threshold goes with it when it leaves the company.
    await t.database.db.execute(sql`
      insert into sensor_gallon_thresholds (sensor_id, company_id, value)
      select id, company_id, 80 from sensors where mac_address = ${stock[0]}`);
    const off = await assign(admin, stock[0] as string, {}, 'unassign');
    const [left] = await rows<{ n: number }>(sql`
      select count(*)::int as n from sensor_gallon_thresholds g join sensors s on s.id = g.sensor_id
      where s.mac_address = ${stock[0]}`);
    expect(left?.n).toBe(0);
    expect(off.json()).toMatchObject({
      company_id: null,
      unit_id: null,
      sensor_state_id: SensorState.Uninstalled,
    });
    expect(await installedAt()).toBeNull();
    // The specification gives unassign no body: none at all is the same as an empty one.
    expect(await refusal(await assign(admin, stock[0] as string, undefined, 'unassign'))).toEqual([
      409,
      m.notAssigned,
    ]);
    expect((await assign(admin, stock[0] as string, {}, 'assign')).statusCode).toBe(400);
    expect((await assign(admin, stock[0] as string, undefined, 'assign')).statusCode).toBe(400);
    const events = await rows<{ action: string; actor_user_id: number | null }>(sql`
      select e.action, e.actor_user_id from events e join sensors s on s.id = e.entity_id
      where e.entity_type = 'sensor' and s.mac_address = ${stock[0]} order by e.id`);
    expect(events.map((e) => e.action)).toEqual(['assigned', 'reassigned', 'unassigned']);
    expect(events.every((e) => e.actor_user_id !== null)).toBe(true);
  });

  it('lets a company admin assign only when the company allows assignment', async () => {
    const slot = await freeToiletUnit(own.company);
    const [company] = await rows<{ id: number }>(sql`
      select company_id as id from user_roles r join users u on u.id = r.user_id
      where u.email = 'company.admin@flowsight.test' order by r.id limit 1`);
    const body = {
      company_id: company?.id,
      property_id: slot.property,
      building_id: slot.building,
      unit_id: slot.unit,
      appliance_type_id: ApplianceType.MainToilet,
    };
    await t.database.db.execute(
      sql`update companies set allow_assignment = false where id = ${company?.id}`,
    );
    const refused = await companyAdmin(`/api/sensors/assign?mac=${stock[3]}&action=assign`, {
      method: 'POST',
      payload: body,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([403, m.assignmentNotAllowed]);
    await t.database.db.execute(
      sql`update companies set allow_assignment = true where id = ${company?.id}`,
    );
    if (company?.id === own.company) {
      const allowed = await companyAdmin(`/api/sensors/assign?mac=${stock[3]}&action=assign`, {
        method: 'POST',
        payload: body,
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
    }
  });

  it('sets state and status of one micrometer and of a whole building', async () => {
    const state = await admin(`/api/sensors/${own.id}/state/${SensorState.Uninstalled}`, {
      method: 'PUT',
    });
    expect(state.json().sensor_state_id).toBe(SensorState.Uninstalled);
    expect((await admin(`/api/sensors/${own.id}/state/99`, { method: 'PUT' })).statusCode).toBe(
      400,
    );
    const status = await admin(`/api/sensors/${own.id}/status/${SensorStatus.NotTransmitting}`, {
      method: 'PUT',
    });
    expect(status.json().sensor_status_id).toBe(SensorStatus.NotTransmitting);
    expect((await manager(`/api/sensors/${own.id}/status/1`, { method: 'PUT' })).statusCode).toBe(
      403,
    );

    const bulk = await admin(
      `/api/buildings/${own.building}/sensors/state/${SensorState.Installed}`,
      { method: 'PUT' },
    );
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().updated).toBeGreaterThan(0);
    const [left] = await rows<{ n: number }>(sql`
      select count(*)::int as n from sensors where building_id = ${own.building} and sensor_state_id <> ${SensorState.Installed}`);
    expect(left?.n).toBe(0);
    const statusBulk = await admin(
      `/api/buildings/${own.building}/sensors/status/${SensorStatus.Transmitting}`,
      { method: 'PUT' },
    );
    expect(statusBulk.json().updated).toBeGreaterThan(0);
    expect(
      (await admin('/api/buildings/999999/sensors/status/1', { method: 'PUT' })).statusCode,
    ).toBe(404);
  });

  it('excludes a micrometer from alerts by id and by MAC, and lists the excluded', async () => {
    const on = await admin(`/api/sensors/${own.id}/notification-excluded/1`, { method: 'PUT' });
    expect(on.json().notification_excluded).toBe(true);
    const excluded = (
      await admin('/api/sensors?filter.notification_excluded=$eq:true&limit=500')
    ).json();
    expect(excluded.data.map((s: { id: number }) => s.id)).toContain(own.id);
    const off = await admin(`/api/sensors/notification-excluded/mac/${own.mac}/0`, {
      method: 'PUT',
    });
    expect(off.json().notification_excluded).toBe(false);
    expect(
      (await admin(`/api/sensors/${own.id}/notification-excluded/2`, { method: 'PUT' })).statusCode,
    ).toBe(400);
  });

  it('records a reported issue with who reported it', async () => {
    const reported = await manager('/api/sensors/report-issue', {
      method: 'POST',
      payload: { sensor_id: own.id, issue: 'Clip loose on the pipe' },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const read = (await manager(`/api/sensors/${own.id}/sensor-issue`)).json();
    expect(read).toMatchObject({ sensor_id: own.id, issue: 'Clip loose on the pipe' });
    expect(read.reported_by).toEqual(expect.any(String));
    expect(
      (
        await manager('/api/sensors/report-issue', {
          method: 'POST',
          payload: { sensor_id: foreign.id, issue: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await manager('/api/sensors/report-issue', {
          method: 'POST',
          payload: { sensor_id: own.id, issue: ' ' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('sets stock aside for a building, lists it, refuses twice, and cancels it', async () => {
    const created = await admin('/api/sensors/office-assignment', {
      method: 'POST',
      payload: { building_id: own.building, macs: [stock[4], stock[5]] },
    });
    expect(created.json()).toEqual({ created: 2 });
    const pending = (await admin(`/api/sensors/office-assignment-building/${own.building}`)).json();
    expect(pending.map((p: { mac_address: string }) => p.mac_address).sort()).toEqual(
      [stock[4], stock[5]].sort(),
    );
    const sensor = (await admin(`/api/sensors/mac/${stock[4]}`)).json();
    expect(sensor.sensor_state_id).toBe(SensorState.OfficeAssigned);
    expect((await admin(`/api/sensors/office-assignment/${sensor.id}`)).json().building_id).toBe(
      own.building,
    );
    const again = await admin('/api/sensors/office-assignment', {
      method: 'POST',
      payload: { building_id: own.building, macs: [stock[4], own.mac] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toEqual([
      expect.stringContaining('already set aside'),
      `${own.mac}: ${m.alreadyAssigned}`,
    ]);
    const cancelled = await admin('/api/sensors/pending-office-assignment', {
      method: 'DELETE',
      payload: { building_id: own.building, sensor_ids: [sensor.id] },
    });
    expect(cancelled.json()).toEqual({ cancelled: 1 });
    expect((await admin(`/api/sensors/mac/${stock[4]}`)).json().sensor_state_id).toBe(
      SensorState.Stock,
    );
    expect((await admin(`/api/sensors/office-assignment/${sensor.id}`)).statusCode).toBe(404);
    expect(
      (
        await manager('/api/sensors/office-assignment', {
          method: 'POST',
          payload: { building_id: own.building, macs: [stock[6]] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('keeps stock set aside for a building its company’s: others cannot read, find or install it', async () => {
    const otherAdmin = await t.as('other.admin@flowsight.test');
    const shelf = await rows<{ id: number; mac: string }>(sql`
      select id, mac_address as mac from sensors where company_id is null
        and sensor_state_id = ${SensorState.Stock} order by id offset 8 limit 3`);
    const [theirs, ours, loose] = shelf as [
      { id: number; mac: string },
      { id: number; mac: string },
      { id: number; mac: string },
    ];
    expect(loose).toBeDefined();
    await t.database.db.execute(
      sql`update companies set allow_assignment = true where id in (${own.company}, ${foreign.company})`,
    );
    const slotOf = async (company: number) => {
      const slot = await freeToiletUnit(company);
      return {
        company_id: company,
        property_id: slot.property,
        building_id: slot.building,
        unit_id: slot.unit,
        appliance_type_id: ApplianceType.MainToilet,
      };
    };
    const install = (call: Call, mac: string, placement: object) =>
      call(`/api/sensors/assign?mac=${mac}&action=assign`, { method: 'POST', payload: placement });
    const reserve = (call: Call, building: number, mac: string) =>
      call('/api/sensors/office-assignment', {
        method: 'POST',
        payload: { building_id: building, macs: [mac] },
      });

    // The other company sets one aside for its building.
    const theirSlot = await slotOf(foreign.company);
    expect((await reserve(otherAdmin, theirSlot.building_id, theirs.mac)).statusCode).toBe(200);
    const seen = (await otherAdmin(`/api/sensors/mac/${theirs.mac}`)).json();
    expect(seen.office_assignment).toMatchObject({
      building_id: theirSlot.building_id,
      company_id: foreign.company,
    });
    expect((await otherAdmin(`/api/sensors/${theirs.id}`)).statusCode).toBe(200);

    // This company sees nothing of it, by MAC or id, and cannot take it or set it aside again.
    for (const call of [installer, companyAdmin, manager]) {
      expect((await call(`/api/sensors/mac/${theirs.mac}`)).statusCode).toBe(404);
      expect((await call(`/api/sensors/${theirs.id}`)).statusCode).toBe(404);
      expect((await call(`/api/sensors/${theirs.id}/submissions`)).statusCode).toBe(404);
    }
    expect((await companyAdmin(`/api/sensors/office-assignment/${theirs.id}`)).statusCode).toBe(
      404,
    );
    const ourSlot = await slotOf(own.company);
    const taken = await install(installer, theirs.mac, ourSlot);
    expect([taken.statusCode, taken.json().message]).toEqual([404, m.notFound]);
    const again = await reserve(companyAdmin, ourSlot.building_id, theirs.mac);
    expect([again.statusCode, again.json().message]).toEqual([
      400,
      [`${theirs.mac}: ${m.notFound}`],
    ]);
    const [kept] = await rows<{ company_id: number | null; status: string }>(sql`
      select s.company_id, oa.status from sensors s join office_assignments oa on oa.sensor_id = s.id
      where s.id = ${theirs.id}`);
    expect(kept).toEqual({ company_id: null, status: 'pending' });

    // The tester still reads it on the bench, without where it is set aside; staff see all.
    const benched = await tester(`/api/sensors/${theirs.id}`);
    expect(benched.statusCode).toBe(200);
    expect(benched.json().office_assignment).toBeNull();
    expect((await admin(`/api/sensors/${theirs.id}`)).json().office_assignment).not.toBeNull();

    // Its own company installs it, and the reservation is fulfilled.
    const fulfilled = await install(otherAdmin, theirs.mac, theirSlot);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const [done] = await rows<{ status: string }>(
      sql`select status from office_assignments where sensor_id = ${theirs.id}`,
    );
    expect(done?.status).toBe('installed');

    // The other direction: this company's reservation is its own to read and install.
    expect((await reserve(companyAdmin, ourSlot.building_id, ours.mac)).statusCode).toBe(200);
    const mine = await installer(`/api/sensors/${ours.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().office_assignment).toMatchObject({ building_id: ourSlot.building_id });
    expect((await otherAdmin(`/api/sensors/mac/${ours.mac}`)).statusCode).toBe(404);
    expect((await install(installer, ours.mac, ourSlot)).statusCode).toBe(200);

    // Unreserved stock: found by MAC by those who handle it, never walked by id by a company.
    expect((await installer(`/api/sensors/mac/${loose.mac}`)).statusCode).toBe(200);
    expect((await companyAdmin(`/api/sensors/mac/${loose.mac}`)).statusCode).toBe(200);
    expect((await manager(`/api/sensors/mac/${loose.mac}`)).statusCode).toBe(404);
    for (const call of [installer, companyAdmin, manager, otherAdmin]) {
      expect((await call(`/api/sensors/${loose.id}`)).statusCode).toBe(404);
    }
    expect((await tester(`/api/sensors/${loose.id}`)).statusCode).toBe(200);
    expect((await admin(`/api/sensors/${loose.id}`)).statusCode).toBe(200);
  });

  it('stores a configuration and queues its port-3 downlink; a building gets one per sensor', async () => {
    const configured = await admin(`/api/sensors/${own.id}/config`, {
      method: 'PUT',
      payload: { params: { '1': 600, '2': 7200 } },
    });
    expect(configured.statusCode, configured.body).toBe(200);
    expect(configured.json().config).toEqual({ '1': 600, '2': 7200 });
    const bad = await admin(`/api/sensors/${own.id}/config`, {
      method: 'PUT',
      payload: { params: { '1': 5, '9': 1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([
      'body.params: Report interval must be between 60 and 3600 s',
      'body.params: Unknown configuration parameter 9',
    ]);
    const one = await admin(`/api/sensors/${own.mac}/downlink-config-params`, {
      method: 'PUT',
      payload: { params: { '3': 40 } },
    });
    expect(one.json()).toMatchObject({ mac_address: own.mac, status: 'queued', port: 3 });
    expect(decodeConfigDownlink(Buffer.from(one.json().payload_hex, 'hex'))).toEqual([
      { paramId: 3, value: 40 },
    ]);
    const building = await admin(`/api/buildings/${own.building}/downlink-config-params`, {
      method: 'PUT',
      payload: { params: { '1': 900 } },
    });
    const [inBuilding] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sensors where building_id = ${own.building}`,
    );
    expect(building.json().queued).toBe(inBuilding?.n);
    const listed = (
      await admin('/api/sensors/downlink-config-params?filter.status=$eq:queued&limit=500')
    ).json();
    expect(listed.meta.totalItems).toBe((inBuilding?.n ?? 0) + 2);
    expect(
      (
        await manager(`/api/buildings/${own.building}/downlink-config-params`, {
          method: 'PUT',
          payload: { params: { '1': 900 } },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('deletes only a stock micrometer that never reported', async () => {
    const heard = (await admin(`/api/sensors/mac/${stock[7]}`)).json();
    expect((await admin(`/api/sensors/${heard.id}`, { method: 'DELETE' })).statusCode).toBe(409);
    expect((await admin(`/api/sensors/${own.id}`, { method: 'DELETE' })).statusCode).toBe(409);
    const quiet = (await admin(`/api/sensors/mac/${stock[6]}`)).json();
    expect((await admin(`/api/sensors/${quiet.id}`, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await admin(`/api/sensors/${quiet.id}`)).statusCode).toBe(404);
  });

  it('exports micrometers as CSV in the asked time zone and finds them by MAC fragment', async () => {
    const response = await admin('/api/sensors/export-all?timeZone=America/Chicago');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="sensors-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    const [total] = await rows<{ n: number }>(sql`select count(*)::int as n from sensors`);
    expect(records.length).toBe(total?.n);
    expect(records.find((r) => r.MAC === own.mac)?.Unit).toEqual(expect.any(String));
    // The fixture type by its name, as the app shows it, not its lookup id.
    const [placed] = await rows<{ mac: string; appliance: number }>(
      sql`select mac_address as mac, appliance_type_id as appliance from sensors
          where appliance_type_id is not null order by id limit 1`,
    );
    const fixture = applianceTypes.find((a) => a.id === placed?.appliance)?.name ?? '';
    expect(fixture).not.toBe('');
    expect(records.find((r) => r.MAC === placed?.mac)?.['Fixture type']).toBe(csvName(fixture));
    const keepalive = records.find((r) => r['Last keep-alive'] !== '')?.['Last keep-alive'];
    expect(keepalive).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[56]:00$/);
    const top = (await manager(`/api/sensors/search-top/${own.mac.slice(4, 10)}/5`)).json();
    expect(top.length).toBeLessThanOrEqual(5);
    expect(top.every((s: { company_id: number }) => s.company_id === own.company)).toBe(true);
  });
});

function keepalive(): Uint8Array {
  return encodeUplink({
    kind: 'keepalive',
    version: 2,
    battery: 77,
    firmwareVersion: '2.1.0',
    reportIntervalS: 900,
    flags: 0,
  }).bytes;
}
