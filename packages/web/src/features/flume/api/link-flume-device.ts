// PUT /flume-accounts/{id}/devices/{deviceId}: link a meter to a building of the account's company
// (400 for another company's, 409 when the building has a meter already), or unlink it with null.
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { useAccountMutation } from './get-flume-accounts';

export type DeviceLink = { accountId: number; deviceId: number; buildingId: number | null };

export async function linkFlumeDevice({ accountId, deviceId, buildingId }: DeviceLink) {
  return dataOrThrow(
    await apiClient.PUT('/flume-accounts/{id}/devices/{deviceId}', {
      params: { path: { id: accountId, deviceId } },
      body: { building_id: buildingId },
    }),
  );
}

export const useLinkFlumeDevice = () => useAccountMutation(linkFlumeDevice);
