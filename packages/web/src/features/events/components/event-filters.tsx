// The event log's filters: search and action (typed; written to the address once typing pauses,
// by the page), entity type, company and a date range, and the button that clears them all.
import FilterAltOffRounded from '@mui/icons-material/FilterAltOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateInput, NOT_A_DATE } from '@/components/date-input';
import { useCompanyNames } from '@/lib/place-names';
import {
  EVENT_ENTITY_TYPES,
  type EventListParams,
  isKnownEntityType,
} from '../utils/event-list-params';

export type EventFiltersProps = {
  params: EventListParams;
  onChange: (next: Partial<EventListParams>) => void;
  phone: boolean;
  searchText: string;
  onSearchText: (text: string) => void;
  actionText: string;
  onActionText: (text: string) => void;
};

const selectSlots = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

export function EventFilters({
  params,
  onChange,
  phone,
  searchText,
  onSearchText,
  actionText,
  onActionText,
}: EventFiltersProps) {
  const { t } = useTranslation();
  const companies = useCompanyNames();
  const companyList = companies.data ?? [];
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
      <TextField
        type="search"
        className="wide-on-phone"
        size={size}
        label={t('events.searchLabel')}
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-testid': 'events-search' },
        }}
      />
      <TextField
        select
        size={size}
        label={t('events.filters.entityType')}
        value={params.entityType}
        onChange={(event) => onChange({ entityType: event.target.value })}
        data-testid="filter-entity-type"
        slotProps={selectSlots}
      >
        <MenuItem value="">{t('events.filters.allEntityTypes')}</MenuItem>
        {EVENT_ENTITY_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`events.entityTypes.${type}`)}
          </MenuItem>
        ))}
        {params.entityType !== '' && !isKnownEntityType(params.entityType) && (
          <MenuItem value={params.entityType}>{params.entityType}</MenuItem>
        )}
      </TextField>
      <TextField
        size={size}
        label={t('events.filters.action')}
        value={actionText}
        onChange={(event) => onActionText(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'filter-action' } }}
      />
      <TextField
        select
        className="wide-on-phone"
        size={size}
        label={t('events.filters.company')}
        value={params.companyId ?? ''}
        onChange={(event) =>
          onChange({ companyId: event.target.value === '' ? null : Number(event.target.value) })
        }
        data-testid="filter-company"
        slotProps={selectSlots}
      >
        <MenuItem value="">{t('events.filters.allCompanies')}</MenuItem>
        {companyList.map((company) => (
          <MenuItem key={company.id} value={company.id}>
            {company.name}
          </MenuItem>
        ))}
        {params.companyId !== null &&
          !companyList.some((company) => company.id === params.companyId) && (
            <MenuItem value={params.companyId}>#{params.companyId}</MenuItem>
          )}
      </TextField>
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
