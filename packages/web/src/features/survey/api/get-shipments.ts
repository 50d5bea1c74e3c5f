// GET /buildings/{id}/shipping: the building's shipments, by date.
import type { Shipment } from '@flowsight/domain/survey';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { surveyKeys } from './survey-keys';

export async function getShipments(buildingId: number): Promise<Shipment[]> {
  return dataOrThrow(
    await apiClient.GET('/buildings/{id}/shipping', { params: { path: { id: buildingId } } }),
  );
}

export function shipmentsQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: surveyKeys.shipments(buildingId),
    queryFn: () => getShipments(buildingId),
  });
}

export const useShipments = (buildingId: number) => useQuery(shipmentsQueryOptions(buildingId));
