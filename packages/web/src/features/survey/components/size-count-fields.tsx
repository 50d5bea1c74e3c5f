// A count field per micrometer size, in a grid (two columns on a phone, three wider), each with
// its own error; the DX plan and the shipment forms share it.
import { micrometerSizes } from '@flowsight/domain/survey';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SizeCountErrors, SizeCountTexts } from '../utils/size-counts';

export type SizeCountFieldsProps = {
  counts: SizeCountTexts;
  errors: SizeCountErrors;
  onChange: (counts: SizeCountTexts) => void;
  /** Prefix of each field's test id (`${testId}-${size}`). */
  testId: string;
};

export function SizeCountFields({ counts, errors, onChange, testId }: SizeCountFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
      }}
    >
      {micrometerSizes.map((size) => {
        const error = errors[size];
        return (
          <TextField
            key={size}
            label={t('survey.sizeLabel', { size })}
            value={counts[size]}
            onChange={(event) => onChange({ ...counts, [size]: event.target.value })}
            error={error !== undefined}
            helperText={error === undefined ? undefined : t(`survey.${error}`)}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${testId}-${size}` } }}
          />
        );
      })}
    </Box>
  );
}
