// The micrometer lists' filters bar: the search (written to the address once typing pauses, by
// the list) and the filters the page offers — lookups (state, status, fixture, unit category) and
// the company.
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearchField } from '@/components/data-table/filter-fields';
import { usePlaceNames } from '@/lib/place-names';
import type { ListSearch } from '@/lib/use-list-search';
import type { MicrometerFilter, MicrometerFilters } from '../utils/list-params';
import { type MicrometerLookup, useMicrometerOptions } from '../utils/micrometer-format';

const filterLookups = {
  state: 'states',
  status: 'statuses',
  fixture: 'fixtures',
  category: 'categories',
} as const satisfies Record<Exclude<MicrometerFilter, 'company'>, MicrometerLookup>;

type LookupFilterProps = {
  name: Exclude<MicrometerFilter, 'company'>;
  value: number | null;
  onChange: (id: number | null) => void;
};

function LookupFilter({ name, value, onChange }: LookupFilterProps) {
  const { t } = useTranslation();
  const options = useMicrometerOptions(filterLookups[name]);
  return (
    <FilterSelect
      label={t(`micrometers.filters.${name}`)}
      value={value}
      options={options}
      onChange={onChange}
      allLabel={t('micrometers.filters.all')}
      testId={`filter-${name}`}
    />
  );
}

type CompanyFilterProps = { value: number | null; onChange: (id: number | null) => void };

function CompanyFilter({ value, onChange }: CompanyFilterProps) {
  const { t } = useTranslation();
  const companies = usePlaceNames('company', null);
  const options = companies.data ?? [];
  // Until the names arrive the chosen company reads "Loading"; once they have, a company not among
  // them reads as no filter.
  const unnamed = companies.isSuccess && !options.some((company) => company.id === value);
  return (
    <FilterSelect
      label={t('micrometers.filters.company')}
      value={unnamed ? null : value}
      options={options.map((company) => ({ id: company.id, label: company.name }))}
      onChange={onChange}
      allLabel={t('micrometers.filters.all')}
      unknownLabel={companies.isSuccess ? undefined : () => t('common.loading')}
      testId="filter-company"
    />
  );
}

export type MicrometerFiltersBarProps = {
  filters: readonly MicrometerFilter[];
  values: MicrometerFilters;
  onFilter: (name: MicrometerFilter, id: number | null) => void;
  search: ListSearch;
};

export function MicrometerFiltersBar({
  filters,
  values,
  onFilter,
  search,
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
      <ListSearchField
        label={t('micrometers.filters.search')}
        search={search}
        sx={{ '&&': { flex: { xs: '1 1 100%', sm: '2 1 260px' } } }}
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
