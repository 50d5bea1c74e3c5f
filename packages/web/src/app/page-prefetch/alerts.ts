// The first query of /alerts and of a record's alerts tab, started by their route loaders
// (`page-data.ts`) with the query key and fetcher the pages use, for the roles that may make it.
import { alertsQueryOptions } from '@/features/alerts/api/get-alerts';
import { alertParamsFrom, DEFAULT_ALERT_STATUSES } from '@/features/alerts/utils/alert-list-params';
import { mayCallRoute } from '@/lib/permissions';
import type { PagePrefetch } from '../page-data';
import { deepest, seesTab } from './record-place';

/** /alerts: the first page of every alert, opening on the open statuses. */
export const prefetchAlerts: PagePrefetch = ({ queryClient, role, search }) => {
  if (!mayCallRoute('GET /notifications', role.user_role_type_id)) return;
  const params = alertParamsFrom(search, DEFAULT_ALERT_STATUSES);
  void queryClient.prefetchQuery(alertsQueryOptions({ scope: 'all' }, params));
};

/** A record's alerts tab: the place's alerts, every status unless the address filters. */
export const prefetchRecordAlerts: PagePrefetch = (args) => {
  const record = deepest(args);
  if (record === null || !seesTab(args.role, record.level, 'alerts')) return;
  const params = alertParamsFrom(args.search, []);
  void args.queryClient.prefetchQuery(alertsQueryOptions(record, params));
};
