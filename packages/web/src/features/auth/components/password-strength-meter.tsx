import {
  type PasswordStrength,
  passwordStrength,
  strengthBars,
} from '@flowsight/domain/password-rules';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const BAR_COUNT = 3;

const labelKeys = {
  Poor: 'auth.strength.poor',
  Weak: 'auth.strength.weak',
  Strong: 'auth.strength.strong',
} as const satisfies Record<PasswordStrength['label'], string>;

const barColors = {
  Poor: 'error.main',
  Weak: 'warning.main',
  Strong: 'success.main',
} as const satisfies Record<PasswordStrength['label'], string>;

export type PasswordStrengthMeterProps = {
  password: string;
};

/** The 3-bar strength meter of spec section 5, with its Poor / Weak / Strong label. */
export function PasswordStrengthMeter({ password }: PasswordStrengthMeterProps) {
  const { t } = useTranslation();
  if (password === '') return null;

  const { score, label } = passwordStrength(password);
  const lit = strengthBars(score);
  return (
    <Stack
      direction="row"
      spacing={1.5}
      data-testid="password-strength"
      data-strength={label}
      sx={{ alignItems: 'center', mt: -1 }}
    >
      <Stack direction="row" spacing={0.75} aria-hidden sx={{ flex: 1 }}>
        {Array.from({ length: BAR_COUNT }, (_, index) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are fixed positions.
            key={index}
            data-lit={index < lit}
            sx={{
              flex: 1,
              height: 6,
              borderRadius: 3,
              bgcolor: index < lit ? barColors[label] : 'action.selected',
              transition: 'background-color 150ms',
            }}
          />
        ))}
      </Stack>
      <Typography
        variant="caption"
        aria-live="polite"
        sx={{ minWidth: 96, textAlign: 'right', color: 'text.secondary', fontWeight: 600 }}
      >
        {t('auth.strength.label', { strength: t(labelKeys[label]) })}
      </Typography>
    </Stack>
  );
}
