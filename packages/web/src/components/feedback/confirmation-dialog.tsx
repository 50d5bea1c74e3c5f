// The shared "are you sure?" dialog (spec section 2, "Dialogs"): title 'Confirmation', text
// 'Are you sure?', Ok and Cancel, an optional note ('General Note') that is trimmed and given as
// undefined when empty; at most 400 px wide.
import { CONFIRMATION_DIALOG_MAX_WIDTH } from '@flowsight/domain/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmationDialogProps = {
  open: boolean;
  title?: string;
  text?: string;
  okLabel?: string;
  cancelLabel?: string;
  /** Shows a free-text note field; its trimmed value (or undefined) is given to `onConfirm`. */
  withNote?: boolean;
  notePlaceholder?: string;
  busy?: boolean;
  onConfirm: (note: string | undefined) => void;
  onCancel: () => void;
};

/** The note as the caller receives it: trimmed, and undefined when nothing is left. */
export function confirmationNote(raw: string): string | undefined {
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function ConfirmationDialog({
  open,
  title,
  text,
  okLabel,
  cancelLabel,
  withNote = false,
  notePlaceholder,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmationDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [note, setNote] = useState('');

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { width: '100%', maxWidth: CONFIRMATION_DIALOG_MAX_WIDTH } },
        transition: { onExited: () => setNote('') },
      }}
    >
      <DialogTitle id={titleId}>{title ?? t('confirmation.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text ?? t('confirmation.text')}</DialogContentText>
        {withNote && (
          <TextField
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={notePlaceholder ?? t('confirmation.notePlaceholder')}
            slotProps={{ htmlInput: { 'aria-label': t('confirmation.noteLabel') } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel ?? t('confirmation.cancel')}</Button>
        <Button
          variant="contained"
          loading={busy}
          onClick={() => onConfirm(confirmationNote(note))}
        >
          {okLabel ?? t('confirmation.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
