// GET /appliances: the 22 fixture types with their leak-detection parameters.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export const fixtureTypesQueryKey = ['fleet-settings', 'fixture-types'] as const;

export async function getFixtureTypes() {
  return dataOrThrow(await apiClient.GET('/appliances'));
}

export type FixtureType = Awaited<ReturnType<typeof getFixtureTypes>>[number];

export function fixtureTypesQueryOptions() {
  return queryOptions({ queryKey: fixtureTypesQueryKey, queryFn: getFixtureTypes });
}

export function useFixtureTypes() {
  return useQuery(fixtureTypesQueryOptions());
}
