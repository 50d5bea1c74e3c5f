// POST /sensors/report-issue: records a problem with a micrometer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export type ReportIssueInput = { sensorId: number; issue: string };

export async function reportMicrometerIssue({ sensorId, issue }: ReportIssueInput) {
  return dataOrThrow(
    await apiClient.POST('/sensors/report-issue', { body: { sensor_id: sensorId, issue } }),
  );
}

export function useReportMicrometerIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportMicrometerIssue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
  });
}
