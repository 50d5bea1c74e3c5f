// GET /{properties|buildings}/{id}/gallons/report?from&to&granularity: gallons of every unit per
// month, week or day of a range, with totals; the same address with `format=csv` is the file.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { LocalDateRange } from '@/lib/local-date-range';

export type GallonsReportPlace = { readonly level: 'property' | 'building'; readonly id: number };
/** Monthly, weekly or daily columns. */
export type ReportGranularity = 1 | 2 | 3;

const paths = {
  property: '/properties/{id}/gallons/report',
  building: '/buildings/{id}/gallons/report',
} as const;

export async function getGallonsReport(
  place: GallonsReportPlace,
  range: LocalDateRange,
  granularity: ReportGranularity,
) {
  const answer = dataOrThrow(
    await apiClient.GET(paths[place.level], {
      params: {
        path: { id: place.id },
        query: { from: range.from, to: range.to, granularity, format: 'json' },
      },
    }),
  );
  // The same route sends the CSV file as text; the preview always asks for JSON.
  if (typeof answer === 'string') throw new Error('The report was sent as a file, not JSON');
  return answer;
}

export type GallonsReport = Awaited<ReturnType<typeof getGallonsReport>>;

/** The CSV file's API path (after `/api`). */
export function gallonsReportCsvPath(
  place: GallonsReportPlace,
  range: LocalDateRange,
  granularity: ReportGranularity,
) {
  const query = new URLSearchParams({
    from: range.from,
    to: range.to,
    granularity: String(granularity),
    format: 'csv',
  });
  return `/${place.level === 'property' ? 'properties' : 'buildings'}/${place.id}/gallons/report?${query}`;
}

export const gallonsReportQueryOptions = (
  place: GallonsReportPlace,
  range: LocalDateRange,
  granularity: ReportGranularity,
) =>
  queryOptions({
    queryKey: [
      'reports',
      'gallons',
      place.level,
      place.id,
      range.from,
      range.to,
      granularity,
    ] as const,
    queryFn: () => getGallonsReport(place, range, granularity),
    // While another range or granularity loads the same place's rows stay.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === place.level && previousQuery.queryKey[3] === place.id
        ? previous
        : undefined,
  });

export const useGallonsReport = (
  place: GallonsReportPlace | null,
  range: LocalDateRange | null,
  granularity: ReportGranularity,
) =>
  useQuery({
    ...gallonsReportQueryOptions(
      place ?? { level: 'property', id: 0 },
      range ?? { from: '', to: '' },
      granularity,
    ),
    enabled: place !== null && range !== null,
  });
