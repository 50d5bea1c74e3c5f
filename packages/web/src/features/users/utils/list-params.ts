// The users list's page, size, sort, search and filters, kept in the address so a reload or a
// shared link shows the same list.
import type { UserListParams } from '../api/get-users';

export const USER_PAGE_SIZES = [10, 25, 50] as const;
export const SORTABLE_USER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'created_at',
  'last_login_at',
] as const;
export type SortableUserField = (typeof SORTABLE_USER_FIELDS)[number];
export type SortDirection = 'ASC' | 'DESC';

const DEFAULT_SORT = 'created_at:DESC';

function positiveInt(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function isSortable(field: string): field is SortableUserField {
  return (SORTABLE_USER_FIELDS as readonly string[]).includes(field);
}

export function parseSort(sortBy: string): { field: SortableUserField; direction: SortDirection } {
  const [field = '', direction = ''] = sortBy.split(':');
  return {
    field: isSortable(field) ? field : 'created_at',
    direction: direction === 'ASC' ? 'ASC' : 'DESC',
  };
}

export function listParamsFrom(search: URLSearchParams): UserListParams {
  const limit = positiveInt(search.get('limit'));
  const sort = parseSort(search.get('sort') ?? DEFAULT_SORT);
  return {
    page: positiveInt(search.get('page')) ?? 1,
    limit: USER_PAGE_SIZES.find((size) => size === limit) ?? USER_PAGE_SIZES[0],
    sortBy: `${sort.field}:${sort.direction}`,
    search: search.get('search') ?? '',
    roleTypeId: positiveInt(search.get('role')),
    statusId: positiveInt(search.get('status')),
  };
}

/** The address query for `params`, leaving out what equals the default. */
export function searchFrom(params: UserListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== USER_PAGE_SIZES[0]) search.set('limit', String(params.limit));
  if (params.sortBy !== DEFAULT_SORT) search.set('sort', params.sortBy);
  if (params.search !== '') search.set('search', params.search);
  if (params.roleTypeId !== null) search.set('role', String(params.roleTypeId));
  if (params.statusId !== null) search.set('status', String(params.statusId));
  return search;
}
