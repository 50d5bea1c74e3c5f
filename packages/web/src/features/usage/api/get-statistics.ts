// GET /{level}/{id}/statistics: this month against last month, open leaks and their cost,
// sensors transmitting (the dashboard's figures).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { placeKey, type UsagePlace, usageQueryKey } from '@/lib/place-usage';

const paths = {
  company: '/companies/{id}/statistics',
  property: '/properties/{id}/statistics',
  building: '/buildings/{id}/statistics',
  unit: '/units/{id}/statistics',
} as const;

export async function getStatistics(place: UsagePlace) {
  return dataOrThrow(
    await apiClient.GET(paths[place.level], { params: { path: { id: place.id } } }),
  );
}

export type UsageStatistics = Awaited<ReturnType<typeof getStatistics>>;

export const statisticsQueryOptions = (place: UsagePlace) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'statistics', placeKey(place)],
    queryFn: () => getStatistics(place),
  });

export const useStatistics = (place: UsagePlace) => useQuery(statisticsQueryOptions(place));
