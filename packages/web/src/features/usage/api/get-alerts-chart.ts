// GET /companies/{id}/dashboard-chart-alerts: alerts first detected per month by category,
// 12 months back.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { usageQueryKey } from '@/lib/place-usage';

/** Months are the company's local months: `timeZone` is its zone (from its statistics). */
export async function getAlertsChart(companyId: number, timeZone: string) {
  return dataOrThrow(
    await apiClient.GET('/companies/{id}/dashboard-chart-alerts', {
      params: { path: { id: companyId }, query: { timeZone } },
    }),
  );
}

export type AlertsChartMonth = Awaited<ReturnType<typeof getAlertsChart>>[number];

export const alertsChartQueryOptions = (companyId: number, timeZone: string) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'alerts-chart', companyId, timeZone],
    queryFn: () => getAlertsChart(companyId, timeZone),
  });

/** Waits for the zone (undefined while the company's statistics load). */
export const useAlertsChart = (companyId: number, timeZone: string | undefined) =>
  useQuery({
    ...alertsChartQueryOptions(companyId, timeZone ?? 'UTC'),
    enabled: timeZone !== undefined,
  });
