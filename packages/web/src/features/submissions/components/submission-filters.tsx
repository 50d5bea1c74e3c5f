// The readings lists' filters: the bar (MAC search, kind and fixture where offered, the date
// range, export) and the line under it (the `?mac=` micrometer as a removable chip, and which
// window the list shows — the server's last 30 days when no range is chosen).
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearchField } from '@/components/data-table/filter-fields';
import { DateInput, NOT_A_DATE } from '@/components/date-input';
import type { ListSearch } from '@/lib/use-list-search';
import { useFixtureOptions, useKindLabel, useSubmissionFormat } from '../utils/submission-format';
import {
  DEFAULT_WINDOW_DAYS,
  SUBMISSION_KINDS,
  type SubmissionListParams,
} from '../utils/submission-params';

export type SubmissionFiltersProps = {
  params: SubmissionListParams;
  onChange: (next: Partial<SubmissionListParams>) => void;
  search: ListSearch;
  kindFilter: boolean;
  fixtures: boolean;
  exporting: boolean;
  onExport: () => void;
};

export function SubmissionFilters({
  params,
  onChange,
  search,
  kindFilter,
  fixtures,
  exporting,
  onExport,
}: SubmissionFiltersProps) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const fixtureOptions = useFixtureOptions();
  const dateField = (which: 'from' | 'to') => (
    <DateInput
      label={t(which === 'from' ? 'submissions.filters.from' : 'submissions.filters.to')}
      value={params[which] ?? ''}
      onChange={(value) =>
        value !== NOT_A_DATE && onChange({ [which]: value === '' ? null : value })
      }
      sx={{ flex: 1, minWidth: 0 }}
      data-testid={`filter-${which}`}
    />
  );
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { xs: 'stretch', md: 'center' }, flexWrap: 'wrap' }}
    >
      <ListSearchField
        label={t('submissions.filters.search')}
        search={search}
        sx={{ flex: 2, minWidth: 200 }}
      />
      {(kindFilter || fixtures) && (
        <Stack direction="row" spacing={2} sx={{ flex: 2, minWidth: 0 }}>
          {kindFilter && (
            <FilterSelect
              label={t('submissions.filters.kind')}
              value={params.kind}
              options={SUBMISSION_KINDS.map((kind) => ({ id: kind, label: kindLabel(kind) }))}
              onChange={(kind) => onChange({ kind })}
              allLabel={t('submissions.filters.all')}
              sx={{ flex: 1, minWidth: 0 }}
              testId="filter-kind"
            />
          )}
          {fixtures && (
            <FilterSelect
              label={t('submissions.filters.fixture')}
              value={params.fixture}
              options={fixtureOptions}
              onChange={(fixture) => onChange({ fixture })}
              allLabel={t('submissions.filters.all')}
              sx={{ flex: 1, minWidth: 0 }}
              testId="filter-fixture"
            />
          )}
        </Stack>
      )}
      <Stack direction="row" spacing={2} sx={{ flex: 2, minWidth: 0 }}>
        {dateField('from')}
        {dateField('to')}
      </Stack>
      <Button
        variant="outlined"
        startIcon={<FileDownloadRounded />}
        onClick={onExport}
        loading={exporting}
        data-testid="export-submissions"
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {t('submissions.export.button')}
      </Button>
    </Stack>
  );
}

export type SubmissionWindowProps = {
  params: SubmissionListParams;
  onChange: (next: Partial<SubmissionListParams>) => void;
};

export function SubmissionWindow({ params, onChange }: SubmissionWindowProps) {
  const { t } = useTranslation();
  const format = useSubmissionFormat();
  const rangeChosen = params.from !== null || params.to !== null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {params.mac !== null && (
        <Chip
          color="primary"
          label={t('submissions.filters.macChip', { mac: params.mac })}
          onDelete={() => onChange({ mac: null })}
          data-testid="mac-filter"
        />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="window-note">
        {rangeChosen
          ? t('submissions.window.range', {
              from: params.from === null ? t('submissions.window.start') : format.date(params.from),
              to: params.to === null ? t('submissions.window.today') : format.date(params.to),
            })
          : t('submissions.window.default', { days: DEFAULT_WINDOW_DAYS })}
      </Typography>
      {rangeChosen && (
        <Button size="small" onClick={() => onChange({ from: null, to: null })}>
          {t('submissions.window.clear')}
        </Button>
      )}
    </Stack>
  );
}
