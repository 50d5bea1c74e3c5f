// An autocomplete over named records (`{ id, name }`): type to narrow, arrows and Enter to choose,
// Escape to close. The list is at most 10rem tall (spec section 9). The chosen id lives with the
// caller (usually the page's address), so the picker only reports changes.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

export type NamedRecord = { id: number; name: string };

export type RecordPickerProps = {
  label: string;
  options: readonly NamedRecord[];
  value: number | null;
  onChange: (id: number | null) => void;
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  loadingText: string;
  noOptionsText: string;
  /** Shown under the field, e.g. why it is disabled or what is wrong. */
  helperText?: string;
  error?: boolean;
  size?: 'small' | 'medium';
  'data-testid'?: string;
};

export function RecordPicker({
  label,
  options,
  value,
  onChange,
  loading = false,
  disabled = false,
  required = false,
  loadingText,
  noOptionsText,
  helperText,
  error = false,
  size = 'medium',
  'data-testid': testId,
}: RecordPickerProps) {
  return (
    <Autocomplete
      options={options}
      value={options.find((option) => option.id === value) ?? null}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={loading}
      disabled={disabled}
      loadingText={loadingText}
      noOptionsText={noOptionsText}
      size={size}
      fullWidth
      slotProps={{ listbox: { sx: { maxHeight: '10rem' } } }}
      data-testid={testId}
      renderInput={(params) => (
        <TextField
          {...params}
          // A chosen record whose name is still loading says so rather than looking unchosen.
          placeholder={value !== null && loading ? loadingText : undefined}
          slotProps={{
            ...params.slotProps,
            inputLabel: {
              ...params.slotProps.inputLabel,
              ...(value !== null && loading ? { shrink: true } : {}),
            },
          }}
          label={label}
          required={required}
          helperText={helperText}
          error={error}
        />
      )}
    />
  );
}
