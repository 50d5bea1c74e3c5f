// PUT /buildings/{id}/approve-survey-dx: DX (the provider's engineering) signs off the
// installation plan of a survey the customer approved; the survey is then completed.
import type { BuildingSurvey, DxPlanBody } from '@flowsight/domain/survey';
import { surveyRequest } from './survey-request';
import { useSurveyChange } from './use-survey-change';

export function approveSurveyDx(buildingId: number, body: DxPlanBody) {
  return surveyRequest<BuildingSurvey>('PUT', `/buildings/${buildingId}/approve-survey-dx`, body);
}

export const useApproveSurveyDx = (buildingId: number) =>
  useSurveyChange(buildingId, approveSurveyDx);
