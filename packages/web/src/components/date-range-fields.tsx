// Two date fields, from and to (local calendar dates, inclusive), side by side from the sm
// breakpoint and stacked on phones. The caller validates and passes the message of the field to
// fix; the fields only report what was typed (`NOT_A_DATE` while it is not a date).
import Box from '@mui/material/Box';
import type { LocalDateRange } from '@/lib/local-date-range';
import { DateInput } from './date-input';

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
      <DateInput
        label={fromLabel}
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
        error={fromError !== undefined}
        helperText={fromError}
        size={size}
        required
        data-testid="range-from"
      />
      <DateInput
        label={toLabel}
        value={value.to}
        onChange={(to) => onChange({ ...value, to })}
        error={toError !== undefined}
        helperText={toError}
        size={size}
        required
        data-testid="range-to"
      />
    </Box>
  );
}
