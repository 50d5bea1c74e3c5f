// GET /health: whether the API answers. The welcome page shows it so a newcomer can tell at a
// glance that the server behind the web app is up.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type ApiHealth = 'online' | 'offline';

export async function getHealth(): Promise<ApiHealth> {
  try {
    const { response } = await apiClient.GET('/health');
    return response.ok ? 'online' : 'offline';
  } catch {
    // The request never got an answer (server down, network gone): that is the finding.
    return 'offline';
  }
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: getHealth,
    retry: false,
    refetchInterval: 30_000,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}
