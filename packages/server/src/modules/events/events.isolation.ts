// Tenant-isolation samples of the event log (merged by `isolation.test.ts`): a list for the
// provider's staff only, so it has no foreign variant; company roles get 403 from the access table.
import type { Sample } from '../../testing/isolation-kit.ts';
import { tenantlessGet } from '../../testing/isolation-kit.ts';

export const eventSamples: Record<string, Sample> = {
  'GET /events': tenantlessGet('/api/events?limit=500'),
};
