// DELETE /sensors/tested: clears every bench test result (sensor states stay as they are).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { sensorTestingQueryKey } from './sensor-testing-keys';

export async function clearBenchTests() {
  return dataOrThrow(await apiClient.DELETE('/sensors/tested'));
}

export function useClearBenchTests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearBenchTests,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorTestingQueryKey }),
  });
}
