// The list kit's filter fields, shared by every list's filters bar: the search box (the page writes
// its text to the address once typing pauses) and the one-choice select with its "all" entry.
import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ListSearch } from '@/lib/use-list-search';

type FieldSize = TextFieldProps['size'];

/** In a filters row the search takes twice a filter's room and may shrink below its text. */
const SEARCH_IN_ROW: SxProps<Theme> = { flex: 2, minWidth: 0 };

const searchAdornment = (
  <InputAdornment position="start">
    <SearchRounded />
  </InputAdornment>
);

export type ListSearchFieldProps = {
  label: string;
  search: ListSearch;
  /** Set on the input element, where typing goes. */
  testId?: string;
  /** Shown in the empty box; the label then stays above the box so the hint can be read. */
  placeholder?: string;
  size?: FieldSize;
  /** Defaults to the filters row's share (`flex: 2`). */
  sx?: SxProps<Theme>;
  className?: string;
};

export function ListSearchField({
  label,
  search,
  testId,
  placeholder,
  size,
  sx = SEARCH_IN_ROW,
  className,
}: ListSearchFieldProps) {
  return (
    <TextField
      type="search"
      className={className}
      size={size}
      label={label}
      placeholder={placeholder}
      value={search.text}
      onChange={(event) => search.setText(event.target.value)}
      sx={sx}
      slotProps={{
        input: { startAdornment: searchAdornment },
        ...(placeholder === undefined ? {} : { inputLabel: { shrink: true } }),
        ...(testId === undefined ? {} : { htmlInput: { 'data-testid': testId } }),
      }}
    />
  );
}

/** An entry of a select filter, in the shape the lookups' option hooks give. */
export type FilterOption<V extends string | number> = { id: V; label: string };

export type FilterSelectProps<V extends string | number> = {
  label: string;
  /** The chosen option; `null` is "all". */
  value: V | null;
  options: readonly FilterOption<V>[];
  onChange: (value: V | null) => void;
  /** The first entry, choosing no filter. */
  allLabel: string;
  /**
   * The entry for a chosen value that is not among the options (e.g. an id from the address the
   * caller cannot name), listed after them; without it such a value shows an empty field.
   */
  unknownLabel?: (value: V) => string;
  /** Set on the field's root element. */
  testId: string;
  size?: FieldSize;
  sx?: SxProps<Theme>;
  className?: string;
};

const selectSlots = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

export function FilterSelect<V extends string | number>({
  label,
  value,
  options,
  onChange,
  allLabel,
  unknownLabel,
  testId,
  size,
  sx,
  className,
}: FilterSelectProps<V>) {
  const known = (chosen: unknown) => options.find((option) => String(option.id) === String(chosen));
  const unknownValue = value !== null && known(value) === undefined ? value : null;
  return (
    <TextField
      select
      className={className}
      size={size}
      label={label}
      value={value ?? ''}
      // The select hands back the chosen entry's value: '' for "all", else an option's or the
      // unknown entry's (the current value).
      onChange={(event) =>
        onChange(event.target.value === '' ? null : (known(event.target.value)?.id ?? value))
      }
      sx={sx}
      data-testid={testId}
      slotProps={selectSlots}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.label}
        </MenuItem>
      ))}
      {unknownValue !== null && unknownLabel !== undefined && (
        <MenuItem value={unknownValue}>{unknownLabel(unknownValue)}</MenuItem>
      )}
    </TextField>
  );
}
