// The one time a new integration key is visible: the key in full with a copy button and a plain
// warning that it will not be shown again (the server keeps only its hash).
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel, FormDialog } from '@/components/dialogs/form-dialog';
import type { CreatedIntegrationKey } from '../api/create-integration-key';

export type CreatedKeyDialogProps = {
  created: CreatedIntegrationKey | null;
  onClose: () => void;
};

export function CreatedKeyDialog({ created, onClose }: CreatedKeyDialogProps) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copyKey = async () => {
    if (created === null) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopy('copied');
    } catch {
      // No clipboard (e.g. an insecure origin): select the text so it can be copied by hand.
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <FormDialog
      open={created !== null}
      onClose={onClose}
      // A stray click outside must not lose the key.
      backdropCloses={false}
      maxWidth="sm"
      data-testid="created-key-dialog"
      onExited={() => setCopy('idle')}
    >
      <DialogPanel title={t('integrations.created.title')}>
        <Stack spacing={2}>
          <Alert severity="warning" data-testid="created-key-warning">
            {t('integrations.created.warning')}
          </Alert>
          <TextField
            label={t('integrations.created.keyLabel', { name: created?.name ?? '' })}
            value={created?.key ?? ''}
            inputRef={field}
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': 'created-key',
                style: { fontFamily: 'monospace', wordBreak: 'break-all' },
              },
            }}
            onFocus={(event) => event.target.select()}
          />
          {copy === 'failed' && (
            <Alert severity="info">{t('integrations.created.copyFailed')}</Alert>
          )}
        </Stack>
      </DialogPanel>
      <DialogActions>
        <Button
          startIcon={<ContentCopyRounded />}
          onClick={() => void copyKey()}
          data-testid="copy-key"
        >
          {copy === 'copied' ? t('integrations.created.copied') : t('integrations.created.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('integrations.created.done')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
