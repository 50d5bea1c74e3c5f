// PUT /buildings/{id}/approve-send-survey: the provider approves the survey in progress and emails
// it to the customer's notification contacts, each with a single-use approval link.
import type { BuildingSurvey, SurveySendBody } from '@flowsight/domain/survey';
import { surveyRequest } from './survey-request';
import { useSurveyChange } from './use-survey-change';

export type SentSurvey = BuildingSurvey & { sent_to: string[] };

export function sendSurvey(buildingId: number, body: SurveySendBody) {
  return surveyRequest<SentSurvey>('PUT', `/buildings/${buildingId}/approve-send-survey`, body);
}

export const useSendSurvey = (buildingId: number) => useSurveyChange(buildingId, sendSurvey);
