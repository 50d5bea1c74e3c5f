// GET /{level}/{id}/gallons?granularity: the usage chart's buckets (12 months, 12 weeks, 12 days
// or 24 hours, oldest first, every bucket present).
import type { GranularityId } from '@flowsight/domain/granularity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { placeKey, type UsagePlace, usageQueryKey } from './usage-keys';

const paths = {
  company: '/companies/{id}/gallons',
  property: '/properties/{id}/gallons',
  building: '/buildings/{id}/gallons',
  unit: '/units/{id}/gallons',
} as const;

export async function getGallons(place: UsagePlace, granularity: GranularityId) {
  return dataOrThrow(
    await apiClient.GET(paths[place.level], {
      params: { path: { id: place.id }, query: { granularity } },
    }),
  );
}

export type GallonsSeries = Awaited<ReturnType<typeof getGallons>>;

export const gallonsQueryOptions = (place: UsagePlace, granularity: GranularityId) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'gallons', placeKey(place), granularity],
    queryFn: () => getGallons(place, granularity),
    placeholderData: keepPreviousData,
  });

export const useGallons = (place: UsagePlace, granularity: GranularityId) =>
  useQuery(gallonsQueryOptions(place, granularity));
