// GET /units/{id}/submissions/first and /last: the unit's first and last reading. A unit without
// readings answers 404, which here means "none yet" rather than a failure.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow, isApiError } from '@/lib/api-error';
import { submissionsQueryKey } from './get-submissions';

export type ReadingEdge = 'first' | 'last';

export async function getUnitReadingEdge(unitId: number, mode: ReadingEdge) {
  try {
    return dataOrThrow(
      await apiClient.GET('/units/{id}/submissions/{mode}', {
        params: { path: { id: unitId, mode } },
      }),
    );
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function unitReadingEdgeQueryOptions(unitId: number, mode: ReadingEdge) {
  return queryOptions({
    queryKey: [...submissionsQueryKey, 'edge', unitId, mode],
    queryFn: () => getUnitReadingEdge(unitId, mode),
  });
}

export function useUnitReadingEdge(unitId: number, mode: ReadingEdge) {
  return useQuery(unitReadingEdgeQueryOptions(unitId, mode));
}
