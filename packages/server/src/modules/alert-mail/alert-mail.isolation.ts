// Tenant-isolation samples of the signed email actions (merged by `isolation.test.ts`). Both
// routes are public — the link's token is the credential — so the probes carry a token nobody was
// given: the GET answers "not valid" and the POST is refused without changing anything.
import type { Sample } from '../../testing/isolation-kit.ts';

const unknownLink: Sample = {
  tenantless: true,
  request: () => ({ url: '/api/confirmation/1/3/a-token-nobody-was-given', payload: {} }),
};

export const alertMailSamples: Record<string, Sample> = {
  'GET /confirmation/:id/:status/:token': {
    tenantless: true,
    request: () => ({ url: '/api/confirmation/1/3/a-token-nobody-was-given' }),
  },
  'POST /confirmation/:id/:status/:token': unknownLink,
};
