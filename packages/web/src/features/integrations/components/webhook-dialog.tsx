// Adding a webhook (its URL, a description and the events it takes) or changing one (the same,
// and whether it is on). The server's refusal (an address it will not call, say) shows in the
// dialog, which stays open to correct it.
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, FormDialogActions } from '@/components/dialogs/form-dialog';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { type Webhook, type WebhookEventType, webhookEventTypes } from '../api/get-webhooks';
import { type CreatedWebhook, useCreateWebhook, useUpdateWebhook } from '../api/webhook-changes';

// The server allows 2,000 characters of URL and 200 of description (webhooks schemas).
const URL_MAX = 2000;
const DESCRIPTION_MAX = 200;

export type WebhookDialogProps = {
  open: boolean;
  companyId: number;
  /** The endpoint to change; null adds one. */
  editing: Webhook | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhook) => void;
  onSaved: () => void;
};

export function WebhookDialog(props: WebhookDialogProps) {
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="sm"
      data-testid="webhook-dialog"
    >
      {/* Keyed so each opening starts from the endpoint's own values. */}
      <WebhookForm key={props.editing?.id ?? 'new'} {...props} />
    </FormDialog>
  );
}

function WebhookForm({ companyId, editing, onClose, onCreated, onSaved }: WebhookDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const call = editing === null ? create : update;
  const [url, setUrl] = useState(editing?.url ?? 'https://');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(
    editing ? [...editing.events] : ['alert.opened'],
  );
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [touched, setTouched] = useState(false);
  const trimmed = url.trim();
  const urlProblem =
    trimmed === '' || trimmed === 'https://'
      ? t('integrations.webhooks.form.urlRequired')
      : !/^https?:\/\/\S+$/i.test(trimmed)
        ? t('integrations.webhooks.form.urlInvalid')
        : trimmed.length > URL_MAX
          ? t('integrations.webhooks.form.urlTooLong', { max: URL_MAX })
          : null;
  const eventsProblem = events.length === 0 ? t('integrations.webhooks.form.eventsRequired') : null;

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) =>
      webhookEventTypes.filter((candidate) =>
        candidate === type ? on : current.includes(candidate),
      ),
    );

  const submit = () => {
    setTouched(true);
    if (urlProblem !== null || eventsProblem !== null) return;
    const body = { url: trimmed, description: description.trim(), events };
    if (editing === null) create.mutate({ companyId, body }, { onSuccess: onCreated });
    else update.mutate({ id: editing.id, body: { ...body, enabled } }, { onSuccess: onSaved });
  };

  return (
    <DialogForm
      title={t(
        editing === null
          ? 'integrations.webhooks.form.addTitle'
          : 'integrations.webhooks.form.editTitle',
      )}
      onSubmit={submit}
      autoComplete="off"
      actions={
        <FormDialogActions
          cancelLabel={t('integrations.webhooks.form.cancel')}
          submitLabel={t(
            editing === null ? 'integrations.webhooks.form.add' : 'integrations.webhooks.form.save',
          )}
          onCancel={onClose}
          busy={call.isPending}
          submitTestId="webhook-submit"
        />
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{t('integrations.webhooks.form.intro')}</DialogContentText>
      {call.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="webhook-form-error">
          {errorMessages(call.error).map(translate).join(' ')}
        </Alert>
      )}
      <TextField
        autoFocus
        fullWidth
        required
        type="url"
        label={t('integrations.webhooks.form.url')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && urlProblem !== null}
        helperText={
          touched && urlProblem !== null ? urlProblem : t('integrations.webhooks.form.urlHelp')
        }
        slotProps={{ htmlInput: { 'data-testid': 'webhook-url', maxLength: URL_MAX } }}
      />
      <TextField
        fullWidth
        label={t('integrations.webhooks.form.description')}
        placeholder={t('integrations.webhooks.form.descriptionPlaceholder')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        sx={{ mt: 2 }}
        slotProps={{
          htmlInput: { 'data-testid': 'webhook-description', maxLength: DESCRIPTION_MAX },
        }}
      />
      <FormControl
        component="fieldset"
        error={touched && eventsProblem !== null}
        sx={{ mt: 2, display: 'block' }}
      >
        <FormLabel component="legend">{t('integrations.webhooks.form.events')}</FormLabel>
        <FormGroup>
          {webhookEventTypes.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  checked={events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                  slotProps={{ input: { 'data-testid': `webhook-event-${type}` } as object }}
                />
              }
              label={t(eventLabelKey(type) ?? 'integrations.webhooks.events.test')}
            />
          ))}
        </FormGroup>
        {touched && eventsProblem !== null && <FormHelperText>{eventsProblem}</FormHelperText>}
      </FormControl>
      {editing !== null && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'webhook-enabled' } as object }}
            />
          }
          label={t('integrations.webhooks.form.enabled')}
        />
      )}
    </DialogForm>
  );
}

const eventKeys = {
  'alert.opened': 'opened',
  'alert.acknowledged': 'acknowledged',
  'alert.closed': 'closed',
  'alert.escalated': 'escalated',
  'webhook.test': 'test',
} as const;
type EventKey = (typeof eventKeys)[keyof typeof eventKeys];

/** The catalogue key naming an event (`alert.opened` → "Alert opened"); null for one unknown. */
export function eventLabelKey(type: string) {
  const key = (eventKeys as Record<string, EventKey | undefined>)[type];
  return key === undefined ? null : (`integrations.webhooks.events.${key}` as const);
}
