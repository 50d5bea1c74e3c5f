// PUT /buildings/{id}/survey: one answer for a unit's fixture; it answers with the whole survey.
// The survey form's answer queue (`use-answer-queue.ts`) calls it, retries it and keeps what is
// not saved yet, so it is a plain function, not a mutation hook.
import type { BuildingSurvey, SurveyAnswerBody } from '@flowsight/domain/survey';
import { surveyRequest } from './survey-request';

export function saveSurveyAnswer(buildingId: number, answer: SurveyAnswerBody) {
  return surveyRequest<BuildingSurvey>('PUT', `/buildings/${buildingId}/survey`, answer);
}
