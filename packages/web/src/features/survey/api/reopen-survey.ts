// PUT /buildings/{id}/reopen-survey: an approved or completed survey goes back to In Survey, with
// the reason recorded in its history.
import type { BuildingSurvey, SurveyReopenBody } from '@flowsight/domain/survey';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { useSurveyChange } from './use-survey-change';

export async function reopenSurvey(
  buildingId: number,
  body: SurveyReopenBody,
): Promise<BuildingSurvey> {
  return dataOrThrow(
    await apiClient.PUT('/buildings/{id}/reopen-survey', {
      params: { path: { id: buildingId } },
      body,
    }),
  );
}

export const useReopenSurvey = (buildingId: number) => useSurveyChange(buildingId, reopenSurvey);
