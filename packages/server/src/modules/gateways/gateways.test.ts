// The gateway calls end to end through the HTTP layer, on the demo portfolio: the list with its
// query language and scope, create with a unique serial, edits that move a gateway between
// buildings and keep the history, status and alerts changes with their refusals and events,
// search-top, the admin-app link, delete and the CSV export.
import { GatewayStatus } from '@flowsight/domain/lookups';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

type Company = { company: number; buildings: number[] };
type Gateway = {
  id: number;
  serial_number: string;
  name: string | null;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  building_name: string | null;
  gateway_status_id: number;
  alerts_disabled: boolean;
};
type HistoryRow = {
  building_id: number;
  building_name: string;
  property_name: string;
  assigned_at: string;
  unassigned_at: string | null;
  assigned_by: { id: number; name: string } | null;
};

const ADMIN_URL = 'https://lns.example.test/gateways/{serial}/overview';

describe('gateways API', () => {
  let t: TestApp;
  let own: Company;
  let foreign: Company;
  let admin: AuthorizedRequest;
  let technician: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let ownGateway: Gateway;
  let foreignGateway: Gateway;

  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const eventsOf = (id: number) =>
    query<{ action: string; actor_user_id: number | null; company_id: number | null }>(
      sql`select action, actor_user_id, company_id from events
          where entity_type = 'gateway' and entity_id = ${id} order by id`,
    );
  const fingerprint = async () =>
    JSON.stringify(
      await query(sql`select (select md5(string_agg(g::text, '|' order by g.id)) from gateways g) as g,
        (select md5(coalesce(string_agg(h::text, '|' order by h.id), '')) from gateway_building_history h) as h`),
    );
  let serial = 0;
  const newSerial = () => {
    serial += 1;
    return `TEST-GW-${serial}`;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, env: { GATEWAY_ADMIN_URL: ADMIN_URL } });
    const companyOf = async (email: string): Promise<Company> => {
      const [row] = await query<{ company: number; buildings: number[] }>(sql`
        select c.id as company, array_agg(b.id order by b.id) as buildings
        from companies c join buildings b on b.company_id = c.id
        where c.id = (select company_id from user_roles r join users x on x.id = r.user_id
                      where x.email = ${email} order by r.id limit 1)
        group by c.id`);
      if (!row) throw new Error(`no company for ${email}`);
      return row;
    };
    own = await companyOf('manager@flowsight.test');
    foreign = await companyOf('other.admin@flowsight.test');
    admin = await t.as('admin@flowsight.test');
    technician = await t.as('technician@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    const first = async (company: number) => {
      const body = (
        await admin(`/api/gateways?filter.company_id=$eq:${company}&sortBy=serial_number:ASC`)
      ).json();
      return body.data[0] as Gateway;
    };
    ownGateway = await first(own.company);
    foreignGateway = await first(foreign.company);
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('pages every gateway for system roles with the list envelope, sorted', async () => {
      const response = await admin('/api/gateways?limit=5&sortBy=serial_number:DESC');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const [total] = await query<{ n: number }>(sql`select count(*)::int as n from gateways`);
      expect(body.meta).toMatchObject({ itemsPerPage: 5, currentPage: 1, totalItems: total?.n });
      const serials = body.data.map((g: Gateway) => g.serial_number);
      expect(serials).toEqual([...serials].sort().reverse());
      expect(body.data[0]).toMatchObject({
        building_name: expect.any(String),
        company_name: expect.any(String),
        property_name: expect.any(String),
      });
    });

    it('limits company roles to their company’s gateways', async () => {
      const body = (await manager('/api/gateways?limit=500')).json();
      expect(body.data.length).toBeGreaterThan(0);
      expect(new Set(body.data.map((g: Gateway) => g.company_id))).toEqual(new Set([own.company]));
      const [count] = await query<{ n: number }>(
        sql`select count(*)::int as n from gateways where company_id = ${own.company}`,
      );
      expect(body.meta.totalItems).toBe(count?.n);
    });

    it('searches serial, name and building, and filters status, building and alerts', async () => {
      const bySerial = (await admin(`/api/gateways?search=${ownGateway.serial_number}`)).json();
      expect(bySerial.data.map((g: Gateway) => g.id)).toEqual([ownGateway.id]);
      const byBuilding = (
        await admin(`/api/gateways?search=${encodeURIComponent(ownGateway.building_name ?? '')}`)
      ).json();
      expect(byBuilding.data.map((g: Gateway) => g.id)).toContain(ownGateway.id);

      const offline = (
        await admin(`/api/gateways?filter.gateway_status_id=$in:${GatewayStatus.Offline}`)
      ).json();
      expect(offline.data.length).toBeGreaterThan(0);
      for (const g of offline.data as Gateway[]) {
        expect(g.gateway_status_id).toBe(GatewayStatus.Offline);
      }
      const muted = (await admin('/api/gateways?filter.alerts_disabled=true')).json();
      expect(muted.data.length).toBeGreaterThan(0);
      expect(muted.data.every((g: Gateway) => g.alerts_disabled)).toBe(true);
      const inBuilding = (
        await admin(`/api/gateways?filter.building_id=${ownGateway.building_id}`)
      ).json();
      expect(inBuilding.data.every((g: Gateway) => g.building_id === ownGateway.building_id)).toBe(
        true,
      );
      const byLastSeen = (await admin('/api/gateways?sortBy=last_seen_at:DESC&limit=500')).json();
      const seen = byLastSeen.data.map((g: { last_seen_at: string }) => Date.parse(g.last_seen_at));
      expect(seen).toEqual([...seen].sort((a: number, b: number) => b - a));
    });

    it('refuses an unknown sort or filter field and a malformed value', async () => {
      const unknownSort = await admin('/api/gateways?sortBy=model:ASC');
      expect(unknownSort.statusCode).toBe(400);
      expect(unknownSort.json().message).toEqual(["sortBy: unknown field 'model'"]);
      expect((await admin('/api/gateways?filter.model=x')).statusCode).toBe(400);
      expect((await admin('/api/gateways?filter.gateway_status_id=$eq:x')).statusCode).toBe(400);
    });
  });

  describe('one gateway', () => {
    it('reads one in scope, 404 outside it or when unknown', async () => {
      const mine = await manager(`/api/gateways/${ownGateway.id}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ id: ownGateway.id, company_id: own.company });
      const theirs = await manager(`/api/gateways/${foreignGateway.id}`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe('Gateway not found');
      expect((await admin('/api/gateways/999999')).statusCode).toBe(404);
    });
  });

  describe('create', () => {
    it('creates a stock gateway and one placed in a building, with an event each', async () => {
      const stock = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: `  ${newSerial()}  `, name: 'Spare', model: 'RAK7289' },
      });
      expect(stock.statusCode).toBe(201);
      expect(stock.json()).toMatchObject({
        serial_number: `TEST-GW-${serial}`,
        company_id: null,
        building_id: null,
        gateway_status_id: GatewayStatus.Online,
        alerts_disabled: false,
      });
      expect((await admin(`/api/gateways/${stock.json().id}/buildings-history`)).json()).toEqual(
        [],
      );
      expect((await eventsOf(stock.json().id)).map((e) => e.action)).toEqual(['created']);

      const building = foreign.buildings[0];
      const placed = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: newSerial(), building_id: building },
      });
      expect(placed.statusCode).toBe(201);
      expect(placed.json()).toMatchObject({ building_id: building, company_id: foreign.company });
      const history = (await admin(`/api/gateways/${placed.json().id}/buildings-history`)).json();
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ building_id: building, unassigned_at: null });
      const [event] = await eventsOf(placed.json().id);
      expect(event).toMatchObject({ action: 'created', company_id: foreign.company });
    });

    it('refuses a taken serial (409), a missing serial and an unknown building (400)', async () => {
      const before = await fingerprint();
      const taken = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: ownGateway.serial_number },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('A gateway with this serial number already exists');
      const missing = await admin('/api/gateways', { method: 'POST', payload: { name: 'x' } });
      expect(missing.statusCode).toBe(400);
      const blank = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: '   ' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toEqual(['body.serial_number: Serial number is required']);
      const nowhere = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: newSerial(), building_id: 999999 },
      });
      expect(nowhere.statusCode).toBe(400);
      expect(nowhere.json().message).toBe('Building not found');
      expect(await fingerprint()).toBe(before);
    });

    it('is for system roles only', async () => {
      const refused = await companyAdmin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: newSerial() },
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('edit and building history', () => {
    it('keeps the history over two building changes, newest first, with who did it', async () => {
      const created = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: newSerial(), building_id: own.buildings[0] },
      });
      const id = created.json().id as number;
      const second = own.buildings[1] ?? own.buildings[0];
      const moved = await technician(`/api/gateways/${id}`, {
        method: 'PUT',
        payload: { building_id: second, name: 'Moved once' },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ building_id: second, name: 'Moved once' });
      const abroad = await admin(`/api/gateways/${id}`, {
        method: 'PUT',
        payload: { building_id: foreign.buildings[0] },
      });
      expect(abroad.json()).toMatchObject({
        building_id: foreign.buildings[0],
        company_id: foreign.company,
      });
      const [placement] = await query<{ property_id: number }>(
        sql`select property_id from buildings where id = ${foreign.buildings[0]}`,
      );
      expect(abroad.json().property_id).toBe(placement?.property_id);

      const history = (await admin(`/api/gateways/${id}/buildings-history`)).json() as HistoryRow[];
      expect(history.map((row) => row.building_id)).toEqual([
        foreign.buildings[0],
        second,
        own.buildings[0],
      ]);
      expect(history[0]?.unassigned_at).toBeNull();
      expect(history[1]?.unassigned_at).not.toBeNull();
      expect(history[2]?.unassigned_at).not.toBeNull();
      expect(history[0]?.assigned_by?.name).toBeTruthy();
      expect(history[1]?.assigned_by?.name).not.toBe(history[0]?.assigned_by?.name);
      expect(history[0]?.property_name).toEqual(expect.any(String));

      // The manager of the first company no longer sees the gateway, nor its history.
      expect((await manager(`/api/gateways/${id}/buildings-history`)).statusCode).toBe(404);

      const cleared = await admin(`/api/gateways/${id}`, {
        method: 'PUT',
        payload: { building_id: null },
      });
      expect(cleared.json()).toMatchObject({ building_id: null, company_id: null });
      const after = (await admin(`/api/gateways/${id}/buildings-history`)).json() as HistoryRow[];
      expect(after).toHaveLength(3);
      expect(after.every((row) => row.unassigned_at !== null)).toBe(true);
      expect((await eventsOf(id)).map((e) => e.action)).toEqual([
        'created',
        'updated',
        'building-changed',
        'building-changed',
        'building-changed',
      ]);
    });

    it('shows a company only the history rows of its own buildings', async () => {
      const created = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: newSerial(), building_id: foreign.buildings[0] },
      });
      const id = created.json().id as number;
      await admin(`/api/gateways/${id}`, {
        method: 'PUT',
        payload: { building_id: own.buildings[0] },
      });
      const seen = (await manager(`/api/gateways/${id}/buildings-history`)).json() as HistoryRow[];
      expect(seen.map((row) => row.building_id)).toEqual([own.buildings[0]]);
    });

    it('refuses a taken serial, an unknown building, and company roles', async () => {
      const taken = await admin(`/api/gateways/${ownGateway.id}`, {
        method: 'PUT',
        payload: { serial_number: foreignGateway.serial_number },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('A gateway with this serial number already exists');
      const nowhere = await admin(`/api/gateways/${ownGateway.id}`, {
        method: 'PUT',
        payload: { building_id: 999999 },
      });
      expect(nowhere.statusCode).toBe(400);
      expect((await admin('/api/gateways/999999', { method: 'PUT', payload: {} })).statusCode).toBe(
        404,
      );
      const refused = await companyAdmin(`/api/gateways/${ownGateway.id}`, {
        method: 'PUT',
        payload: { name: 'Mine' },
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('status and alerts', () => {
    it('sets a status from the lookup and refuses any other (400)', async () => {
      const set = await technician(
        `/api/gateways/${ownGateway.id}/status/${GatewayStatus.Maintenance}`,
        { method: 'PUT' },
      );
      expect(set.statusCode).toBe(200);
      expect(set.json().gateway_status_id).toBe(GatewayStatus.Maintenance);
      const events = await eventsOf(ownGateway.id);
      expect(events.at(-1)).toMatchObject({ action: 'status-changed', company_id: own.company });

      const before = await fingerprint();
      for (const bad of ['99', '0', 'x']) {
        const refused = await admin(`/api/gateways/${ownGateway.id}/status/${bad}`, {
          method: 'PUT',
        });
        expect(refused.statusCode, bad).toBe(400);
      }
      expect(await fingerprint()).toBe(before);
      await admin(`/api/gateways/${ownGateway.id}/status/${GatewayStatus.Online}`, {
        method: 'PUT',
      });
    });

    it('lets a company admin disable and enable their own gateway’s alerts, not another’s', async () => {
      const off = await companyAdmin(`/api/gateways/${ownGateway.id}/disable-alerts/1`, {
        method: 'PUT',
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().alerts_disabled).toBe(true);
      const on = await companyAdmin(`/api/gateways/${ownGateway.id}/disable-alerts/0`, {
        method: 'PUT',
      });
      expect(on.json().alerts_disabled).toBe(false);
      expect((await eventsOf(ownGateway.id)).slice(-2).map((e) => e.action)).toEqual([
        'alerts-disabled',
        'alerts-enabled',
      ]);

      const before = await fingerprint();
      const foreignCall = await companyAdmin(
        `/api/gateways/${foreignGateway.id}/disable-alerts/1`,
        { method: 'PUT' },
      );
      expect(foreignCall.statusCode).toBe(404);
      const badFlag = await companyAdmin(`/api/gateways/${ownGateway.id}/disable-alerts/2`, {
        method: 'PUT',
      });
      expect(badFlag.statusCode).toBe(400);
      expect(await fingerprint()).toBe(before);
      const manages = await manager(`/api/gateways/${ownGateway.id}/disable-alerts/1`, {
        method: 'PUT',
      });
      expect(manages.statusCode).toBe(403);
    });
  });

  describe('search-top and admin-app', () => {
    it('answers at most 5 case-insensitive matches, the serial starting with the text first', async () => {
      const hits = (await admin('/api/gateways/search-top/fsgw/5')).json() as Gateway[];
      expect(hits).toHaveLength(5);
      expect(hits.every((g) => g.serial_number.toLowerCase().includes('fsgw'))).toBe(true);

      const exact = ownGateway.serial_number.toLowerCase();
      const best = (await admin(`/api/gateways/search-top/${exact}/5`)).json() as Gateway[];
      expect(best[0]?.id).toBe(ownGateway.id);

      const byName = (
        await admin(`/api/gateways/search-top/${encodeURIComponent(ownGateway.name ?? '')}/5`)
      ).json() as Gateway[];
      expect(byName.map((g) => g.id)).toContain(ownGateway.id);
      expect((await admin('/api/gateways/search-top/no-such-gateway/5')).json()).toEqual([]);
      expect((await manager('/api/gateways/search-top/fsgw/5')).statusCode).toBe(403);
    });

    it('links to the admin app from the configured template', async () => {
      const response = await admin(`/api/gateways/${ownGateway.id}/admin-app`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        url: `https://lns.example.test/gateways/${encodeURIComponent(ownGateway.serial_number)}/overview`,
      });
      expect((await admin('/api/gateways/999999/admin-app')).statusCode).toBe(404);
      expect((await manager(`/api/gateways/${ownGateway.id}/admin-app`)).statusCode).toBe(403);
    });
  });

  describe('delete', () => {
    it('deletes a gateway with its history for the system admin only', async () => {
      const created = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: newSerial(), building_id: own.buildings[0] },
      });
      const id = created.json().id as number;
      expect((await technician(`/api/gateways/${id}`, { method: 'DELETE' })).statusCode).toBe(403);
      const removed = await admin(`/api/gateways/${id}`, { method: 'DELETE' });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: 'Gateway deleted' });
      expect((await admin(`/api/gateways/${id}`)).statusCode).toBe(404);
      const [left] = await query<{ n: number }>(
        sql`select count(*)::int as n from gateway_building_history where gateway_id = ${id}`,
      );
      expect(left?.n).toBe(0);
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['created', 'deleted']);
      expect((await admin(`/api/gateways/${id}`, { method: 'DELETE' })).statusCode).toBe(404);
    });
  });

  describe('export', () => {
    it('streams every gateway as CSV with dates in the time zone asked for', async () => {
      const tricky = await admin('/api/gateways', {
        method: 'POST',
        payload: { serial_number: newSerial(), name: '=cmd()', building_id: own.buildings[0] },
      });
      const response = await admin('/api/gateways/export-all?timeZone=Asia/Kolkata');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="gateways-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const rows = parse(response.body, { bom: true }) as string[][];
      expect(rows[0]).toEqual([
        'ID',
        'Serial number',
        'Name',
        'Model',
        'Company',
        'Property',
        'Building',
        'Status',
        'Alerts disabled',
        'Last seen',
        'Created',
      ]);
      const [expected] = await query<{ n: number; last_seen: string; serial: string }>(sql`
        select (select count(*)::int from gateways) as n,
               to_char(last_seen_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS') || ' +05:30' as last_seen,
               serial_number as serial
        from gateways where id = ${ownGateway.id}`);
      expect(rows.length - 1).toBe(expected?.n);
      const row = rows.find((r) => r[0] === String(ownGateway.id)) ?? [];
      expect(row[1]).toBe(expected?.serial);
      expect(row[7]).toBe('Online');
      expect(row[9]).toBe(expected?.last_seen);
      const formula = rows.find((r) => r[0] === String(tricky.json().id)) ?? [];
      expect(formula[2]).toBe("'=cmd()");
      expect(formula[8]).toBe('No');

      expect((await admin('/api/gateways/export-all?timeZone=Mars/Base')).statusCode).toBe(400);
      expect((await manager('/api/gateways/export-all?timeZone=UTC')).statusCode).toBe(403);
    });
  });
});
