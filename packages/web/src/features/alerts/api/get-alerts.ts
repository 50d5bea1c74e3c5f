// GET /notifications (every alert of the caller's scope) and
// GET /{companies|properties|buildings|units}/{id}/alerts (one place's alerts): one page.
import { levelIdField, type PortfolioLevel } from '@flowsight/domain/portfolio';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type AlertListParams, alertApiFilters, alertListQuery } from '../utils/alert-list-params';
import { alertsQueryKey } from './alert-keys';
import { useAlertsLive } from './alerts-live';

/** Where a list of alerts comes from: the whole scope (`/alerts`) or one place's tab. */
export type AlertSource =
  | { readonly scope: 'all' }
  | { readonly level: PortfolioLevel; readonly id: number };

const levelPaths = {
  company: '/companies/{id}/alerts',
  property: '/properties/{id}/alerts',
  building: '/buildings/{id}/alerts',
  unit: '/units/{id}/alerts',
} as const;

/**
 * The list's filters as `/notifications/*` calls take them (export, matching ids), a place's
 * list adding its place as a filter.
 */
export function sourceApiFilters(source: AlertSource, params: AlertListParams) {
  const filters: Record<string, string> = alertApiFilters(params);
  if (!('scope' in source)) filters[`filter.${levelIdField[source.level]}`] = `$eq:${source.id}`;
  return filters;
}

export const alertSourceKey = (source: AlertSource) =>
  'scope' in source ? source.scope : `${source.level}-${source.id}`;

export async function getAlerts(source: AlertSource, params: AlertListParams) {
  const query = alertListQuery(params);
  if ('scope' in source) {
    return dataOrThrow(await apiClient.GET('/notifications', { params: { query } }));
  }
  return dataOrThrow(
    await apiClient.GET(levelPaths[source.level], { params: { path: { id: source.id }, query } }),
  );
}

export type AlertPage = Awaited<ReturnType<typeof getAlerts>>;

export function alertsQueryOptions(source: AlertSource, params: AlertListParams) {
  return queryOptions({
    queryKey: [...alertsQueryKey, 'list', alertSourceKey(source), params],
    queryFn: () => getAlerts(source, params),
    placeholderData: keepPreviousData,
  });
}

export function useAlerts(source: AlertSource, params: AlertListParams) {
  const fallbackInterval = useAlertsLive();
  return useQuery({ ...alertsQueryOptions(source, params), refetchInterval: fallbackInterval });
}
