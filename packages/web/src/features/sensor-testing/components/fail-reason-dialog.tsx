// Asks why a micrometer failed on the bench (required, at most 500 characters) before the
// failure is recorded.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const REASON_MAX_LENGTH = 500;

export type FailReasonDialogProps = {
  open: boolean;
  mac: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** After the dialog has fully closed (focus may move elsewhere only then). */
  onExited?: () => void;
};

export function FailReasonDialog({
  open,
  mac,
  busy,
  onConfirm,
  onCancel,
  onExited,
}: FailReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setTouched(false);
    }
  }, [open]);
  const trimmed = reason.trim();
  const problem =
    trimmed === ''
      ? t('sensorTesting.fail.required')
      : trimmed.length > REASON_MAX_LENGTH
        ? t('sensorTesting.fail.tooLong', { max: REASON_MAX_LENGTH })
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem === null) onConfirm(trimmed);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="xs"
      disableRestoreFocus
      slotProps={{ transition: { onExited } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('sensorTesting.fail.title', { mac })}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('sensorTesting.fail.reason')}
            placeholder={t('sensorTesting.fail.placeholder')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && problem !== null}
            helperText={
              touched && problem !== null
                ? problem
                : t('sensorTesting.fail.count', { count: trimmed.length, max: REASON_MAX_LENGTH })
            }
            multiline
            minRows={3}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onCancel} disabled={busy} size="large">
            {t('sensorTesting.fail.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy} size="large">
            {t('sensorTesting.fail.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
