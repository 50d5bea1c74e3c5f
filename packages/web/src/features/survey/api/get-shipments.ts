// GET /buildings/{id}/shipping: the building's shipments, by date.
import type { Shipment } from '@flowsight/domain/survey';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyKeys } from './survey-keys';
import { surveyRequest } from './survey-request';

export function getShipments(buildingId: number) {
  return surveyRequest<Shipment[]>('GET', `/buildings/${buildingId}/shipping`);
}

export function shipmentsQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: surveyKeys.shipments(buildingId),
    queryFn: () => getShipments(buildingId),
  });
}

export const useShipments = (buildingId: number) => useQuery(shipmentsQueryOptions(buildingId));
