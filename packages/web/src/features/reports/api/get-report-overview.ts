// GET /companies/{id}/report-overview/{report}?from&to: one company report (a report type of the
// lookups) as columns and rows for the preview; the same address with `format=csv` is the file.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { LocalDateRange } from '@/lib/local-date-range';

export async function getReportOverview(companyId: number, report: number, range: LocalDateRange) {
  const answer = dataOrThrow(
    await apiClient.GET('/companies/{id}/report-overview/{report}', {
      params: {
        path: { id: companyId, report: String(report) },
        query: { from: range.from, to: range.to, format: 'json' },
      },
    }),
  );
  // The same route sends the CSV file as text; the preview always asks for JSON.
  if (typeof answer === 'string') throw new Error('The report was sent as a file, not JSON');
  return answer;
}

export type ReportOverview = Awaited<ReturnType<typeof getReportOverview>>;

/** The CSV file's API path (after `/api`). */
export function reportOverviewCsvPath(companyId: number, report: number, range: LocalDateRange) {
  const query = new URLSearchParams({ from: range.from, to: range.to, format: 'csv' });
  return `/companies/${companyId}/report-overview/${report}?${query}`;
}

export const reportOverviewQueryOptions = (
  companyId: number,
  report: number,
  range: LocalDateRange,
) =>
  queryOptions({
    queryKey: ['reports', 'overview', companyId, report, range.from, range.to] as const,
    queryFn: () => getReportOverview(companyId, report, range),
    // While another range loads the same report's rows stay; another report starts empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId && previousQuery.queryKey[3] === report
        ? previous
        : undefined,
  });

export const useReportOverview = (
  companyId: number | null,
  report: number | null,
  range: LocalDateRange | null,
) =>
  useQuery({
    ...reportOverviewQueryOptions(companyId ?? 0, report ?? 0, range ?? { from: '', to: '' }),
    enabled: companyId !== null && report !== null && range !== null,
  });
