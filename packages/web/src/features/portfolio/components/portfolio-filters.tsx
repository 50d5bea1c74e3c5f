// A portfolio list's filters bar: the search (written to the address once typing pauses, by the
// list), the list's lookup filters, and its buttons (e.g. "New property") at the end.
import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
  searchText: string;
  onSearchText: (text: string) => void;
  actions?: ReactNode;
};

export function PortfolioFilters({
  filters,
  values,
  onFilter,
  searchLabel,
  searchText,
  onSearchText,
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
      <TextField
        type="search"
        label={searchLabel}
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
        sx={{ flex: 2, minWidth: 0 }}
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
      {filters.map((filter) => (
        <TextField
          key={filter.field}
          select
          label={filter.label}
          value={values[filter.field] ?? ''}
          onChange={(event) => onFilter(filter.field, event.target.value)}
          sx={{ flex: 1, minWidth: 170 }}
          data-testid={`filter-${filter.field}`}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('portfolio.list.all')}</MenuItem>
          {filter.options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {actions}
    </Stack>
  );
}
