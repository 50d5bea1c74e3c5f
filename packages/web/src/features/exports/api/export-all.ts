// GET /{set}/export-all for each chosen data set, one after another, each saved as the CSV file
// the server names. The first failure stops the rest and rejects with the server's answer.
import { useMutation } from '@tanstack/react-query';
import { browserTimeZone, downloadFile } from '@/lib/download-file';
import { type ExportSetId, exportSets } from '../utils/export-sets';

export type ExportAllInput = {
  sets: readonly ExportSetId[];
  /** IANA zone of the files' dates; the browser's own when left out. */
  timeZone?: string;
};

/** Resolves with the saved files' names, in the order of the dialog. */
export async function exportAll({
  sets,
  timeZone = browserTimeZone(),
}: ExportAllInput): Promise<string[]> {
  const files: string[] = [];
  for (const set of exportSets) {
    if (!sets.includes(set.id)) continue;
    files.push(await downloadFile({ type: set.type, timeZone }));
  }
  return files;
}

export function useExportAll() {
  return useMutation({ mutationFn: exportAll });
}
