// From/to dates of a breakdown. The address keeps a valid pair; a pair the API would refuse
// (from after to, more than 366 days, not a date) stays in the fields with the reason below.
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/date-input';
import { type DateRangeProblem, dateRangeProblem } from '../utils/date-range';

const problemKeys = {
  invalidFrom: 'usage.range.invalidFrom',
  invalidTo: 'usage.range.invalidTo',
  fromAfterTo: 'usage.range.fromAfterTo',
  tooLong: 'usage.range.tooLong',
} as const satisfies Record<DateRangeProblem, string>;

export type DateRangeFilterProps = {
  /** The dates in the address ('' when not set). */
  from: string;
  to: string;
  /** The range the API answered for (shown while the address has none). */
  effective?: { from: string; to: string };
  onChange: (range: { from: string; to: string }) => void;
};

export function DateRangeFilter({ from, to, effective, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const shown = draft ?? {
    from: from !== '' ? from : (effective?.from ?? ''),
    to: to !== '' ? to : (effective?.to ?? ''),
  };
  const problem = dateRangeProblem(shown.from, shown.to);

  const change = (field: 'from' | 'to', value: string) => {
    const next = { ...shown, [field]: value };
    if (next.from !== '' && next.to !== '' && dateRangeProblem(next.from, next.to) === null) {
      setDraft(null);
      onChange(next);
    } else {
      setDraft(next);
    }
  };

  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <DateInput
          size="small"
          label={t('usage.range.from')}
          value={shown.from}
          onChange={(value) => change('from', value)}
          error={problem !== null && problem !== 'invalidTo'}
          describedBy={problem === null ? undefined : errorId}
          data-testid="range-from"
          sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}
        />
        <DateInput
          size="small"
          label={t('usage.range.to')}
          value={shown.to}
          onChange={(value) => change('to', value)}
          error={problem !== null && problem !== 'invalidFrom'}
          describedBy={problem === null ? undefined : errorId}
          data-testid="range-to"
          sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}
        />
        {(from !== '' || to !== '' || draft !== null) && (
          <Button
            size="small"
            onClick={() => {
              setDraft(null);
              onChange({ from: '', to: '' });
            }}
          >
            {t('usage.range.reset')}
          </Button>
        )}
      </Stack>
      {problem !== null && (
        <FormHelperText error id={errorId} role="alert" data-testid="range-error">
          {t(problemKeys[problem])}
        </FormHelperText>
      )}
    </Stack>
  );
}
