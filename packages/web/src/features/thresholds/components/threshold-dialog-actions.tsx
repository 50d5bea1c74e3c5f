// The actions row of the threshold dialogs: "use the default" (when the company has its own
// value), then Cancel and Save, which stay together when a narrow dialog wraps the row.
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

export type ThresholdDialogActionsProps = {
  /** The label and action of the reset button; none when the default already applies. */
  reset: { label: string; onClick: () => void; testId: string } | null;
  pending: boolean;
  unchanged: boolean;
  onClose: () => void;
  saveTestId: string;
};

export function ThresholdDialogActions({
  reset,
  pending,
  unchanged,
  onClose,
  saveTestId,
}: ThresholdDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions disableSpacing sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
      {reset && (
        <Button
          color="warning"
          onClick={reset.onClick}
          disabled={pending}
          data-testid={reset.testId}
        >
          {reset.label}
        </Button>
      )}
      <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
        <Button onClick={onClose} disabled={pending}>
          {t('thresholds.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={unchanged || pending}
          data-testid={saveTestId}
        >
          {t('thresholds.save')}
        </Button>
      </Stack>
    </DialogActions>
  );
}
