// A server-paged readings list: MAC search typed with a pause, kind and fixture filters, a date
// range (the server's last 30 days when none is chosen, which the list says), the one micrometer a
// `?mac=` link asked for as a removable chip, sorting, export to CSV, and loading, empty and error
// states. All of it lives in the address. On phones each reading is a card instead of a row. The
// table is the list kit's (`components/data-table`), the columns `submission-columns.tsx`, the
// filters `submission-filters.tsx`.
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useListTable } from '@/components/data-table/use-list-table';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { useAddressSearch } from '@/lib/address-search';
import { errorMessages } from '@/lib/api-error';
import { useListSearch } from '@/lib/use-list-search';
import { useExportSubmissions } from '../api/export-submissions';
import { useSubmissions } from '../api/get-submissions';
import type { SubmissionSource } from '../api/submission-source';
import {
  SUBMISSION_PAGE_SIZES,
  type SubmissionListParams,
  searchFromSubmissionParams,
  submissionParamsFrom,
} from '../utils/submission-params';
import { useSubmissionColumns } from './submission-columns';
import { SubmissionFilters, SubmissionWindow } from './submission-filters';

export type SubmissionsTableProps = {
  source: SubmissionSource;
  /** The table's accessible name. */
  label: string;
  emptyText: string;
  /** Offer the kind filter (lists of one kind leave it out). */
  kindFilter?: boolean;
  /** Offer the fixture filter and column (readings of a place). */
  fixtures?: boolean;
  /** Show where each reading belongs (unit and building). */
  place?: boolean;
  /** Shown between the filters and the table, e.g. the totals. */
  summary?: (params: SubmissionListParams) => ReactNode;
};

// Up to twelve columns share the card: cells pad less between them, the card's edge keeps its
// usual margin.
const tableSx = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: 2 },
} as const;

/** Downloads the list's readings as CSV; tells how it went in the snackbar. */
function useSubmissionExport(source: SubmissionSource, params: SubmissionListParams) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const exporter = useExportSubmissions();
  const exportCsv = () =>
    exporter.mutate(
      { source, params },
      {
        onSuccess: (fileName) =>
          showMessage(t('submissions.export.done', { file: fileName }), 'success'),
        onError: (error) =>
          showMessage(
            `${t('submissions.export.failed')} ${errorMessages(error).map(translate).join(' ')}`,
            'error',
          ),
      },
    );
  return { exporting: exporter.isPending, exportCsv };
}

export function SubmissionsTable({
  source,
  label,
  emptyText,
  kindFilter = false,
  fixtures = false,
  place = false,
  summary,
}: SubmissionsTableProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useAddressSearch();
  const params = submissionParamsFrom(searchParams);
  const rows = useSubmissions(source, params);
  const { exporting, exportCsv } = useSubmissionExport(source, params);

  const change = (next: Partial<SubmissionListParams>) =>
    setSearchParams(searchFromSubmissionParams({ ...params, page: 1, ...next }), {
      replace: true,
    });
  const search = useListSearch(params.search, (text) => change({ search: text }));

  const list = useListTable({
    columns: useSubmissionColumns({ place, fixtures }),
    query: rows,
    state: params,
    onChange: change,
    firstDirection: 'DESC',
  });

  return (
    <Stack spacing={2} data-testid="submissions-list">
      <SubmissionFilters
        params={params}
        onChange={change}
        search={search}
        kindFilter={kindFilter}
        fixtures={fixtures}
        exporting={exporting}
        onExport={exportCsv}
      />
      <SubmissionWindow params={params} onChange={change} />
      {summary?.(params)}
      <DataTable
        list={list}
        label={label}
        loadError={t('submissions.loadError')}
        emptyText={emptyText}
        pageSizes={SUBMISSION_PAGE_SIZES}
        testIds={{ table: 'submissions-table', empty: 'submissions-empty' }}
        rowProps={() => ({ 'data-testid': 'submission-row' })}
        tableSx={tableSx}
      />
    </Stack>
  );
}
