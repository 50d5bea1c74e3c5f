// PUT /sensors/notification-excluded/mac/{mac}/{status}: leaves a micrometer, found by its MAC,
// out of alerts (system roles); an unknown MAC is the server's 404.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export async function excludeMicrometerByMac(mac: string) {
  return dataOrThrow(
    await apiClient.PUT('/sensors/notification-excluded/mac/{mac}/{status}', {
      params: { path: { mac, status: '1' } },
    }),
  );
}

export function useExcludeMicrometerByMac() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excludeMicrometerByMac,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
  });
}
