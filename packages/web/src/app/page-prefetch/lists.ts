// The first queries of the system pages and lists that open on one read (the fleet's overview, the
// gateways, the event log), started by their route loaders
// (`page-data.ts`) with the query keys, fetchers and address parsing the pages use, for the roles
// that may make them.
import { eventsQueryOptions } from '@/features/events/api/get-events';
import { eventParamsFrom } from '@/features/events/utils/event-list-params';
import { gatewaysQueryOptions } from '@/features/gateways/api/get-gateways';
import { listParamsFrom as gatewayParamsFrom } from '@/features/gateways/utils/list-params';
import { overviewQueryOptions } from '@/features/overview/api/get-overview';
import { mayCallRoute } from '@/lib/permissions';
import type { PagePrefetch } from '../page-data';

/** /overview: the fleet's and portfolio's figures, one read. */
export const prefetchOverview: PagePrefetch = ({ queryClient, role }) => {
  if (!mayCallRoute('GET /overview', role.user_role_type_id)) return;
  void queryClient.prefetchQuery(overviewQueryOptions());
};

/** /gateways: the first page of the gateways. */
export const prefetchGateways: PagePrefetch = ({ queryClient, role, search }) => {
  if (!mayCallRoute('GET /gateways', role.user_role_type_id)) return;
  void queryClient.prefetchQuery(gatewaysQueryOptions(gatewayParamsFrom(search)));
};

/** /events: the first page of the event log. */
export const prefetchEvents: PagePrefetch = ({ queryClient, role, search }) => {
  if (!mayCallRoute('GET /events', role.user_role_type_id)) return;
  void queryClient.prefetchQuery(eventsQueryOptions(eventParamsFrom(search)));
};
