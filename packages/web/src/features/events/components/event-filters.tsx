// The event log's filters: search and action (typed; written to the address once typing pauses,
// by the page), entity type, company and a date range, and the button that clears them all.
import FilterAltOffRounded from '@mui/icons-material/FilterAltOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CompanyFilterSelect } from '@/components/data-table/company-filter-select';
import { FilterSelect, ListSearchField } from '@/components/data-table/filter-fields';
import { DateInput, NOT_A_DATE } from '@/components/date-input';
import type { ListSearch } from '@/lib/use-list-search';
import { EVENT_ENTITY_TYPES, type EventListParams } from '../utils/event-list-params';

export type EventFiltersProps = {
  params: EventListParams;
  onChange: (next: Partial<EventListParams>) => void;
  phone: boolean;
  search: ListSearch;
  /** The action box, typed and written to the address like the search. */
  action: ListSearch;
};

export function EventFilters({ params, onChange, phone, search, action }: EventFiltersProps) {
  const { t } = useTranslation();
  const size = phone ? 'small' : 'medium';
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // Phones: search and company take a row each, the rest go two by two.
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
        '& > .wide-on-phone': { gridColumn: { xs: 'span 2', sm: 'auto' } },
      }}
    >
      <ListSearchField
        className="wide-on-phone"
        size={size}
        label={t('events.searchLabel')}
        search={search}
        testId="events-search"
      />
      <FilterSelect
        size={size}
        label={t('events.filters.entityType')}
        value={params.entityType || null}
        options={EVENT_ENTITY_TYPES.map((type) => ({
          id: type,
          label: t(`events.entityTypes.${type}`),
        }))}
        onChange={(entityType) => onChange({ entityType: entityType ?? '' })}
        allLabel={t('events.filters.allEntityTypes')}
        unknownLabel={(entityType) => entityType}
        testId="filter-entity-type"
      />
      <TextField
        size={size}
        label={t('events.filters.action')}
        value={action.text}
        onChange={(event) => action.setText(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'filter-action' } }}
      />
      <CompanyFilterSelect
        className="wide-on-phone"
        size={size}
        label={t('events.filters.company')}
        value={params.companyId}
        onChange={(companyId) => onChange({ companyId })}
        allLabel={t('events.filters.allCompanies')}
      />
      <DateInput
        size={size}
        label={t('events.filters.from')}
        value={params.from}
        onChange={(from) => from !== NOT_A_DATE && onChange({ from })}
        max={params.to || undefined}
        data-testid="filter-from"
      />
      <DateInput
        size={size}
        label={t('events.filters.to')}
        value={params.to}
        onChange={(to) => to !== NOT_A_DATE && onChange({ to })}
        min={params.from || undefined}
        data-testid="filter-to"
      />
    </Box>
  );
}

export function ClearEventFilters({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Button
        size="small"
        startIcon={<FilterAltOffRounded />}
        onClick={onClear}
        data-testid="events-clear-filters"
      >
        {t('events.filters.clear')}
      </Button>
    </Box>
  );
}
