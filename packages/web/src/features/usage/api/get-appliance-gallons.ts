// GET /{level}/{id}/appliance-gallons?from&to: gallons per fixture type over a date range.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { DateRangeQuery } from '../utils/date-range';
import { placeKey, type UsagePlace, usageQueryKey } from './usage-keys';

const paths = {
  company: '/companies/{id}/appliance-gallons',
  property: '/properties/{id}/appliance-gallons',
  building: '/buildings/{id}/appliance-gallons',
  unit: '/units/{id}/appliance-gallons',
} as const;

export async function getApplianceGallons(place: UsagePlace, range: DateRangeQuery) {
  return dataOrThrow(
    await apiClient.GET(paths[place.level], {
      params: { path: { id: place.id }, query: range },
    }),
  );
}

export const applianceGallonsQueryOptions = (place: UsagePlace, range: DateRangeQuery) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'appliance-gallons', placeKey(place), range],
    queryFn: () => getApplianceGallons(place, range),
    placeholderData: keepPreviousData,
  });

export const useApplianceGallons = (place: UsagePlace, range: DateRangeQuery, enabled = true) =>
  useQuery({ ...applianceGallonsQueryOptions(place, range), enabled });
