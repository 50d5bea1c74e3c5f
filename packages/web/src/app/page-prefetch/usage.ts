// The first queries of the usage dashboards (/dashboard, a company's dashboard tab), started by
// their route loaders (`page-data.ts`) with the query keys and fetchers the pages use, for the
// roles that may make them. One module per page family, so a page loads only its own prefetch.

import { DASHBOARD_TOP_UNITS, topUnitsQueryOptions } from '@/features/usage/api/get-comparisons';
import { needsAttentionQueryOptions } from '@/features/usage/api/get-needs-attention';
import { statisticsQueryOptions } from '@/features/usage/api/get-statistics';
import { parseGranularity } from '@/features/usage/utils/chart-params';
import { mayCallRoute } from '@/lib/permissions';
import { applianceGallonsQueryOptions, gallonsQueryOptions } from '@/lib/place-usage';
import type { PagePrefetch, PrefetchArgs } from '../page-data';

/**
 * A company's dashboard: every card's first query — the headline figures, what needs attention,
 * the usage chart at the address's granularity, the top units (residential, the card's first
 * choice) and this month's use by fixture type. The alerts chart waits for the company's time
 * zone, which the headline figures' answer carries.
 */
function prefetchCompanyDashboard({ queryClient, role, search }: PrefetchArgs, companyId: number) {
  const place = { level: 'company', id: companyId } as const;
  const may = (route: Parameters<typeof mayCallRoute>[0]) =>
    mayCallRoute(route, role.user_role_type_id);
  if (may('GET /companies/:id/statistics')) {
    void queryClient.prefetchQuery(statisticsQueryOptions(place));
  }
  if (may('GET /companies/:id/needs-attention')) {
    void queryClient.prefetchQuery(needsAttentionQueryOptions(companyId));
  }
  if (may('GET /companies/:id/gallons')) {
    const granularity = parseGranularity(search.get('granularity'));
    void queryClient.prefetchQuery(gallonsQueryOptions(place, granularity));
  }
  if (may('GET /companies/:id/top-gallons-units')) {
    void queryClient.prefetchQuery(topUnitsQueryOptions(companyId, {}, DASHBOARD_TOP_UNITS));
  }
  if (may('GET /companies/:id/appliance-gallons')) {
    void queryClient.prefetchQuery(applianceGallonsQueryOptions(place, {}));
  }
}

/** /dashboard: the active role's company. */
export const prefetchDashboard: PagePrefetch = (args) => {
  if (args.role.company_id !== null) prefetchCompanyDashboard(args, args.role.company_id);
};

/** /companies/{id}/dashboard: the company of the address. */
export const prefetchCompanyUsage: PagePrefetch = (args) => {
  const companyId = Number(args.params.companyId);
  if (Number.isInteger(companyId) && companyId > 0) prefetchCompanyDashboard(args, companyId);
};
