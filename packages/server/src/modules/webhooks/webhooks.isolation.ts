// Tenant-isolation samples of the webhook calls (merged by `isolation.test.ts`). Each probe of one
// endpoint gets a fresh endpoint of the tenant's company, made in the database with a secret that
// cannot be opened and an address nothing listens on, so a test send records the failure in
// words (200) and reaches no one. Another company's endpoint or company is 404.
import { sql } from 'drizzle-orm';
import { companyGet, type Sample, type Tenant, type World } from '../../testing/isolation-kit.ts';

const CLOSED_PORT_URL = 'http://127.0.0.1:9/isolation';

async function freshEndpoint(w: World, tenant: Tenant): Promise<number> {
  const { rows } = (await w.db.execute(sql`
    insert into webhook_endpoints (company_id, url, description, events, secret_sealed)
    values (${w[tenant].id}, ${CLOSED_PORT_URL}, 'Isolation', '["alert.opened"]'::jsonb, 'not-sealed')
    returning id`)) as unknown as { rows: { id: number }[] };
  const [row] = rows;
  if (!row) throw new Error('no webhook endpoint');
  return row.id;
}

const endpointCall = (rest: string, payload?: object): Sample => ({
  request: async (w, tenant) => ({
    url: `/api/webhooks/${await freshEndpoint(w, tenant)}${rest}`,
    ...(payload ? { payload } : {}),
  }),
});

export const webhookSamples: Record<string, Sample> = {
  'GET /companies/:id/webhooks': companyGet('/webhooks'),
  'POST /companies/:id/webhooks': {
    request: (w, tenant) => ({
      url: `/api/companies/${w[tenant].id}/webhooks`,
      payload: { url: CLOSED_PORT_URL, description: 'Isolation', events: ['alert.opened'] },
    }),
  },
  'GET /webhooks/:id': endpointCall(''),
  'PUT /webhooks/:id': endpointCall('', { description: 'Isolation changed' }),
  'DELETE /webhooks/:id': endpointCall(''),
  'POST /webhooks/:id/rotate-secret': endpointCall('/rotate-secret'),
  'POST /webhooks/:id/test': endpointCall('/test'),
  'GET /webhooks/:id/deliveries': endpointCall('/deliveries'),
};
