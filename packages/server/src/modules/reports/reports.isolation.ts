// Tenant-isolation samples of the statistics and report calls (merged by `isolation.test.ts`).
import { companyGet, firstOfGet, type Sample, tenantlessGet } from '../../testing/isolation-kit.ts';

export const reportSamples: Record<string, Sample> = {
  'GET /companies/:id/statistics': companyGet('/statistics'),
  'GET /properties/:id/statistics': firstOfGet('properties', '/statistics'),
  'GET /buildings/:id/statistics': firstOfGet('buildings', '/statistics'),
  'GET /units/:id/statistics': firstOfGet('units', '/statistics'),
  'GET /units/:id/status': firstOfGet('units', '/status'),
  'GET /properties/:id/gallons/report': firstOfGet('properties', '/gallons/report?format=csv'),
  'GET /buildings/:id/gallons/report': firstOfGet('buildings', '/gallons/report'),
  'GET /companies/:id/report-overview/:report': companyGet('/report-overview/4'),
  'GET /overview': tenantlessGet('/api/overview'),
};
