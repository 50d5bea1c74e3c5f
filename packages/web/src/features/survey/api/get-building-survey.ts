// GET /buildings/{id}/survey: status, the actions it allows, per-unit progress, every answer,
// micrometers needed by size, the DX plan and the history.
import type { BuildingSurvey } from '@flowsight/domain/survey';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyKeys } from './survey-keys';
import { surveyRequest } from './survey-request';

export function getBuildingSurvey(buildingId: number) {
  return surveyRequest<BuildingSurvey>('GET', `/buildings/${buildingId}/survey`);
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
