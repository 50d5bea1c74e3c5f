// GET …/submissions/export: the readings matching the list's filters (any number of pages) as a
// CSV file the server names, with dates in the viewer's time zone.
import { useMutation } from '@tanstack/react-query';
import { browserTimeZone, downloadFile } from '@/lib/download-file';
import { type SubmissionListParams, submissionFilters } from '../utils/submission-params';
import { type SubmissionSource, submissionsPath } from './submission-source';

export type ExportSubmissionsInput = { source: SubmissionSource; params: SubmissionListParams };

/** Resolves with the saved file's name. */
export function exportSubmissions({ source, params }: ExportSubmissionsInput): Promise<string> {
  const query = new URLSearchParams(submissionFilters(params));
  return downloadFile({
    url: `${submissionsPath(source)}/export?${query}`,
    timeZone: browserTimeZone(),
  });
}

export function useExportSubmissions() {
  return useMutation({ mutationFn: exportSubmissions });
}
