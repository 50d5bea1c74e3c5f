// The first queries of the usage dashboards (/dashboard, a company's dashboard tab), started by
// their route loaders (`page-data.ts`) with the query keys and fetchers the pages use, for the
// roles that may make them. One module per page family, so a page loads only its own prefetch.
import { gallonsQueryOptions } from '@/features/usage/api/get-gallons';
import { statisticsQueryOptions } from '@/features/usage/api/get-statistics';
import { parseGranularity } from '@/features/usage/utils/chart-params';
import { mayCallRoute } from '@/lib/permissions';
import type { PagePrefetch, PrefetchArgs } from '../page-data';

/** A company's dashboard: its headline figures and its usage chart at the address's granularity. */
function prefetchCompanyDashboard({ queryClient, role, search }: PrefetchArgs, companyId: number) {
  const place = { level: 'company', id: companyId } as const;
  if (mayCallRoute('GET /companies/:id/statistics', role.user_role_type_id)) {
    void queryClient.prefetchQuery(statisticsQueryOptions(place));
  }
  if (mayCallRoute('GET /companies/:id/gallons', role.user_role_type_id)) {
    const granularity = parseGranularity(search.get('granularity'));
    void queryClient.prefetchQuery(gallonsQueryOptions(place, granularity));
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
