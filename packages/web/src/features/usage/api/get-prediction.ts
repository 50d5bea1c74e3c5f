// GET /units/{id}/gallons-predictions: the unit's month so far and its projected month end.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { usageQueryKey } from '@/lib/place-usage';

export async function getPrediction(unitId: number) {
  return dataOrThrow(
    await apiClient.GET('/units/{id}/gallons-predictions', {
      params: { path: { id: unitId } },
    }),
  );
}

export type GallonsPrediction = Awaited<ReturnType<typeof getPrediction>>;

export const predictionQueryOptions = (unitId: number) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'prediction', unitId],
    queryFn: () => getPrediction(unitId),
  });

export const usePrediction = (unitId: number) => useQuery(predictionQueryOptions(unitId));
