// A person's notification contacts: where alerts of their company (or a place in it) go, by
// email or SMS, and for an SMS contact what became of its last alert text. Lists them for anyone
// who may read them; adds, edits and deletes when `editable`.
import { NotificationMethod } from '@flowsight/domain/lookups';
import { e164PhoneNumber } from '@flowsight/domain/phone-numbers';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { displayDate } from '@/lib/display-date';
import { useCreateNotificationContact } from '../api/create-notification-contact';
import { useDeleteNotificationContact } from '../api/delete-notification-contact';
import {
  type NotificationContact,
  useNotificationContacts,
} from '../api/get-notification-contacts';
import { useUpdateNotificationContact } from '../api/update-notification-contact';

type Method = 1 | 2;
type Draft = { method: Method; destination: string; enabled: boolean; companyId: string };

export type NotificationContactsPanelProps = {
  userId: number;
  editable: boolean;
  /** The company new contacts belong to (company roles); null lets the caller type one. */
  companyId: number | null;
};

const asMethod = (id: number): Method =>
  id === NotificationMethod.Sms ? NotificationMethod.Sms : NotificationMethod.Email;

function placeOf(contact: NotificationContact): string {
  return [contact.company_name, contact.property_name, contact.building_name, contact.unit_name]
    .filter((part): part is string => part !== null && part !== '')
    .join(', ');
}

type LastTextProps = { lastText: NonNullable<NotificationContact['last_text']> };

/** What became of the contact's last alert text, in one line (red when it failed). */
function LastText({ lastText }: LastTextProps) {
  const { t, i18n } = useTranslation();
  const error = lastText.error ?? '';
  const line =
    lastText.status === 'sent'
      ? t('users.contacts.lastText.sent', { when: displayDate(lastText.at, i18n.language) })
      : lastText.status === 'failed'
        ? t('users.contacts.lastText.failed', { error })
        : error === ''
          ? t('users.contacts.lastText.sending')
          : t('users.contacts.lastText.retrying', { error });
  return (
    <Typography
      component="span"
      variant="body2"
      data-testid="contact-last-text"
      sx={{ display: 'block', color: lastText.status === 'failed' ? 'error.main' : undefined }}
    >
      {line}
    </Typography>
  );
}

type ContactFormProps = {
  initial: Draft;
  askCompany: boolean;
  busy: boolean;
  error: unknown;
  onSubmit: (draft: Draft) => void;
  onCancel?: () => void;
};

function ContactForm({ initial, askCompany, busy, error, onSubmit, onCancel }: ContactFormProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const destinationMissing = draft.destination.trim() === '';
  const phoneInvalid =
    !destinationMissing &&
    draft.method === NotificationMethod.Sms &&
    e164PhoneNumber(draft.destination) === null;
  const companyInvalid = askCompany && !(Number(draft.companyId) > 0);
  const destinationProblem = !submitted
    ? undefined
    : destinationMissing
      ? t('users.contacts.destinationRequired')
      : phoneInvalid
        ? t('users.contacts.phoneInvalid')
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (destinationMissing || phoneInvalid || companyInvalid) return;
    onSubmit(draft);
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="contact-form">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <TextField
          select
          label={t('users.contacts.method')}
          value={draft.method}
          onChange={(event) => setDraft({ ...draft, method: asMethod(Number(event.target.value)) })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value={NotificationMethod.Email}>{t('users.contacts.methods.email')}</MenuItem>
          <MenuItem value={NotificationMethod.Sms}>{t('users.contacts.methods.sms')}</MenuItem>
        </TextField>
        <TextField
          fullWidth
          required
          label={t('users.contacts.destination')}
          value={draft.destination}
          type={draft.method === NotificationMethod.Email ? 'email' : 'tel'}
          onChange={(event) => setDraft({ ...draft, destination: event.target.value })}
          error={destinationProblem !== undefined}
          helperText={destinationProblem}
        />
        {askCompany && (
          <TextField
            required
            label={t('users.fields.companyId')}
            value={draft.companyId}
            onChange={(event) => setDraft({ ...draft, companyId: event.target.value })}
            error={submitted && companyInvalid}
            helperText={submitted && companyInvalid ? t('users.idInvalid') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ minWidth: 140 }}
          />
        )}
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={draft.enabled}
            onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
          />
        }
        label={t('users.contacts.enabled')}
      />
      {error !== null && (
        <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
          {errorMessages(error).map(translate).join('\n')}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={busy}>
          {t('users.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('users.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}

export function NotificationContactsPanel({
  userId,
  editable,
  companyId,
}: NotificationContactsPanelProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const contacts = useNotificationContacts(userId);
  const createContact = useCreateNotificationContact();
  const updateContact = useUpdateNotificationContact();
  const deleteContact = useDeleteNotificationContact();
  const [editing, setEditing] = useState<NotificationContact | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<NotificationContact | null>(null);

  const saved = () => {
    showMessage(t('users.contacts.saved'));
    setEditing(null);
  };

  const submit = (draft: Draft) => {
    if (editing === 'new') {
      createContact.mutate(
        {
          userId,
          contact: {
            company_id: companyId ?? Number(draft.companyId),
            notification_method_id: draft.method,
            destination: draft.destination.trim(),
            enabled: draft.enabled,
          },
        },
        { onSuccess: saved },
      );
    } else if (editing !== null) {
      updateContact.mutate(
        {
          userId,
          contactId: editing.id,
          changes: {
            notification_method_id: draft.method,
            destination: draft.destination.trim(),
            enabled: draft.enabled,
          },
        },
        { onSuccess: saved },
      );
    }
  };

  const confirmDelete = () => {
    if (toDelete === null) return;
    deleteContact.mutate(
      { userId, contactId: toDelete.id },
      {
        onSuccess: (answer) => showMessage(translate(answer.message)),
        onError: (error) => showMessage(errorMessages(error).map(translate).join('\n'), 'error'),
        onSettled: () => setToDelete(null),
      },
    );
  };

  return (
    <Box data-testid="notification-contacts">
      {contacts.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {contacts.isError && (
        <Alert severity="error">{errorMessages(contacts.error).map(translate).join('\n')}</Alert>
      )}
      {contacts.data?.length === 0 && (
        <Typography sx={{ color: 'text.secondary', py: 1 }}>{t('users.contacts.empty')}</Typography>
      )}
      {contacts.data !== undefined && contacts.data.length > 0 && (
        <List dense disablePadding>
          {contacts.data.map((contact) => (
            <ListItem
              key={contact.id}
              divider
              secondaryAction={
                editable && (
                  <Stack direction="row">
                    <IconButton
                      aria-label={t('users.contacts.editLabel', {
                        destination: contact.destination,
                      })}
                      onClick={() => setEditing(contact)}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton
                      edge="end"
                      aria-label={t('users.contacts.deleteLabel', {
                        destination: contact.destination,
                      })}
                      onClick={() => setToDelete(contact)}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </Stack>
                )
              }
              sx={{ pr: editable ? 12 : 2 }}
            >
              <ListItemText
                primary={
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                      {contact.destination}
                    </Box>
                    <Chip
                      size="small"
                      label={
                        contact.notification_method_id === NotificationMethod.Sms
                          ? t('users.contacts.methods.sms')
                          : t('users.contacts.methods.email')
                      }
                    />
                    <Chip
                      size="small"
                      variant="outlined"
                      color={contact.enabled ? 'success' : 'default'}
                      label={contact.enabled ? t('users.contacts.on') : t('users.contacts.off')}
                    />
                  </Stack>
                }
                secondary={
                  <>
                    {placeOf(contact)}
                    {contact.last_text && <LastText lastText={contact.last_text} />}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {editable && editing === null && (
        <Button variant="outlined" onClick={() => setEditing('new')} sx={{ mt: 2 }}>
          {t('users.contacts.add')}
        </Button>
      )}
      {editable && editing !== null && (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 2 }}>
            {editing === 'new' ? t('users.contacts.add') : t('users.contacts.edit')}
          </Typography>
          <ContactForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={
              editing === 'new'
                ? {
                    method: NotificationMethod.Email,
                    destination: '',
                    enabled: true,
                    companyId: '',
                  }
                : {
                    method: asMethod(editing.notification_method_id),
                    destination: editing.destination,
                    enabled: editing.enabled,
                    companyId: String(editing.company_id),
                  }
            }
            askCompany={editing === 'new' && companyId === null}
            busy={createContact.isPending || updateContact.isPending}
            error={editing === 'new' ? createContact.error : updateContact.error}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
          />
        </Paper>
      )}
      <ConfirmationDialog
        open={toDelete !== null}
        text={t('users.contacts.deleteConfirm', { destination: toDelete?.destination ?? '' })}
        busy={deleteContact.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}
