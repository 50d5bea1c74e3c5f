// The Flume account calls end to end through the HTTP layer on the demo portfolio, Flume played by
// the local fake server (FLUME_API_URL): an account added with good credentials keeps its meters,
// bad ones are a 400 in Flume's words; the list and every answer carry no secret, and the stored
// secrets are sealed; a meter is linked to and unlinked from a building, another company's
// building is refused, and a building moved to another company loses its meter; flume-connected
// answers true, false and 404; a test of a revoked account
// keeps the error in words; removal; a manager is refused with 403.
import { RoleType } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { type FakeFlume, startFakeFlume } from '../../testing/fake-flume.ts';
import { demoParts, insertSitePerson } from '../../testing/site-staff.ts';
import type { FlumeAccount } from './flume.schemas.ts';

const METER_ID = '6248148189204194988';

describe('Flume accounts API', () => {
  let t: TestApp;
  let flume: FakeFlume;
  let admin: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let company: number;
  let building: number;
  let otherBuilding: number;
  let foreignBuilding: number;

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const goodBody = () => ({
    company_id: company,
    name: 'Main meters',
    client_id: flume.credentials.clientId,
    client_secret: flume.credentials.clientSecret,
    username: flume.credentials.username,
    password: flume.credentials.password,
  });
  const secretsIn = (text: string) =>
    [flume.credentials.clientSecret, flume.credentials.password].filter((secret) =>
      text.includes(secret),
    );

  const takenOff: string[] = [];
  /** Takes the building's main-line micrometers off their fixture, as a person would. */
  const takeOffMainLines = async (buildingId: number) => {
    const macs = await rows<{ mac: string }>(sql`
      select mac_address as mac from sensors where building_id = ${buildingId} and appliance_type_id = 19`);
    expect(macs.length).toBeGreaterThan(0);
    for (const { mac } of macs) {
      const off = await admin(`/api/sensors/assign?mac=${mac}&action=unassign`, {
        method: 'POST',
        payload: {},
      });
      expect(off.statusCode, off.body).toBe(200);
      takenOff.push(mac);
    }
  };

  beforeAll(async () => {
    flume = await startFakeFlume({
      clientSecret: 'fake-client-secret-1f3a',
      password: 'fake-password-9c2e',
    });
    t = await buildTestApp({ demo: true, env: { FLUME_API_URL: flume.url } });
    [admin, companyAdmin, manager] = await Promise.all([
      t.as('admin@flowsight.test'),
      t.as('company.admin@flowsight.test'),
      t.as('manager@flowsight.test'),
    ]);
    const [own] = await rows<{ company: number }>(sql`
      select r.company_id as company from user_roles r join users u on u.id = r.user_id
      where u.email = 'company.admin@flowsight.test' and r.company_id is not null order by r.id limit 1`);
    if (!own) throw new Error('no company of the company admin');
    company = own.company;
    const mine = await rows<{ id: number }>(
      sql`select id from buildings where company_id = ${company} order by id limit 2`,
    );
    const [foreign] = await rows<{ id: number }>(
      sql`select id from buildings where company_id <> ${company} order by id limit 1`,
    );
    if (!mine[0] || !mine[1] || !foreign) throw new Error('no buildings');
    [building, otherBuilding, foreignBuilding] = [mine[0].id, mine[1].id, foreign.id];
  });
  afterAll(async () => {
    await t?.close();
    await flume?.close();
  });

  it('refuses bad credentials with 400 in Flume words, storing nothing', async () => {
    const response = await companyAdmin('/api/flume-accounts', {
      method: 'POST',
      payload: { ...goodBody(), password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Invalid user credentials');
    expect(await rows(sql`select id from external_flow_accounts`)).toEqual([]);
  });

  it('refuses a manager with 403 and another company with 404', async () => {
    expect((await manager('/api/flume-accounts')).statusCode).toBe(403);
    const post = await manager('/api/flume-accounts', { method: 'POST', payload: goodBody() });
    expect(post.statusCode).toBe(403);
    const [other] = await rows<{ id: number }>(
      sql`select id from companies where id <> ${company} order by id limit 1`,
    );
    const foreign = await companyAdmin('/api/flume-accounts', {
      method: 'POST',
      payload: { ...goodBody(), company_id: other?.id },
    });
    expect(foreign.statusCode).toBe(404);
  });

  let account: FlumeAccount;

  it('adds an account with good credentials, keeping its meter and no secret in the answer', async () => {
    const response = await companyAdmin('/api/flume-accounts', {
      method: 'POST',
      payload: goodBody(),
    });
    expect(response.statusCode).toBe(201);
    expect(secretsIn(response.body)).toEqual([]);
    account = response.json();
    expect(account).toMatchObject({
      company_id: company,
      name: 'Main meters',
      flume_user_id: String(flume.userId),
      username: flume.credentials.username,
      last_error: null,
    });
    expect(account.connected_at).not.toBeNull();
    expect(account.devices).toEqual([
      expect.objectContaining({ device_id: METER_ID, building_id: null, location: '2145' }),
    ]);
    const again = await admin('/api/flume-accounts', { method: 'POST', payload: goodBody() });
    expect(again.statusCode).toBe(409);
  });

  it('stores the client secret and password sealed', async () => {
    const [row] = await rows<{ client_secret_sealed: string; password_sealed: string }>(
      sql`select client_secret_sealed, password_sealed from external_flow_accounts where id = ${account.id}`,
    );
    expect(row?.client_secret_sealed).toMatch(/^v1\./);
    expect(row?.password_sealed).toMatch(/^v1\./);
    expect(secretsIn(JSON.stringify(row))).toEqual([]);
  });

  it('lists the accounts in scope without secrets', async () => {
    const mine = await companyAdmin('/api/flume-accounts');
    expect(mine.statusCode).toBe(200);
    expect(secretsIn(mine.body)).toEqual([]);
    expect(mine.json().map((a: FlumeAccount) => a.id)).toEqual([account.id]);
    expect(JSON.stringify(mine.json())).not.toMatch(/secret_sealed|password/);
    const all = await admin('/api/flume-accounts');
    expect(all.json().map((a: FlumeAccount) => a.id)).toContain(account.id);
  });

  it('refuses a building whose main line a micrometer measures, until it is taken off', async () => {
    const device = account.devices[0]?.id;
    const refused = await companyAdmin(`/api/flume-accounts/${account.id}/devices/${device}`, {
      method: 'PUT',
      payload: { building_id: building },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /already has a main-line micrometer: a Flume meter there would count its water twice/,
    );
    for (const id of [building, otherBuilding]) await takeOffMainLines(id);
  });

  it('links a meter to a building, refuses another company, and unlinks it', async () => {
    const device = account.devices[0]?.id;
    const link = (who: AuthorizedRequest, building_id: number | null) =>
      who(`/api/flume-accounts/${account.id}/devices/${device}`, {
        method: 'PUT',
        payload: { building_id },
      });
    expect((await link(companyAdmin, foreignBuilding)).statusCode).toBe(404);
    expect((await link(admin, foreignBuilding)).statusCode).toBe(400);
    expect((await link(manager, building)).statusCode).toBe(403);
    const linked = await link(companyAdmin, building);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().devices[0]).toMatchObject({ building_id: building });
    // Nor may a main-line micrometer go back on a building the Flume meter measures.
    const [unit] = await rows<{ id: number; property: number }>(sql`
      select u.id, b.property_id as property from units u join buildings b on b.id = u.building_id
      where u.building_id = ${building} order by u.id limit 1`);
    const mainLine = { mac: takenOff[0], unit: unit?.id, property: unit?.property };
    const back = await admin(`/api/sensors/assign?mac=${mainLine?.mac}&action=assign`, {
      method: 'POST',
      payload: {
        company_id: company,
        property_id: mainLine?.property,
        building_id: building,
        unit_id: mainLine?.unit,
        appliance_type_id: 19,
      },
    });
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json().message).toMatch(/A Flume meter measures this building's main line/);
    const connected = (id: number, who = companyAdmin) =>
      who(`/api/buildings/${id}/flume-connected/${account.id}`);
    expect((await connected(building)).json()).toEqual({ connected: true });
    expect((await connected(otherBuilding)).json()).toEqual({ connected: false });
    expect((await connected(foreignBuilding)).statusCode).toBe(404);
    expect((await connected(building, manager)).statusCode).toBe(403);
    const unlinked = await link(companyAdmin, null);
    expect(unlinked.json().devices[0]).toMatchObject({ building_id: null });
    expect((await connected(building)).json()).toEqual({ connected: false });
    const missing = await companyAdmin(`/api/flume-accounts/${account.id}/devices/999999`, {
      method: 'PUT',
      payload: { building_id: building },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('unlinks a meter whose building moves to another company', async () => {
    const device = account.devices[0]?.id;
    const linked = await companyAdmin(`/api/flume-accounts/${account.id}/devices/${device}`, {
      method: 'PUT',
      payload: { building_id: otherBuilding },
    });
    expect(linked.statusCode).toBe(200);
    const [elsewhere] = await rows<{ id: number }>(
      sql`select id from properties where company_id <> ${company} order by id limit 1`,
    );
    const moved = await admin(
      `/api/buildings/${otherBuilding}/change-property/${elsewhere?.id}/0`,
      { method: 'PUT' },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      await rows(sql`select building_id from external_flow_devices where id = ${device}`),
    ).toEqual([{ building_id: null }]);
    expect(
      (await admin(`/api/buildings/${otherBuilding}/flume-connected/${account.id}`)).json(),
    ).toEqual({ connected: false });
  });

  it('tests the connection again and keeps a failure in words', async () => {
    const ok = await companyAdmin(`/api/flume-accounts/${account.id}/test`, { method: 'POST' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ last_error: null });
    flume.failNext(400, 'Invalid user credentials');
    const failed = await companyAdmin(`/api/flume-accounts/${account.id}/test`, { method: 'POST' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().last_error).toContain('Invalid user credentials');
    expect(failed.json().last_error_at).not.toBeNull();
    expect(secretsIn(failed.body)).toEqual([]);
  });

  it('removes an account (404 for another company, 403 for a manager)', async () => {
    const path = `/api/flume-accounts/${account.id}`;
    expect((await manager(path, { method: 'DELETE' })).statusCode).toBe(403);
    const removed = await companyAdmin(path, { method: 'DELETE' });
    expect(removed.statusCode).toBe(200);
    expect((await companyAdmin(path, { method: 'DELETE' })).statusCode).toBe(404);
    expect(await rows(sql`select id from external_flow_devices`)).toEqual([]);
    expect((await companyAdmin('/api/flume-accounts')).json()).toEqual([]);
  });
  it('keeps an admin of one property to the accounts on its buildings', async () => {
    const parts = await demoParts(t);
    await insertSitePerson(t, 'flume.site@flowsight.test', RoleType.CompanyAdmin, {
      companyId: parts.company.id,
      propertyId: parts.a.id,
    });
    const siteAdmin = await t.as('flume.site@flowsight.test');
    const [ofB] = await rows<{ id: number }>(
      sql`select min(id)::int as id from buildings where property_id = ${parts.b.id}`,
    );
    const account = async (key: string, buildingId: number | null) => {
      const [row] = await rows<{ id: number }>(sql`
        insert into external_flow_accounts (company_id, building_id, provider, external_account_id,
          name, client_id, client_secret_sealed, username, password_sealed)
        values (${parts.company.id}, ${buildingId}, 'flume', ${key}, ${key}, 'client', 'not-sealed',
          'user@example.test', 'not-sealed') returning id`);
      return row?.id ?? 0;
    };
    const onA = await account('site-a', parts.building.id);
    const onB = await account('site-b', ofB?.id ?? 0);
    const onNone = await account('site-none', null);
    const listed = (await siteAdmin('/api/flume-accounts')).json() as { id: number }[];
    expect(listed.map((a) => a.id)).toEqual([onA]);
    // The company-wide admin sees all three.
    const all = (await companyAdmin('/api/flume-accounts')).json() as { id: number }[];
    expect(all.map((a) => a.id)).toEqual(expect.arrayContaining([onA, onB, onNone]));
    for (const id of [onB, onNone]) {
      expect(
        (await siteAdmin(`/api/flume-accounts/${id}/test`, { method: 'POST' })).statusCode,
      ).toBe(404);
      expect(
        (await siteAdmin(`/api/flume-accounts/${id}/sync`, { method: 'POST' })).statusCode,
      ).toBe(404);
      expect((await siteAdmin(`/api/flume-accounts/${id}`, { method: 'DELETE' })).statusCode).toBe(
        404,
      );
    }
    expect(
      await rows(sql`select id from external_flow_accounts where id in (${onB}, ${onNone})`),
    ).toHaveLength(2);
    // Adding an account is the company's: refused before Flume is asked.
    const added = await siteAdmin('/api/flume-accounts', {
      method: 'POST',
      payload: { ...goodBody(), company_id: parts.company.id },
    });
    expect(added.statusCode, added.body).toBe(403);
  });
});
