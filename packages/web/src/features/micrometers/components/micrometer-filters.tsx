// The micrometer lists' filters bar: the search (written to the address once typing pauses, by
// the list) and the filters the page offers — lookups (state, status, fixture, unit category) and
// the company.
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { usePlaceNames } from '@/lib/place-names';
import type { MicrometerFilter, MicrometerFilters } from '../utils/list-params';
import { type MicrometerLookup, useMicrometerOptions } from '../utils/micrometer-format';

const filterLookups = {
  state: 'states',
  status: 'statuses',
  fixture: 'fixtures',
  category: 'categories',
} as const satisfies Record<Exclude<MicrometerFilter, 'company'>, MicrometerLookup>;

const idOrNull = (value: string) => (value === '' ? null : Number(value));
const selectSlots = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

type LookupFilterProps = {
  name: Exclude<MicrometerFilter, 'company'>;
  value: number | null;
  onChange: (id: number | null) => void;
};

function LookupFilter({ name, value, onChange }: LookupFilterProps) {
  const { t } = useTranslation();
  const options = useMicrometerOptions(filterLookups[name]);
  return (
    <TextField
      select
      label={t(`micrometers.filters.${name}`)}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(idOrNull(event.target.value))}
      data-testid={`filter-${name}`}
      slotProps={selectSlots}
    >
      <MenuItem value="">{t('micrometers.filters.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

type CompanyFilterProps = { value: number | null; onChange: (id: number | null) => void };

function CompanyFilter({ value, onChange }: CompanyFilterProps) {
  const { t } = useTranslation();
  const companies = usePlaceNames('company', null);
  const options = companies.data ?? [];
  return (
    <TextField
      select
      label={t('micrometers.filters.company')}
      value={
        value === null || (companies.isSuccess && !options.some((o) => o.id === value))
          ? ''
          : String(value)
      }
      onChange={(event) => onChange(idOrNull(event.target.value))}
      data-testid="filter-company"
      slotProps={selectSlots}
    >
      <MenuItem value="">{t('micrometers.filters.all')}</MenuItem>
      {value !== null && !companies.isSuccess && (
        <MenuItem value={String(value)}>{t('common.loading')}</MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export type MicrometerFiltersBarProps = {
  filters: readonly MicrometerFilter[];
  values: MicrometerFilters;
  onFilter: (name: MicrometerFilter, id: number | null) => void;
  searchText: string;
  onSearchText: (text: string) => void;
};

export function MicrometerFiltersBar({
  filters,
  values,
  onFilter,
  searchText,
  onSearchText,
}: MicrometerFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        // Two filters a row on phones, so the list stays in reach; one row on wide screens.
        '& > *': { flex: { xs: '1 1 calc(50% - 8px)', sm: '1 1 150px' }, minWidth: 0 },
      }}
    >
      <TextField
        type="search"
        label={t('micrometers.filters.search')}
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
        sx={{ '&&': { flex: { xs: '1 1 100%', sm: '2 1 260px' } } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded />
              </InputAdornment>
            ),
          },
        }}
      />
      {filters.map((name) =>
        name === 'company' ? (
          <CompanyFilter
            key={name}
            value={values.company}
            onChange={(id) => onFilter('company', id)}
          />
        ) : (
          <LookupFilter
            key={name}
            name={name}
            value={values[name]}
            onChange={(id) => onFilter(name, id)}
          />
        ),
      )}
    </Box>
  );
}
