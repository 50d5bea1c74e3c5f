// GET /{companies|properties|buildings|units}/{id}/submissions and GET /submissions/{unassigned|
// keepalive|parsed-old}: one page of readings, newest first unless sorted otherwise.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type SubmissionListParams, submissionListQuery } from '../utils/submission-params';
import { type SubmissionSource, sourceKey } from './submission-source';

export const submissionsQueryKey = ['submissions'] as const;

const levelPaths = {
  company: '/companies/{id}/submissions',
  property: '/properties/{id}/submissions',
  building: '/buildings/{id}/submissions',
  unit: '/units/{id}/submissions',
} as const;
const listPaths = {
  unassigned: '/submissions/unassigned',
  keepalive: '/submissions/keepalive',
  'parsed-old': '/submissions/parsed-old',
} as const;

export async function getSubmissions(source: SubmissionSource, params: SubmissionListParams) {
  const query = submissionListQuery(params);
  if ('list' in source) {
    return dataOrThrow(await apiClient.GET(listPaths[source.list], { params: { query } }));
  }
  return dataOrThrow(
    await apiClient.GET(levelPaths[source.level], {
      params: { path: { id: source.id }, query },
    }),
  );
}

export type SubmissionPage = Awaited<ReturnType<typeof getSubmissions>>;
export type SubmissionRow = SubmissionPage['data'][number];

export function submissionsQueryOptions(source: SubmissionSource, params: SubmissionListParams) {
  return queryOptions({
    queryKey: [...submissionsQueryKey, 'list', sourceKey(source), params],
    queryFn: () => getSubmissions(source, params),
    placeholderData: keepPreviousData,
  });
}

export function useSubmissions(source: SubmissionSource, params: SubmissionListParams) {
  return useQuery(submissionsQueryOptions(source, params));
}
