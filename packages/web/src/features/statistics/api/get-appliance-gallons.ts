// GET /{companies|properties|buildings}/{id}/appliance-gallons?from&to: gallons and sensors per
// fixture type over a local date range, most gallons first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { LocalDateRange } from '@/lib/local-date-range';
import { recordKey, type StatisticsRecord, statisticsQueryKey } from './statistics-record';

const paths = {
  company: '/companies/{id}/appliance-gallons',
  property: '/properties/{id}/appliance-gallons',
  building: '/buildings/{id}/appliance-gallons',
} as const;

export async function getApplianceGallons(record: StatisticsRecord, range: LocalDateRange) {
  return dataOrThrow(
    await apiClient.GET(paths[record.level], {
      params: { path: { id: record.id }, query: { from: range.from, to: range.to } },
    }),
  );
}

export type ApplianceGallons = Awaited<ReturnType<typeof getApplianceGallons>>;

export const applianceGallonsQueryOptions = (record: StatisticsRecord, range: LocalDateRange) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'fixtures', recordKey(record), range.from, range.to] as const,
    queryFn: () => getApplianceGallons(record, range),
    placeholderData: keepPreviousData,
  });

/** Waits while there is no record or the range cannot be sent. */
export const useApplianceGallons = (
  record: StatisticsRecord | null,
  range: LocalDateRange | null,
) =>
  useQuery({
    ...applianceGallonsQueryOptions(
      record ?? { level: 'company', id: 0 },
      range ?? { from: '', to: '' },
    ),
    enabled: record !== null && range !== null,
  });
