// A company's outgoing webhooks on the integrations page: each endpoint as a card (its URL and
// description, the events it takes, on or off) with its actions — send a test now, see its
// deliveries with the receiver's answers, edit, rotate the signing secret, delete — and adding
// one, which shows its secret once. A system admin picks the company first; a company admin
// sees their own. Cards stack on a phone and every action is a button.
import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { ListPanel } from '@/components/list-panel';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useCompanyNames } from '@/lib/place-names';
import { useWebhooks, type Webhook } from '../api/get-webhooks';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  type WebhookTestResult,
} from '../api/webhook-changes';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { eventLabelKey, WebhookDialog } from './webhook-dialog';
import { type ShownSecret, WebhookSecretDialog } from './webhook-secret-dialog';

export type WebhooksSectionProps = {
  /** The company of a company admin; null: a system admin, who picks one. */
  fixedCompanyId: number | null;
};

export function WebhooksSection({ fixedCompanyId }: WebhooksSectionProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState('');
  const companies = useCompanyNames(fixedCompanyId === null);
  const companyId = fixedCompanyId ?? (picked === '' ? null : Number(picked));
  return (
    <Stack
      spacing={2}
      component="section"
      aria-labelledby="webhooks-title"
      data-testid="webhooks-section"
    >
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h2" id="webhooks-title" sx={{ fontSize: 22 }}>
          {t('integrations.webhooks.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('integrations.webhooks.intro')}
        </Typography>
      </Stack>
      {fixedCompanyId === null && (
        <TextField
          select
          label={t('integrations.webhooks.company')}
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          sx={{ maxWidth: { sm: 360 } }}
          helperText={companies.isError ? t('integrations.create.companiesError') : undefined}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'webhooks-company' },
          }}
        >
          <option value="">{t('integrations.webhooks.pickCompany')}</option>
          {(companies.data ?? []).map((company) => (
            <option key={company.id} value={String(company.id)}>
              {company.name}
            </option>
          ))}
        </TextField>
      )}
      {companyId === null ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="webhooks-pick">
          {t('integrations.webhooks.pickFirst')}
        </Typography>
      ) : (
        <CompanyWebhooks key={companyId} companyId={companyId} />
      )}
    </Stack>
  );
}

function CompanyWebhooks({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const webhooks = useWebhooks(companyId);
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [dialog, setDialog] = useState<{ editing: Webhook | null } | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const failed = (error: unknown) =>
    showMessage(errorMessages(error).map(translate).join(' '), 'error');

  const sendTest = (webhook: Webhook) => {
    setTesting(webhook.id);
    test.mutate(webhook.id, {
      onSuccess: (result: WebhookTestResult) => {
        const [attempt] = result.attempt_log;
        if (result.state === 'succeeded') {
          showMessage(
            t('integrations.webhooks.test.done', { status: attempt?.status_code ?? '' }),
            'success',
          );
        } else {
          showMessage(
            t('integrations.webhooks.test.failed', {
              reason: attempt?.error ?? t('integrations.webhooks.deliveries.noStatus'),
            }),
            'error',
          );
        }
      },
      onError: failed,
      onSettled: () => setTesting(null),
    });
  };

  const rows = webhooks.data ?? [];
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => setDialog({ editing: null })}
          data-testid="add-webhook"
        >
          {t('integrations.webhooks.add')}
        </Button>
      </Stack>
      <ListPanel query={webhooks} loadError={t('integrations.webhooks.loadError')}>
        {webhooks.isPending ? (
          <Typography sx={{ py: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
        ) : rows.length === 0 ? (
          <Typography
            sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}
            data-testid="webhooks-empty"
          >
            {t('integrations.webhooks.empty')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={0} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {rows.map((webhook) => (
              <Paper
                component="li"
                key={webhook.id}
                square
                elevation={0}
                sx={{
                  p: 2,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0 },
                }}
                data-testid="webhook-row"
              >
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <Typography
                      variant="body2"
                      sx={{
                        fontFamily: 'monospace',
                        overflowWrap: 'anywhere',
                        flex: 1,
                        fontWeight: 500,
                      }}
                      data-testid="webhook-url-text"
                    >
                      {webhook.url}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={webhook.enabled ? 'success' : 'default'}
                      label={t(
                        webhook.enabled ? 'integrations.webhooks.on' : 'integrations.webhooks.off',
                      )}
                    />
                  </Stack>
                  {webhook.description !== '' && (
                    <Typography variant="body2">{webhook.description}</Typography>
                  )}
                  <Stack
                    direction="row"
                    sx={{ flexWrap: 'wrap', gap: 0.5 }}
                    aria-label={t('integrations.webhooks.form.events')}
                  >
                    {webhook.events.map((type) => (
                      <Chip
                        key={type}
                        size="small"
                        label={t(eventLabelKey(type) ?? 'integrations.webhooks.events.test')}
                      />
                    ))}
                  </Stack>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      loading={testing === webhook.id}
                      onClick={() => sendTest(webhook)}
                      data-testid="test-webhook"
                    >
                      {t('integrations.webhooks.test.button')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => setDeliveriesOf(webhook)}
                      data-testid="webhook-deliveries"
                    >
                      {t('integrations.webhooks.deliveries.button')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => setDialog({ editing: webhook })}
                      data-testid="edit-webhook"
                    >
                      {t('integrations.webhooks.edit')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => setRotating(webhook)}
                      data-testid="rotate-webhook"
                    >
                      {t('integrations.webhooks.rotate.button')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(webhook)}
                      data-testid="delete-webhook"
                    >
                      {t('integrations.webhooks.delete.button')}
                    </Button>
                  </Stack>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </ListPanel>
      <Alert severity="info" variant="outlined" role="note">
        {t('integrations.webhooks.signingNote')}
      </Alert>
      <WebhookDialog
        open={dialog !== null}
        companyId={companyId}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onCreated={(created) => {
          setDialog(null);
          setSecret({ url: created.url, secret: created.secret, rotated: false });
        }}
        onSaved={() => {
          setDialog(null);
          showMessage(t('integrations.webhooks.saved'), 'success');
        }}
      />
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDialog webhook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
      <ConfirmationDialog
        open={deleting !== null}
        title={t('integrations.webhooks.delete.title')}
        text={t('integrations.webhooks.delete.text', { url: deleting?.url ?? '' })}
        okLabel={t('integrations.webhooks.delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting === null) return;
          remove.mutate(deleting.id, {
            onSuccess: () => showMessage(t('integrations.webhooks.delete.done'), 'success'),
            onError: failed,
            onSettled: () => setDeleting(null),
          });
        }}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmationDialog
        open={rotating !== null}
        title={t('integrations.webhooks.rotate.title')}
        text={t('integrations.webhooks.rotate.text')}
        okLabel={t('integrations.webhooks.rotate.confirm')}
        busy={rotate.isPending}
        onConfirm={() => {
          const target = rotating;
          if (target === null) return;
          rotate.mutate(target.id, {
            onSuccess: (answer) =>
              setSecret({ url: target.url, secret: answer.secret, rotated: true }),
            onError: failed,
            onSettled: () => setRotating(null),
          });
        }}
        onCancel={() => setRotating(null)}
      />
    </>
  );
}
