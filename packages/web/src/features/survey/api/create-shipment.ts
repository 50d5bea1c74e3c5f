// POST /buildings/{id}/shipping: records a shipment (a date ahead is a planned one).
import type { Shipment, ShipmentInput } from '@flowsight/domain/survey';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { surveyKeys } from './survey-keys';
import { surveyRequest } from './survey-request';

export function createShipment(buildingId: number, body: ShipmentInput) {
  return surveyRequest<Shipment>('POST', `/buildings/${buildingId}/shipping`, body);
}

export function useCreateShipment(buildingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipmentInput) => createShipment(buildingId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.shipments(buildingId) }),
  });
}
