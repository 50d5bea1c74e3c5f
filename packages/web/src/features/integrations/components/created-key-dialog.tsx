// The one time a new integration key is visible: the key in full with a copy button and a plain
// warning that it will not be shown again (the server keeps only its hash).
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedIntegrationKey } from '../api/create-integration-key';

export type CreatedKeyDialogProps = {
  created: CreatedIntegrationKey | null;
  onClose: () => void;
};

export function CreatedKeyDialog({ created, onClose }: CreatedKeyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
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
    <Dialog
      open={created !== null}
      // Only the button closes it: a stray click outside must not lose the key.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="created-key-dialog"
      slotProps={{ transition: { onExited: () => setCopy('idle') } }}
    >
      <DialogTitle id={titleId}>{t('integrations.created.title')}</DialogTitle>
      <DialogContent>
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
      </DialogContent>
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
    </Dialog>
  );
}
