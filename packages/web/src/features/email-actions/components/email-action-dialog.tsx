// Asks before an emailed action changes anything (spec section 2, confirmation dialog: title
// 'Confirmation', Ok and Cancel, at most 400 px wide). "On it" says that acknowledging stops the
// reminders; "Fixed it" asks for a note (label 'Note', placeholder 'Please enter note', 5 rows),
// trimmed and given as undefined when empty.
import { CONFIRMATION_DIALOG_MAX_WIDTH } from '@flowsight/domain/constants';
import { NotificationStatus } from '@flowsight/domain/lookups';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type EmailActionDialogProps = {
  open: boolean;
  /** 2 "On it" or 3 "Fixed it". */
  status: number;
  busy: boolean;
  onConfirm: (note: string | undefined) => void;
  onCancel: () => void;
};

export function EmailActionDialog({
  open,
  status,
  busy,
  onConfirm,
  onCancel,
}: EmailActionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [note, setNote] = useState('');
  const fixing = status === NotificationStatus.Closed;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { width: '100%', maxWidth: CONFIRMATION_DIALOG_MAX_WIDTH, mx: 2 } },
        transition: { onExited: () => setNote('') },
      }}
    >
      <DialogTitle id={titleId}>{t('confirmation.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {fixing ? t('emailActions.dialog.fixedItText') : t('emailActions.dialog.onItText')}
        </DialogContentText>
        {fixing && (
          <TextField
            fullWidth
            multiline
            rows={5}
            margin="normal"
            label={t('emailActions.dialog.noteLabel')}
            placeholder={t('emailActions.dialog.notePlaceholder')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 2000 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('confirmation.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={busy}
          onClick={() => onConfirm(note.trim() === '' ? undefined : note.trim())}
        >
          {t('confirmation.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
