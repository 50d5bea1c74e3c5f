// The alert list's filters bar: search, statuses (several), category, type, who is assigned
// (me, nobody), company (on `/alerts`)
// and, on phones where the table's headings are gone, the sort. Each change goes to the address
// through the list; the search is typed here and written once typing pauses.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CompanyFilterSelect } from '@/components/data-table/company-filter-select';
import { FilterSelect, ListSearchField } from '@/components/data-table/filter-fields';
import type { ListSearch } from '@/lib/use-list-search';
import { useAlertLabel, useAlertOptions, useAlertTypeOptions } from '../utils/alert-format';
import { type AlertListParams, ASSIGNED_FILTERS } from '../utils/alert-list-params';

const PHONE_SORTS = [
  'first_detected:DESC',
  'first_detected:ASC',
  'last_detected:DESC',
  'rate:DESC',
  'notification_status_id:ASC',
] as const;

type PhoneSortKey =
  | 'first_detected_DESC'
  | 'first_detected_ASC'
  | 'last_detected_DESC'
  | 'rate_DESC'
  | 'notification_status_id_ASC';

export type AlertFiltersProps = {
  params: AlertListParams;
  /** `/alerts` (every alert in scope) adds the company filter. */
  everyAlert: boolean;
  phone: boolean;
  search: ListSearch;
  onChange: (next: Partial<AlertListParams>) => void;
};

/** Status ids from the multiple select's value, distinct and in order. */
function statusIdsOf(value: unknown): number[] {
  const ids = (Array.isArray(value) ? value : String(value).split(','))
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].sort((a, b) => a - b);
}

export function AlertFilters({ params, everyAlert, phone, search, onChange }: AlertFiltersProps) {
  const { t } = useTranslation();
  const label = useAlertLabel();
  const statusOptions = useAlertOptions('statuses');
  const categoryOptions = useAlertOptions('categories');
  const typeOptions = useAlertTypeOptions(params.categoryId);
  const fieldSize = phone ? 'small' : 'medium';

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // Even rows at every width: on desktops (1200 px up) every field on one row; below,
        // two by two, the search taking a row of its own when that evens out the rest.
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          lg: everyAlert ? 'repeat(6, minmax(0, 1fr))' : 'repeat(5, minmax(0, 1fr))',
        },
        '& > .wide': {
          gridColumn: { xs: 'span 2', md: everyAlert ? 'span 2' : 'auto', lg: 'auto' },
        },
      }}
    >
      <ListSearchField
        className="wide"
        size={fieldSize}
        label={t('alerts.list.searchLabel')}
        placeholder={t('alerts.list.searchPlaceholder')}
        search={search}
        testId="alerts-search"
      />
      <TextField
        select
        size={fieldSize}
        label={t('alerts.list.filters.status')}
        value={params.statusIds}
        onChange={(event) => onChange({ statusIds: statusIdsOf(event.target.value) })}
        data-testid="filter-status"
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) => {
              const ids = selected as number[];
              return ids.length === 0
                ? t('alerts.list.filters.allStatuses')
                : ids.map((id) => label('statuses', id)).join(', ');
            },
          },
        }}
      >
        {statusOptions.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <FilterSelect
        size={fieldSize}
        label={t('alerts.list.filters.category')}
        value={params.categoryId}
        options={categoryOptions}
        onChange={(categoryId) => onChange({ categoryId, typeId: null })}
        allLabel={t('alerts.list.filters.allCategories')}
        testId="filter-category"
      />
      <FilterSelect
        size={fieldSize}
        label={t('alerts.list.filters.type')}
        value={params.typeId}
        options={typeOptions}
        onChange={(typeId) => onChange({ typeId })}
        allLabel={t('alerts.list.filters.allTypes')}
        unknownLabel={(typeId) => label('types', typeId)}
        testId="filter-type"
      />
      <FilterSelect
        size={fieldSize}
        label={t('alerts.list.filters.assigned')}
        value={params.assigned}
        options={ASSIGNED_FILTERS.map((id) => ({
          id,
          label: t(`alerts.list.filters.assigned_${id}`),
        }))}
        onChange={(assigned) => onChange({ assigned })}
        allLabel={t('alerts.list.filters.assignedAnyone')}
        testId="filter-assigned"
      />
      {everyAlert && (
        <CompanyFilterSelect
          size={fieldSize}
          label={t('alerts.list.filters.company')}
          value={params.companyId}
          onChange={(companyId) => onChange({ companyId })}
          allLabel={t('alerts.list.filters.allCompanies')}
        />
      )}
      {phone && (
        <TextField
          select
          size={fieldSize}
          label={t('alerts.list.filters.sort')}
          value={params.sortBy}
          onChange={(event) => onChange({ sortBy: event.target.value })}
          data-testid="alerts-sort"
        >
          {PHONE_SORTS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`alerts.list.sort.${value.replace(':', '_') as PhoneSortKey}`)}
            </MenuItem>
          ))}
          {!(PHONE_SORTS as readonly string[]).includes(params.sortBy) && (
            <MenuItem value={params.sortBy}>{params.sortBy}</MenuItem>
          )}
        </TextField>
      )}
    </Box>
  );
}
