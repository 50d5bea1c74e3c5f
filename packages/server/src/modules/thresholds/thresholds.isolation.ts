// Tenant-isolation samples of the appliance-threshold routes (merged by `isolation.test.ts`): the
// tenant company's thresholds, read and set (the washing machine to 150 gallons a day; unaccounted
// water to 20 % and 80 gallons a day).
import { ApplianceType } from '@flowsight/domain/lookups';
import type { Sample } from '../../testing/isolation-kit.ts';
import { companyGet } from '../../testing/isolation-kit.ts';

export const thresholdSamples: Record<string, Sample> = {
  'GET /companies/:id/appliances-thresholds': companyGet('/appliances-thresholds'),
  'PUT /companies/:id/appliances-thresholds/:applianceTypeId/:threshold': {
    request: (w, tenant) => ({
      url: `/api/companies/${w[tenant].id}/appliances-thresholds/${ApplianceType.WashingMachine}/150`,
    }),
  },
  'GET /companies/:id/appliances-thresholds/unaccounted-water': companyGet(
    '/appliances-thresholds/unaccounted-water',
  ),
  'PUT /companies/:id/appliances-thresholds/unaccounted-water': {
    request: (w, tenant) => ({
      url: `/api/companies/${w[tenant].id}/appliances-thresholds/unaccounted-water`,
      payload: { share_percent: 20, min_gallons_per_day: 80 },
    }),
  },
};
