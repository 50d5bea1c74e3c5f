// PUT /buildings/{id}/reopen-survey: an approved or completed survey goes back to In Survey, with
// the reason recorded in its history.
import type { BuildingSurvey, SurveyReopenBody } from '@flowsight/domain/survey';
import { surveyRequest } from './survey-request';
import { useSurveyChange } from './use-survey-change';

export function reopenSurvey(buildingId: number, body: SurveyReopenBody) {
  return surveyRequest<BuildingSurvey>('PUT', `/buildings/${buildingId}/reopen-survey`, body);
}

export const useReopenSurvey = (buildingId: number) => useSurveyChange(buildingId, reopenSurvey);
