// GET /integration-keys/mqtt-status: the QoS MQTT uplinks arrive with, per format (ChirpStack,
// native), so the page can warn while they arrive at QoS 0 and would be lost during an outage.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export const mqttStatusQueryKey = ['integration-keys', 'mqtt-status'] as const;

export async function getMqttStatus() {
  return dataOrThrow(await apiClient.GET('/integration-keys/mqtt-status'));
}

export type MqttStatus = Awaited<ReturnType<typeof getMqttStatus>>;

export function mqttStatusQueryOptions() {
  return queryOptions({ queryKey: mqttStatusQueryKey, queryFn: getMqttStatus });
}

export function useMqttStatus() {
  return useQuery(mqttStatusQueryOptions());
}
