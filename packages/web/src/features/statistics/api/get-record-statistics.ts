// GET /{companies|properties|buildings}/{id}/statistics: today, this month against last month,
// the daily average, sensors transmitting and the open alerts and leaks of one record.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { recordKey, type StatisticsRecord, statisticsQueryKey } from './statistics-record';

const paths = {
  company: '/companies/{id}/statistics',
  property: '/properties/{id}/statistics',
  building: '/buildings/{id}/statistics',
} as const;

export async function getRecordStatistics(record: StatisticsRecord) {
  return dataOrThrow(
    await apiClient.GET(paths[record.level], { params: { path: { id: record.id } } }),
  );
}

export type RecordStatistics = Awaited<ReturnType<typeof getRecordStatistics>>;

export const recordStatisticsQueryOptions = (record: StatisticsRecord) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'figures', recordKey(record)] as const,
    queryFn: () => getRecordStatistics(record),
  });

export const useRecordStatistics = (record: StatisticsRecord | null) =>
  useQuery({
    ...recordStatisticsQueryOptions(record ?? { level: 'company', id: 0 }),
    enabled: record !== null,
  });
