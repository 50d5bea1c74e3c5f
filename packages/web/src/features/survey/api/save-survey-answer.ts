// PUT /buildings/{id}/survey: one answer for a unit's fixture; it answers with the whole survey.
// The survey form's answer queue (`use-answer-queue.ts`) calls it, retries it and keeps what is
// not saved yet, so it is a plain function, not a mutation hook.
import type { BuildingSurvey, SurveyAnswerBody } from '@flowsight/domain/survey';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function saveSurveyAnswer(
  buildingId: number,
  answer: SurveyAnswerBody,
): Promise<BuildingSurvey> {
  return dataOrThrow(
    await apiClient.PUT('/buildings/{id}/survey', {
      params: { path: { id: buildingId } },
      body: answer,
    }),
  );
}
