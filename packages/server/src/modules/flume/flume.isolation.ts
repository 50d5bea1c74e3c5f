// Tenant-isolation samples of the Flume account calls (merged by `isolation.test.ts`). Each probe
// gets a fresh account of the tenant's company, made in the database with one meter and secrets
// that cannot be opened, so no probe reaches Flume: testing it records the error in words (200),
// and adding one reaches no Flume (the test app points FLUME_API_URL at a closed port: 400).
// Another company's account, building or company is 404.
import { isSystemRole } from '@flowsight/domain/roles';
import { sql } from 'drizzle-orm';
import type { Sample, Tenant, World } from '../../testing/isolation-kit.ts';

const rows = async <T>(w: World, query: ReturnType<typeof sql>) =>
  ((await w.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * A new account of the tenant's company with one unlinked meter: its id and the meter's. For a
 * part of a company (site staff) the account sits on the part's first building.
 */
async function freshAccount(w: World, tenant: Tenant) {
  const company = w[tenant].id;
  const building =
    w[tenant].propertyId === undefined ? null : await w.firstOf('buildings', w[tenant]);
  const key = `isolation-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const [account] = await rows<{ id: number }>(
    w,
    sql`insert into external_flow_accounts
          (company_id, building_id, provider, external_account_id, name, client_id, client_secret_sealed, username, password_sealed)
        values (${company}, ${building}, 'flume', ${key}, 'Isolation', 'client', 'not-sealed', 'user@example.test', 'not-sealed')
        returning id`,
  );
  if (!account) throw new Error('no account');
  const [device] = await rows<{ id: number }>(
    w,
    sql`insert into external_flow_devices (company_id, account_id, external_device_id)
        values (${company}, ${account.id}, ${key}) returning id`,
  );
  return { account: account.id, device: device?.id ?? 0 };
}

/** A call about a fresh account of the tenant. */
const accountCall = (rest: string, payload?: object): Sample => ({
  request: async (w, tenant) => ({
    url: `/api/flume-accounts/${(await freshAccount(w, tenant)).account}${rest}`,
    ...(payload ? { payload } : {}),
  }),
});

export const flumeSamples: Record<string, Sample> = {
  'GET /flume-accounts': { tenantless: true, request: () => ({ url: '/api/flume-accounts' }) },
  'POST /flume-accounts': {
    request: (w, tenant) => ({
      url: '/api/flume-accounts',
      payload: {
        company_id: w[tenant].id,
        name: 'Isolation',
        client_id: 'client',
        client_secret: 'secret',
        username: 'user@example.test',
        password: 'password',
      },
    }),
    // The company is checked before Flume is called; Flume is out of reach, so a caller who may
    // add the account gets Flume's failure in words.
    expect: (role, tenant) => (tenant === 'foreign' && !isSystemRole(role) ? 404 : 400),
  },
  'POST /flume-accounts/:id/test': accountCall('/test'),
  'PUT /flume-accounts/:id/devices/:deviceId': {
    request: async (w, tenant) => {
      const { account, device } = await freshAccount(w, tenant);
      return {
        url: `/api/flume-accounts/${account}/devices/${device}`,
        payload: { building_id: await w.fresh('buildings', w[tenant]) },
      };
    },
  },
  'DELETE /flume-accounts/:id': accountCall(''),
  // No meter is linked and the secrets cannot be opened: the sync records that in words (200).
  'POST /flume-accounts/:id/sync': accountCall('/sync'),
  'GET /buildings/:id/flume-meter': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await w.firstOf('buildings', w[tenant])}/flume-meter`,
    }),
  },
  'GET /buildings/:id/flume-connected/:external_account_id': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await w.firstOf('buildings', w[tenant])}/flume-connected/${(await freshAccount(w, tenant)).account}`,
    }),
  },
};
