// The first query of /alerts, started by its route loader (`page-data.ts`) with the query key and
// fetcher the page uses, for the roles that may make it.
import { alertsQueryOptions } from '@/features/alerts/api/get-alerts';
import { alertParamsFrom, DEFAULT_ALERT_STATUSES } from '@/features/alerts/utils/alert-list-params';
import { mayCallRoute } from '@/lib/permissions';
import type { PagePrefetch } from '../page-data';

/** /alerts: the first page of every alert, opening on the open statuses. */
export const prefetchAlerts: PagePrefetch = ({ queryClient, role, search }) => {
  if (!mayCallRoute('GET /notifications', role.user_role_type_id)) return;
  const params = alertParamsFrom(search, DEFAULT_ALERT_STATUSES);
  void queryClient.prefetchQuery(alertsQueryOptions({ scope: 'all' }, params));
};
