// The first queries of the heaviest pages, started by their route loaders (`page-data.ts`) with
// the query keys and fetchers the pages use, for the roles that may make them.
import { alertsQueryOptions } from '@/features/alerts/api/get-alerts';
import { alertParamsFrom, DEFAULT_ALERT_STATUSES } from '@/features/alerts/utils/alert-list-params';
import { micrometersQueryOptions } from '@/features/micrometers/api/get-micrometers';
import { defaultFilters, micrometerParamsFrom } from '@/features/micrometers/utils/list-params';
import { gallonsQueryOptions } from '@/features/usage/api/get-gallons';
import { statisticsQueryOptions } from '@/features/usage/api/get-statistics';
import { parseGranularity } from '@/features/usage/utils/chart-params';
import { mayCallRoute } from '@/lib/permissions';
import type { PagePrefetch, PrefetchArgs } from './page-data';

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

/** /alerts: the first page of every alert, opening on the open statuses. */
export const prefetchAlerts: PagePrefetch = ({ queryClient, role, search }) => {
  if (!mayCallRoute('GET /notifications', role.user_role_type_id)) return;
  const params = alertParamsFrom(search, DEFAULT_ALERT_STATUSES);
  void queryClient.prefetchQuery(alertsQueryOptions({ scope: 'all' }, params));
};

/** Whether the window is phone-wide, as the theme's `down('sm')` reads it. */
const isPhoneWidth = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(max-width:599.95px)').matches;

/** /micrometers/assigned: opens with the default filters (which differ on phones). */
export const prefetchAssignedMicrometers: PagePrefetch = ({ queryClient, role, search }) => {
  if (!mayCallRoute('GET /sensors/assigned', role.user_role_type_id)) return;
  const params = micrometerParamsFrom(search, defaultFilters(isPhoneWidth()));
  void queryClient.prefetchQuery(micrometersQueryOptions({ fleet: 'assigned' }, params));
};

/** /micrometers/unassigned: the stock, unfiltered unless the address says otherwise. */
export const prefetchUnassignedMicrometers: PagePrefetch = ({ queryClient, role, search }) => {
  if (!mayCallRoute('GET /sensors/unassigned', role.user_role_type_id)) return;
  const params = micrometerParamsFrom(search);
  void queryClient.prefetchQuery(micrometersQueryOptions({ fleet: 'unassigned' }, params));
};
