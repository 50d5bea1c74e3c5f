// GET /notifications/{id}: one alert, as the alert dialog shows it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { alertsQueryKey } from './alert-keys';

export async function getAlert(id: number) {
  return dataOrThrow(await apiClient.GET('/notifications/{id}', { params: { path: { id } } }));
}

export type Alert = Awaited<ReturnType<typeof getAlert>>;

export const alertQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...alertsQueryKey, 'one', id], queryFn: () => getAlert(id) });

/** The alert; `known` (a list's or the bell's row) shows at once while the fresh copy loads. */
export function useAlert(id: number, known?: Alert) {
  return useQuery({ ...alertQueryOptions(id), placeholderData: known });
}
