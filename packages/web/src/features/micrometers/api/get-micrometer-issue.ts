// GET /sensors/{id}/sensor-issue: the problem last reported with the micrometer, if any.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export async function getMicrometerIssue(id: number) {
  return dataOrThrow(
    await apiClient.GET('/sensors/{id}/sensor-issue', { params: { path: { id } } }),
  );
}

export type MicrometerIssue = Awaited<ReturnType<typeof getMicrometerIssue>>;

export function micrometerIssueQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...micrometersQueryKey, 'issue', id],
    queryFn: () => getMicrometerIssue(id),
  });
}

export function useMicrometerIssue(id: number | null) {
  return useQuery({ ...micrometerIssueQueryOptions(id ?? 0), enabled: id !== null });
}
