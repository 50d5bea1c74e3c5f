// The users list's page, size, sort, search and filters, kept in the address so a reload or a
// shared link shows the same list (the list kit, `lib/list-params`, parses and writes them).
import { defineList, idParam, setParam } from '@/lib/list-params';
import type { UserListParams } from '../api/get-users';

export const userList = defineList({
  pageSizes: [10, 25, 50],
  sortFields: ['first_name', 'last_name', 'email', 'created_at', 'last_login_at'],
  defaultSort: 'created_at:DESC',
});
export const USER_PAGE_SIZES = userList.pageSizes;
export type SortableUserField = (typeof userList.sortFields)[number];

export const parseSort = userList.parseSort;

export function listParamsFrom(search: URLSearchParams): UserListParams {
  return {
    ...userList.stateFrom(search),
    roleTypeId: idParam(search, 'role'),
    statusId: idParam(search, 'status'),
  };
}

/** The address query for `params`, leaving out what equals the default. */
export function searchFrom(params: UserListParams): URLSearchParams {
  const search = userList.writeState(new URLSearchParams(), params);
  setParam(search, 'role', params.roleTypeId);
  return setParam(search, 'status', params.statusId);
}
