// Tenant-isolation samples of the bench testing routes (merged by `isolation.test.ts`). Each
// recording makes its own stock sensor, so other modules' samples find the demo stock untouched.
// "Foreign" points at a sensor of the other company: a sensor tester cannot see it (404), a
// system role sees it but it is not in stock (409).
import { isSystemRole } from '@flowsight/domain/roles';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sensors } from '../../db/schema/fleet.ts';
import { type Company, partOf, type Sample } from '../../testing/isolation-kit.ts';

let serial = 0;
async function freshStockSensor(db: Database): Promise<number> {
  serial += 1;
  const mac =
    `B0B0${process.pid.toString(16).padStart(6, '0')}${serial.toString(16).padStart(6, '0')}`
      .toUpperCase()
      .slice(0, 16);
  const [row] = await db.insert(sensors).values({ macAddress: mac }).returning({ id: sensors.id });
  if (!row) throw new Error('stock sensor not created');
  return row.id;
}
async function sensorOfCompany(db: Database, company: Company): Promise<number> {
  const { rows } = (await db.execute(
    sql`select min(id)::int as id from sensors where ${partOf(company)}`,
  )) as unknown as { rows: { id: number | null }[] };
  const id = rows[0]?.id;
  if (!id) throw new Error(`no sensor in company ${company.id}`);
  return id;
}

export const sensorTestSamples: Record<string, Sample> = {
  'POST /sensors/:id/tests': {
    request: async (w, tenant) => ({
      url: `/api/sensors/${
        tenant === 'own' ? await freshStockSensor(w.db) : await sensorOfCompany(w.db, w.foreign)
      }/tests`,
      payload: { passed: false, reason: 'Isolation: no pulse on the bench' },
    }),
    expect: (role, tenant) => {
      if (tenant === 'own') return 201;
      return isSystemRole(role) ? 409 : 404;
    },
  },
  'GET /sensors/tested-failed': {
    tenantless: true,
    request: () => ({ url: '/api/sensors/tested-failed?limit=500' }),
  },
  'DELETE /sensors/tested': {
    tenantless: true,
    request: () => ({ url: '/api/sensors/tested' }),
  },
};
