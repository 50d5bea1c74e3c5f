// GET /{companies|properties|buildings}/{id}/gallons?granularity: gallons per month, week, day or
// hour over the window the granularity sets (12 months, 12 weeks, 12 days or 24 hours), oldest
// first, every bucket present.
import type { GranularityId } from '@flowsight/domain/granularity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { recordKey, type StatisticsRecord, statisticsQueryKey } from './statistics-record';

const paths = {
  company: '/companies/{id}/gallons',
  property: '/properties/{id}/gallons',
  building: '/buildings/{id}/gallons',
} as const;

export async function getGallonsTrend(record: StatisticsRecord, granularity: GranularityId) {
  return dataOrThrow(
    await apiClient.GET(paths[record.level], {
      params: { path: { id: record.id }, query: { granularity } },
    }),
  );
}

export type GallonsTrend = Awaited<ReturnType<typeof getGallonsTrend>>;

export const gallonsTrendQueryOptions = (record: StatisticsRecord, granularity: GranularityId) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'trend', recordKey(record), granularity] as const,
    queryFn: () => getGallonsTrend(record, granularity),
    placeholderData: keepPreviousData,
  });

export const useGallonsTrend = (record: StatisticsRecord | null, granularity: GranularityId) =>
  useQuery({
    ...gallonsTrendQueryOptions(record ?? { level: 'company', id: 0 }, granularity),
    enabled: record !== null,
  });
