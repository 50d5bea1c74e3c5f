// The customer's approval link from the survey email (public: the link is the key):
// GET /survey-approval/{id}/{token} says what it is about and whether it still works, changing
// nothing (mail scanners follow links too); POST approves the survey, once.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { surveyQueryKey } from './survey-keys';

export type ApprovalLink = { buildingId: number; token: string };

export async function getSurveyApproval({ buildingId, token }: ApprovalLink) {
  return dataOrThrow(
    await apiClient.GET('/survey-approval/{id}/{token}', {
      params: { path: { id: buildingId, token } },
    }),
  );
}

export type SurveyApprovalLink = Awaited<ReturnType<typeof getSurveyApproval>>;

export async function approveSurvey({ buildingId, token }: ApprovalLink) {
  return dataOrThrow(
    await apiClient.POST('/survey-approval/{id}/{token}', {
      params: { path: { id: buildingId, token } },
    }),
  );
}

const approvalKey = (link: ApprovalLink) =>
  [...surveyQueryKey, 'approval', link.buildingId, link.token] as const;

export function surveyApprovalQueryOptions(link: ApprovalLink) {
  return queryOptions({ queryKey: approvalKey(link), queryFn: () => getSurveyApproval(link) });
}

export const useSurveyApproval = (link: ApprovalLink, enabled: boolean) =>
  useQuery({ ...surveyApprovalQueryOptions(link), enabled });

export function useApproveSurvey(link: ApprovalLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => approveSurvey(link),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKey(link) }),
  });
}
