// GET /users: one page of the people the caller may see (the server scopes company admins to
// their company), with search, role and status filters and sorting.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type UserListParams = {
  /** 1-based. */
  page: number;
  limit: number;
  /** `field:ASC|DESC`. */
  sortBy: string;
  search: string;
  roleTypeId: number | null;
  statusId: number | null;
};

export async function getUsers(params: UserListParams) {
  return dataOrThrow(
    await apiClient.GET('/users', {
      params: {
        query: {
          page: params.page,
          limit: params.limit,
          sortBy: params.sortBy,
          ...(params.search.trim() === '' ? {} : { search: params.search.trim() }),
          ...(params.roleTypeId === null
            ? {}
            : { 'filter.user_role_type_id': `$eq:${params.roleTypeId}` }),
          ...(params.statusId === null
            ? {}
            : { 'filter.user_status_id': `$eq:${params.statusId}` }),
        },
      },
    }),
  );
}

export type UserListPage = Awaited<ReturnType<typeof getUsers>>;
export type UserRow = UserListPage['data'][number];

export const usersQueryKey = ['users'] as const;

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'list', params],
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
