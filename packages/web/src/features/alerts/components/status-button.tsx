// The two small status buttons an alert is worked with outside its dialog: "On it" (acknowledge,
// in warning colour) and "Fixed it" (close, in success colour), on a leak in the bell's pop-up and
// on the list's selection.

import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

const looks = {
  onIt: { label: 'alerts.onIt', color: 'warning' },
  fixedIt: { label: 'alerts.fixedIt', color: 'success' },
} as const;

export type StatusButtonProps = {
  action: keyof typeof looks;
  variant: 'outlined' | 'contained';
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
};

export function StatusButton({ action, variant, onClick, disabled, testId }: StatusButtonProps) {
  const { t } = useTranslation();
  const look = looks[action];
  return (
    <Button
      size="small"
      variant={variant}
      color={look.color}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {t(look.label)}
    </Button>
  );
}
