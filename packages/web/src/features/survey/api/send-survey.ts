// PUT /buildings/{id}/approve-send-survey: the provider approves the survey in progress and emails
// it to the customer's notification contacts, each with a single-use approval link.
import type { BuildingSurvey, SurveySendBody } from '@flowsight/domain/survey';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { useSurveyChange } from './use-survey-change';

export type SentSurvey = BuildingSurvey & { sent_to: string[] };

export async function sendSurvey(buildingId: number, body: SurveySendBody): Promise<SentSurvey> {
  return dataOrThrow(
    await apiClient.PUT('/buildings/{id}/approve-send-survey', {
      params: { path: { id: buildingId } },
      body,
    }),
  );
}

export const useSendSurvey = (buildingId: number) => useSurveyChange(buildingId, sendSurvey);
