// A portfolio list's filters bar: the search (written to the address once typing pauses, by the
// list), the list's lookup filters, and its buttons (e.g. "New property") at the end.
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearchField } from '@/components/data-table/filter-fields';
import type { ListSearch } from '@/lib/use-list-search';

export type PortfolioFilter = {
  /** The server field (`filter.<field>`), one of the list spec's filters. */
  field: string;
  label: string;
  options: readonly { id: number; label: string }[];
};

export type PortfolioFiltersProps = {
  filters: readonly PortfolioFilter[];
  /** The chosen option per field, as the address keeps it. */
  values: Record<string, string>;
  onFilter: (field: string, value: string) => void;
  searchLabel: string;
  search: ListSearch;
  actions?: ReactNode;
};

export function PortfolioFilters({
  filters,
  values,
  onFilter,
  searchLabel,
  search,
  actions,
}: PortfolioFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
    >
      <ListSearchField label={searchLabel} search={search} />
      {filters.map((filter) => (
        <FilterSelect
          key={filter.field}
          label={filter.label}
          value={values[filter.field] || null}
          // The address keeps the chosen id as text.
          options={filter.options.map((option) => ({
            id: String(option.id),
            label: option.label,
          }))}
          onChange={(value) => onFilter(filter.field, value ?? '')}
          allLabel={t('portfolio.list.all')}
          sx={{ flex: 1, minWidth: 170 }}
          testId={`filter-${filter.field}`}
        />
      ))}
      {actions}
    </Stack>
  );
}
