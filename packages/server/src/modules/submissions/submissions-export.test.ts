// Readings exports: the bounded window (default and maximum), the per-user limit of exports
// running at once, every check made before the file starts, and formula neutralisation.
import {
  READINGS_EXPORT_MAX_DAYS,
  READINGS_EXPORTS_PER_USER,
} from '@flowsight/domain/readings-window';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportSlots } from '../../lib/export-slots.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { SubmissionsRepository } from './submissions.repository.ts';
import { createSubmissionsService } from './submissions.service.ts';

const DAY = 86_400_000;
// One clock for the file: two calls a millisecond apart must not turn a 93-day range into 94.
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();
const PAYLOAD = "x;=cmd|' /C calc'!A0;";

describe('readings exports', () => {
  let t: TestApp;
  let token: string;
  let unit: number;
  let company: number;
  /** Another unit of the company, with enough readings that its export takes a while. */
  let busyUnit: number;

  const exportOf = (query: string, stream = false, of = () => unit) =>
    t.app.inject({
      url: `/api/units/${of()}/submissions/export?timeZone=UTC${query}`,
      headers: { authorization: `Bearer ${token}` },
      ...(stream ? { payloadAsStream: true } : {}),
    });
  /** The sequence numbers of the exported readings (each reading's days ago). */
  const exported = async (query: string) => {
    const response = await exportOf(query);
    expect(response.statusCode, response.body).toBe(200);
    const [header = [], ...rows] = parse(response.body, { bom: true }) as string[][];
    return rows.map((row) => Number(row[header.indexOf('Sequence')]));
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    token = await t.signIn('manager@flowsight.test');
    const { rows } = (await t.database.db.execute(sql`
      select s.unit_id as unit, s.company_id as company from sensors s
      join user_roles r on r.company_id = s.company_id join users u on u.id = r.user_id
      where u.email = 'manager@flowsight.test' and s.unit_id is not null
      order by s.id`)) as unknown as { rows: { unit: number; company: number }[] };
    const first = rows[0];
    const busy = rows.find((row) => row.unit !== first?.unit);
    if (!first || !busy) throw new Error('the manager’s company has too few installed micrometers');
    ({ unit, company } = first);
    busyUnit = busy.unit;
    await t.database.db.execute(sql`
      insert into submissions (measured_at, mac_address, seq, kind, transport, volume_mgal,
        sensor_id, company_id, property_id, building_id, unit_id)
      select now() - g * interval '1 minute', 'EXPORT0000000002', g, 'usage', 'http', 1000,
        s.id, s.company_id, s.property_id, s.building_id, s.unit_id
      from generate_series(1, 20000) g,
        (select * from sensors where unit_id = ${busyUnit} order by id limit 1) s`);
    // One reading 10, 40, 100 and 200 days ago; its sequence number says which.
    for (const days of [10, 40, 100, 200]) {
      await t.database.db.execute(sql`
        insert into submissions (measured_at, mac_address, seq, kind, transport, volume_mgal,
          gateway_serial, sensor_id, company_id, property_id, building_id, unit_id)
        select ${daysAgo(days)}::timestamptz, 'EXPORT0000000001', ${days}, 'usage', 'http', 1000,
          ${PAYLOAD}, s.id, s.company_id, s.property_id, s.building_id, s.unit_id
        from sensors s where s.unit_id = ${unit} order by s.id limit 1`);
    }
  });
  afterAll(() => t.close());

  it('covers the last 30 days without a date filter', async () => {
    expect(await exported('')).toEqual([10]);
  });

  it('covers the filter’s range up to the maximum, and 30 days before an upper bound alone', async () => {
    expect(await exported(`&filter.measured_at=$gte:${daysAgo(60)}`)).toEqual([10, 40]);
    expect(
      await exported(
        `&filter.measured_at=$btw:${daysAgo(130)},${daysAgo(130 - READINGS_EXPORT_MAX_DAYS)}`,
      ),
    ).toEqual([40, 100]);
    expect(await exported(`&filter.measured_at=$lte:${daysAgo(35)}`)).toEqual([40]);
  });

  it('refuses a wider range with 400 naming the parameter, before the file starts', async () => {
    for (const query of [
      `&filter.measured_at=$gte:${daysAgo(READINGS_EXPORT_MAX_DAYS + 2)}`,
      `&filter.measured_at=$btw:${daysAgo(300)},${daysAgo(5)}`,
      // `$ne` bounds nothing: the default 30 days are no wider than allowed, but `$gt` is.
      `&filter.measured_at=$ne:${daysAgo(1)}&filter.measured_at=$gt:2000-01-01`,
    ]) {
      const response = await exportOf(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(String(response.json().message)).toMatch(
        new RegExp(
          `^filter\\.measured_at: an export covers at most ${READINGS_EXPORT_MAX_DAYS} days`,
        ),
      );
    }
    const badDate = await exportOf('&filter.measured_at=$gte:yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(String(badDate.json().message)).toContain('filter.measured_at');
  });

  it('writes a formula hidden behind a separator as text', async () => {
    const response = await exportOf('');
    const [header = [], row = []] = parse(response.body, { bom: true }) as string[][];
    expect(row[header.indexOf('Gateway')]).toBe("x;'=cmd|' /C calc'!A0;");
    expect(response.body).toContain(`"x;'=cmd|' /C calc'!A0;"`);
  });

  it(`runs at most ${READINGS_EXPORTS_PER_USER} exports of one user at once, and frees a slot when one ends`, async () => {
    const open = [];
    for (let i = 0; i < READINGS_EXPORTS_PER_USER; i++) {
      const response = await exportOf('', true, () => busyUnit);
      expect(response.statusCode).toBe(200);
      open.push(response);
    }
    const refused = await exportOf('');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe(
      `You already have ${READINGS_EXPORTS_PER_USER} readings exports running; at most ${READINGS_EXPORTS_PER_USER} run at once. Try again when one has finished.`,
    );
    // Another user is not held back.
    const admin = await t.as('admin@flowsight.test');
    expect(
      (await admin(`/api/companies/${company}/submissions/export?timeZone=UTC`)).statusCode,
    ).toBe(200);

    // Exports read to their end free their slots (a client hanging up too: export-slots.test.ts).
    for (const response of open) for await (const _ of response.stream());
    const again = [];
    for (let i = 0; i < READINGS_EXPORTS_PER_USER; i++) {
      const response = await exportOf('', true, () => busyUnit);
      expect(response.statusCode).toBe(200);
      again.push(response);
    }
    expect((await exportOf('')).statusCode).toBe(429);
    for (const response of again) response.stream().destroy();
  });
});

describe('an export whose first read fails', () => {
  it('fails the call instead of starting a file, and gives its slot back', async () => {
    const slots = createExportSlots({ perUser: 1 });
    const service = createSubmissionsService({
      repository: {
        chunk: () => Promise.reject(new Error('the database went away')),
      } as unknown as SubmissionsRepository,
      portfolio: {} as PortfolioService,
      exportSlots: slots,
    });
    const scope = { userId: 7 } as Scope;
    await expect(service.exportSpecial(scope, 'unassigned', { timeZone: 'UTC' })).rejects.toThrow(
      'the database went away',
    );
    expect(slots.held(7)).toBe(0);
  });
});
