// Two date fields, from and to (local calendar dates, inclusive), side by side from the sm
// breakpoint and stacked on phones. The caller validates and passes the message of the field to
// fix; the fields only report what was typed.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { LocalDateRange } from '@/lib/local-date-range';

export type DateRangeFieldsProps = {
  value: LocalDateRange;
  onChange: (range: LocalDateRange) => void;
  fromLabel: string;
  toLabel: string;
  /** The message under the field that needs fixing, if any. */
  fromError?: string;
  toError?: string;
  size?: 'small' | 'medium';
  'data-testid'?: string;
};

export function DateRangeFields({
  value,
  onChange,
  fromLabel,
  toLabel,
  fromError,
  toError,
  size = 'medium',
  'data-testid': testId,
}: DateRangeFieldsProps) {
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}
    >
      <TextField
        type="date"
        label={fromLabel}
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
        error={fromError !== undefined}
        helperText={fromError}
        size={size}
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'range-from' } }}
      />
      <TextField
        type="date"
        label={toLabel}
        value={value.to}
        onChange={(event) => onChange({ ...value, to: event.target.value })}
        error={toError !== undefined}
        helperText={toError}
        size={size}
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'range-to' } }}
      />
    </Box>
  );
}
