// The first queries of the readings lists (/submissions/…) and of a record's readings tab (its
// first page and its totals), started by their route loaders (`page-data.ts`) with the query keys,
// fetchers and address parsing the pages use.
import { submissionTotalsQueryOptions } from '@/features/submissions/api/get-submission-totals';
import { submissionsQueryOptions } from '@/features/submissions/api/get-submissions';
import { submissionParamsFrom, totalsRange } from '@/features/submissions/utils/submission-params';
import type { PagePrefetch } from '../page-data';
import { deepest, seesTab } from './record-place';

/** The readings lists (/submissions/…): the first page of the list the route names. */
const prefetchSubmissionList =
  (list: 'unassigned' | 'keepalive' | 'parsed-old'): PagePrefetch =>
  ({ queryClient, search }) => {
    void queryClient.prefetchQuery(submissionsQueryOptions({ list }, submissionParamsFrom(search)));
  };

export const prefetchUnassignedSubmissions = prefetchSubmissionList('unassigned');
export const prefetchKeepAliveSubmissions = prefetchSubmissionList('keepalive');
export const prefetchParsedOldSubmissions = prefetchSubmissionList('parsed-old');

/** A record's readings tab: the first page of its readings and their totals. */
export const prefetchRecordSubmissions: PagePrefetch = (args) => {
  const record = deepest(args);
  if (record === null || !seesTab(args.role, record.level, 'submissions')) return;
  const params = submissionParamsFrom(args.search);
  void args.queryClient.prefetchQuery(submissionsQueryOptions(record, params));
  const range = totalsRange(params);
  void args.queryClient.prefetchQuery(submissionTotalsQueryOptions(record.level, record.id, range));
};
