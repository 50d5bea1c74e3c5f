// GET /users: one page of the people the caller may see (the server scopes company admins to
// their company), with search, role and status filters and sorting. Given a property, the same
// page comes from GET /properties/{id}/users: those whose roles reach that property.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { eqFilter, listQuery as kitListQuery } from '@/lib/list-params';

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

function listQuery(params: UserListParams) {
  return {
    ...kitListQuery(params),
    ...eqFilter('user_role_type_id', params.roleTypeId),
    ...eqFilter('user_status_id', params.statusId),
  };
}

export async function getUsers(params: UserListParams, propertyId?: number) {
  if (propertyId !== undefined) {
    return dataOrThrow(
      await apiClient.GET('/properties/{id}/users', {
        params: { path: { id: propertyId }, query: listQuery(params) },
      }),
    );
  }
  return dataOrThrow(await apiClient.GET('/users', { params: { query: listQuery(params) } }));
}

export type UserListPage = Awaited<ReturnType<typeof getUsers>>;
export type UserRow = UserListPage['data'][number];

export const usersQueryKey = ['users'] as const;

export function usersQueryOptions(params: UserListParams, propertyId?: number) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'list', params, propertyId ?? null],
    queryFn: () => getUsers(params, propertyId),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListParams, propertyId?: number) {
  return useQuery(usersQueryOptions(params, propertyId));
}
