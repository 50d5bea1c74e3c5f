// "Export All to CSV" (spec sections 2, 5 and 8; system roles): tick the data sets, press Export,
// and each one downloads as its own CSV file with dates in the browser's time zone. Export stays
// disabled until a set is ticked. Success says 'All files were downloaded successfully'; a failure
// shows the server's message, else 'An error has occurred', and keeps the dialog open to retry.
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, FormDialogActions } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { ApiError } from '@/lib/api-error';
import { browserTimeZone } from '@/lib/download-file';
import { useExportAll } from '../api/export-all';
import { type ExportSetId, exportSets } from '../utils/export-sets';

export type ExportAllDialogProps = {
  open: boolean;
  onClose: () => void;
};

export function ExportAllDialog({ open, onClose }: ExportAllDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const exportAll = useExportAll();
  const [chosen, setChosen] = useState<ReadonlySet<ExportSetId>>(new Set());
  const timeZone = browserTimeZone();

  const allChosen = chosen.size === exportSets.length;
  const toggle = (id: ExportSetId, on: boolean) =>
    setChosen((before) => {
      const after = new Set(before);
      if (on) after.add(id);
      else after.delete(id);
      return after;
    });

  const submit = () => {
    exportAll.mutate(
      { sets: [...chosen], timeZone },
      {
        onSuccess: () => {
          showMessage(t('exportAll.success'), 'success');
          setChosen(new Set());
          onClose();
        },
        onError: (error) => {
          const texts = error instanceof ApiError ? error.messages : [];
          showMessage(
            texts.length > 0 ? texts.map(translate).join('\n') : t('exportAll.failed'),
            'error',
          );
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={exportAll.isPending}
      maxWidth="xs"
      data-testid="export-all-dialog"
    >
      <DialogForm
        title={t('exportAll.title')}
        onSubmit={submit}
        actions={
          <FormDialogActions
            cancelLabel={t('exportAll.cancel')}
            submitLabel={t('exportAll.submit')}
            onCancel={onClose}
            submitDisabled={chosen.size === 0}
            submitTestId="export-all-submit"
          />
        }
      >
        <DialogContentText sx={{ mb: 2 }}>{t('exportAll.intro', { timeZone })}</DialogContentText>
        <FormControl
          component="fieldset"
          variant="standard"
          fullWidth
          disabled={exportAll.isPending}
        >
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            {t('exportAll.legend')}
          </FormLabel>
          <FormControlLabel
            label={t('exportAll.selectAll')}
            control={
              <Checkbox
                checked={allChosen}
                indeterminate={chosen.size > 0 && !allChosen}
                onChange={(event) =>
                  setChosen(new Set(event.target.checked ? exportSets.map((set) => set.id) : []))
                }
              />
            }
          />
          <Divider />
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {exportSets.map((set) => (
              <FormControlLabel
                key={set.id}
                label={t(`exportAll.sets.${set.id}`)}
                control={
                  <Checkbox
                    checked={chosen.has(set.id)}
                    onChange={(event) => toggle(set.id, event.target.checked)}
                    data-testid={`export-set-${set.id}`}
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
      </DialogForm>
    </FormDialog>
  );
}
