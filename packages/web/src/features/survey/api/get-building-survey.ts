// GET /buildings/{id}/survey: status, the actions it allows, per-unit progress, every answer,
// micrometers needed by size, the DX plan and the history.
import type { BuildingSurvey } from '@flowsight/domain/survey';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { surveyKeys } from './survey-keys';

export async function getBuildingSurvey(buildingId: number): Promise<BuildingSurvey> {
  return dataOrThrow(
    await apiClient.GET('/buildings/{id}/survey', { params: { path: { id: buildingId } } }),
  );
}

export function buildingSurveyQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: surveyKeys.survey(buildingId),
    queryFn: () => getBuildingSurvey(buildingId),
  });
}

export function useBuildingSurvey(buildingId: number) {
  return useQuery(buildingSurveyQueryOptions(buildingId));
}
