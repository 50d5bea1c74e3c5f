// The survey's transitions share their ending: each answers with the survey, which replaces the
// cached one; a refusal (409 naming the current status) is the mutation's error, shown by the
// dialog that asked.
import type { BuildingSurvey } from '@flowsight/domain/survey';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepSurvey } from './survey-keys';

export function useSurveyChange<Body, Answer extends BuildingSurvey>(
  buildingId: number,
  change: (buildingId: number, body: Body) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => change(buildingId, body),
    onSuccess: (survey) => keepSurvey(queryClient, survey),
  });
}
