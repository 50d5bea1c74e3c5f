// "Export All to CSV" (spec sections 2, 5 and 8; system roles): tick the data sets, press Export,
// and each one downloads as its own CSV file with dates in the browser's time zone. Export stays
// disabled until a set is ticked. Success says 'All files were downloaded successfully'; a failure
// shows the server's message, else 'An error has occurred', and keeps the dialog open to retry.
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const titleId = useId();
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

  const close = () => {
    if (exportAll.isPending) return;
    onClose();
  };

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
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="export-all-dialog"
    >
      <DialogTitle id={titleId}>{t('exportAll.title')}</DialogTitle>
      <DialogContent>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={exportAll.isPending}>
          {t('exportAll.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={chosen.size === 0}
          loading={exportAll.isPending}
          data-testid="export-all-submit"
        >
          {t('exportAll.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
