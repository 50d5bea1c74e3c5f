// POST /sensors/{id}/tests: the tester's verdict on a micrometer in stock (pass → Tested,
// fail → Defective, with a reason).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { sensorTestingQueryKey } from './sensor-testing-keys';

export type BenchVerdict = { sensorId: number; passed: boolean; reason?: string };

export async function recordBenchTest({ sensorId, passed, reason }: BenchVerdict) {
  return dataOrThrow(
    await apiClient.POST('/sensors/{id}/tests', {
      params: { path: { id: sensorId } },
      body: reason === undefined ? { passed } : { passed, reason },
    }),
  );
}

export function useRecordBenchTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordBenchTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorTestingQueryKey }),
  });
}
