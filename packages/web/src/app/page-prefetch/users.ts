// The first queries of the people's lists (/users and a property's users tab), started by their
// route loaders (`page-data.ts`) with the query keys, fetchers and address parsing the pages use,
// for the roles that may make them.
import { usersQueryOptions } from '@/features/users/api/get-users';
import { listParamsFrom } from '@/features/users/utils/list-params';
import { mayCallRoute } from '@/lib/permissions';
import type { PagePrefetch } from '../page-data';
import { deepest, seesTab } from './record-place';

/** /users: the first page of the people the role sees. */
export const prefetchUsers: PagePrefetch = ({ queryClient, role, search }) => {
  if (!mayCallRoute('GET /users', role.user_role_type_id)) return;
  void queryClient.prefetchQuery(usersQueryOptions(listParamsFrom(search)));
};

/** A property's users tab: those whose roles reach the property. */
export const prefetchPropertyUsers: PagePrefetch = (args) => {
  const record = deepest(args);
  if (record?.level !== 'property' || !seesTab(args.role, 'property', 'users')) return;
  if (!mayCallRoute('GET /properties/:id/users', args.role.user_role_type_id)) return;
  const params = listParamsFrom(args.search);
  void args.queryClient.prefetchQuery(usersQueryOptions(params, record.id));
};
