// The one time a webhook's signing secret is visible (when it is added or its secret rotated):
// the secret in full with a copy button and a plain warning that it will not be shown again.
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel, FormDialog } from '@/components/dialogs/form-dialog';

export type ShownSecret = { url: string; secret: string; rotated: boolean };

export function WebhookSecretDialog({
  shown,
  onClose,
}: {
  shown: ShownSecret | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copySecret = async () => {
    if (shown === null) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopy('copied');
    } catch {
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <FormDialog
      open={shown !== null}
      onClose={onClose}
      // A stray click outside must not lose the secret.
      backdropCloses={false}
      maxWidth="sm"
      data-testid="webhook-secret-dialog"
      onExited={() => setCopy('idle')}
    >
      <DialogPanel
        title={t(
          shown?.rotated
            ? 'integrations.webhooks.secret.rotatedTitle'
            : 'integrations.webhooks.secret.title',
        )}
      >
        <Stack spacing={2}>
          <Alert severity="warning">{t('integrations.webhooks.secret.warning')}</Alert>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {shown?.url}
          </Typography>
          <TextField
            label={t('integrations.webhooks.secret.label')}
            value={shown?.secret ?? ''}
            inputRef={field}
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': 'webhook-secret',
                style: { fontFamily: 'monospace', wordBreak: 'break-all' },
              },
            }}
            onFocus={(event) => event.target.select()}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('integrations.webhooks.secret.help')}
          </Typography>
          {copy === 'failed' && (
            <Alert severity="info">{t('integrations.created.copyFailed')}</Alert>
          )}
        </Stack>
      </DialogPanel>
      <DialogActions>
        <Button startIcon={<ContentCopyRounded />} onClick={() => void copySecret()}>
          {copy === 'copied' ? t('integrations.created.copied') : t('integrations.created.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-done">
          {t('integrations.created.done')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
