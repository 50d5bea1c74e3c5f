// POST /buildings/{id}/shipping: records a shipment (a date ahead is a planned one).
import type { Shipment, ShipmentInput } from '@flowsight/domain/survey';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { surveyKeys, surveyQueryKey } from './survey-keys';

export async function createShipment(buildingId: number, body: ShipmentInput): Promise<Shipment> {
  return dataOrThrow(
    await apiClient.POST('/buildings/{id}/shipping', {
      params: { path: { id: buildingId } },
      body,
    }),
  );
}

export function useCreateShipment(buildingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipmentInput) => createShipment(buildingId, body),
    // The property's shipping date may move with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: surveyKeys.shipments(buildingId) }),
        queryClient.invalidateQueries({ queryKey: [...surveyQueryKey, 'property-shipping-date'] }),
      ]),
  });
}
