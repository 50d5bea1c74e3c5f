import { localDate } from '@flowsight/domain/wall-clock';
import { demoUsers } from '@flowsight/simulator/demo-portfolio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

const HEADER = 'ID,Email,First name,Last name,Phone,MFA,Status,Roles,Last login,Created';

/** Data records of a CSV body (BOM and header checked, CRLF records, no quoted line breaks). */
function records(body: string): string[] {
  expect(body.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1).split('\r\n').slice(1, -1);
}

describe('users CSV export', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let firstCompanyName: string;

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true });
    admin = await t.as('admin@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    const me = (await companyAdmin('/api/auth/me')).json();
    firstCompanyName = me.roles[0].company_name;
    // A known moment, in winter (EST) and one in summer (EDT).
    await t.database.db
      .update(users)
      .set({
        lastLoginAt: new Date('2026-01-15T12:00:00Z'),
        createdAt: new Date('2025-07-04T03:15:09Z'),
      })
      .where(eq(users.email, 'manager@flowsight.test'));
    // Sign-in codes on for someone this file never signs in as.
    await t.database.db
      .update(users)
      .set({ mfa: 1 })
      .where(eq(users.email, 'multi@flowsight.test'));
  });
  afterAll(() => t.close());

  it('streams every visible user as CSV with attachment headers, MFA as On or Off and times with their UTC offset', async () => {
    const response = await admin('/api/users/export-all?timeZone=America/New_York');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = localDate(new Date(), 'America/New_York');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="users-${today}.csv"`,
    );
    const rows = records(response.body);
    expect(rows).toHaveLength(demoUsers.length);
    const ids = rows.map((r) => Number(r.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const managerRow = rows.find((r) => r.includes(',manager@flowsight.test,'));
    expect(managerRow).toMatch(
      new RegExp(
        `^\\d+,manager@flowsight\\.test,Daniel,Okafor,\\(617\\) 555-0105,Off,Active,Company Manager of ${firstCompanyName},2026-01-15 07:00:00 -05:00,2025-07-03 23:15:09 -04:00$`,
      ),
    );
    expect(rows.find((r) => r.includes(',admin@flowsight.test,'))).toContain(
      ',Off,Active,System Admin,',
    );
    expect(rows.find((r) => r.includes(',multi@flowsight.test,'))).toMatch(/,On,Active,/);
  });

  it('writes dates in the requested time zone', async () => {
    const utc = records((await admin('/api/users/export-all?timeZone=UTC')).body);
    expect(utc.find((r) => r.includes(',manager@flowsight.test,'))).toContain(
      ',2026-01-15 12:00:00 +00:00,2025-07-04 03:15:09 +00:00',
    );
    const bucharest = records(
      (await admin('/api/users/export-all?timeZone=Europe/Bucharest')).body,
    );
    expect(bucharest.find((r) => r.includes(',manager@flowsight.test,'))).toContain(
      ',2026-01-15 14:00:00 +02:00,2025-07-04 06:15:09 +03:00',
    );
  });

  it('quotes and neutralises what people typed', async () => {
    const created = await admin('/api/users', {
      method: 'POST',
      payload: {
        email: 'formula@flowsight.test',
        first_name: '=HYPERLINK("http://evil.test","Click")',
        last_name: 'Smith, Jr.',
        phone: '+1 617 555 0100',
        roles: [{ user_role_type_id: 3 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = records((await admin('/api/users/export-all?timeZone=UTC')).body).find((r) =>
      r.includes(',formula@flowsight.test,'),
    );
    expect(row).toContain(
      `,formula@flowsight.test,"'=HYPERLINK(""http://evil.test"",""Click"")","Smith, Jr.",'+1 617 555 0100,Off,Invited,System Technician,,`,
    );
  });

  it('exports only a company admin’s own people and their roles there', async () => {
    const rows = records((await companyAdmin('/api/users/export-all?timeZone=UTC')).body);
    expect(rows.map((r) => r.split(',')[1]).sort()).toEqual([
      'company.admin@flowsight.test',
      'installer@flowsight.test',
      'manager@flowsight.test',
      'multi@flowsight.test',
      'resident@flowsight.test',
      'site.manager@flowsight.test',
    ]);
    const multi = rows.find((r) => r.includes(',multi@flowsight.test,'));
    expect(multi).toContain(`,Company Admin of ${firstCompanyName},`);
    expect(multi).not.toContain('Company Manager');
  });

  it('reads past the chunk size without gaps or repeats', async () => {
    const extra = Array.from({ length: 2_345 }, (_, i) => ({
      email: `bulk.${String(i).padStart(4, '0')}@flowsight.test`,
      firstName: 'Bulk',
      lastName: `Person ${i}`,
      userStatusId: 2,
    }));
    const inserted: number[] = [];
    for (let i = 0; i < extra.length; i += 500) {
      const rows = await t.database.db
        .insert(users)
        .values(extra.slice(i, i + 500))
        .returning({ id: users.id });
      inserted.push(...rows.map((r) => r.id));
    }
    const rows = records((await admin('/api/users/export-all?timeZone=UTC')).body);
    const ids = rows.map((r) => Number(r.split(',')[0]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const id of inserted) expect(ids).toContain(id);
    expect(ids.length).toBeGreaterThan(2_345 + demoUsers.length - 1);
    await t.database.db.delete(users).where(eq(users.firstName, 'Bulk'));
  });

  it('refuses a bad time zone, and roles that may not export', async () => {
    for (const query of ['?timeZone=Mars/Olympus', '?timeZone=%2B02:00', '']) {
      const response = await admin(`/api/users/export-all${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
    }
    const manager = await t.as('manager@flowsight.test');
    expect((await manager('/api/users/export-all?timeZone=UTC')).statusCode).toBe(403);
  });
});
