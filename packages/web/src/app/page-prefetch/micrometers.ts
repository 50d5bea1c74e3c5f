// The first queries of the provider's micrometer lists and of a record's micrometers tab, started
// by their route loaders (`page-data.ts`) with the query keys and fetchers the pages use, for the roles that may make them.
import { micrometersQueryOptions } from '@/features/micrometers/api/get-micrometers';
import { defaultFilters, micrometerParamsFrom } from '@/features/micrometers/utils/list-params';
import { mayCallRoute } from '@/lib/permissions';
import type { PagePrefetch } from '../page-data';
import { deepest, seesTab } from './record-place';

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

/** A record's micrometers tab. */
export const prefetchRecordMicrometers: PagePrefetch = (args) => {
  const record = deepest(args);
  if (record === null || !seesTab(args.role, record.level, 'micrometers')) return;
  const params = micrometerParamsFrom(args.search);
  void args.queryClient.prefetchQuery(micrometersQueryOptions(record, params));
};
