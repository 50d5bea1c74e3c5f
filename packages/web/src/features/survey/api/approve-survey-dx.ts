// PUT /buildings/{id}/approve-survey-dx: DX (the provider's engineering) signs off the
// installation plan of a survey the customer approved; the survey is then completed.
import type { BuildingSurvey, DxPlanBody } from '@flowsight/domain/survey';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { useSurveyChange } from './use-survey-change';

export async function approveSurveyDx(
  buildingId: number,
  body: DxPlanBody,
): Promise<BuildingSurvey> {
  return dataOrThrow(
    await apiClient.PUT('/buildings/{id}/approve-survey-dx', {
      params: { path: { id: buildingId } },
      body,
    }),
  );
}

export const useApproveSurveyDx = (buildingId: number) =>
  useSurveyChange(buildingId, approveSurveyDx);
