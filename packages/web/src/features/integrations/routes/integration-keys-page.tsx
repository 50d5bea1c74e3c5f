// /integrations. For system admins: the API keys that network servers present on every ingest
// call — create one for the whole fleet or one company (shown once), see each key's scope and when
// it was last used, revoke one after confirming; short notes say where each kind of integration
// takes the key, and a warning shows while MQTT uplinks arrive at QoS 0 (lost during an outage).
// For system admins and company admins of the whole company: the company's outgoing webhooks
// (`WebhooksSection`).
import { RoleType } from '@flowsight/domain/lookups';
import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { ListPanel } from '@/components/list-panel';
import { PageHeader } from '@/components/page-header';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { displayDate } from '@/lib/display-date';
import { useSignedInSession } from '@/lib/session';
import type { CreatedIntegrationKey } from '../api/create-integration-key';
import { type IntegrationKey, useIntegrationKeys } from '../api/get-integration-keys';
import { useRevokeIntegrationKey } from '../api/revoke-integration-key';
import { CreatedKeyDialog } from '../components/created-key-dialog';
import { MqttQosWarning } from '../components/mqtt-qos-warning';
import { NewKeyDialog } from '../components/new-key-dialog';
import { WebhooksSection } from '../components/webhooks-section';

const KEY_HEADER = 'x-api-key';

function IntegrationGuide() {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const places = [
    { id: 'chirpstack', url: `${origin}/api/ingest/chirpstack` },
    { id: 'ttn', url: `${origin}/api/ingest/ttn` },
    { id: 'native', url: `${origin}/api/ingest/uplinks` },
  ] as const;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, p: 2 }} data-testid="integration-guide">
      <Typography variant="h6" component="h2" sx={{ fontSize: 18, mb: 1 }}>
        {t('integrations.guide.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('integrations.guide.intro', { header: KEY_HEADER })}
      </Typography>
      <Stack spacing={1.5}>
        {places.map((place) => (
          <Box key={place.id}>
            <Typography variant="subtitle2">{t(`integrations.guide.${place.id}.title`)}</Typography>
            <Typography variant="body2">
              {t(`integrations.guide.${place.id}.text`, { header: KEY_HEADER })}
            </Typography>
            <Box
              component="code"
              sx={{
                display: 'block',
                mt: 0.5,
                px: 1,
                py: 0.5,
                borderRadius: 1,
                bgcolor: 'action.hover',
                fontSize: 13,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {place.id === 'native' ? `POST ${place.url}` : place.url}
              {'\n'}
              {`${KEY_HEADER}: <key>`}
            </Box>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

type KeyStatusProps = { integrationKey: IntegrationKey };

function KeyStatus({ integrationKey }: KeyStatusProps) {
  const { t } = useTranslation();
  return integrationKey.revoked_at === null ? (
    <Chip size="small" color="success" variant="outlined" label={t('integrations.status.active')} />
  ) : (
    <Chip size="small" label={t('integrations.status.revoked')} />
  );
}

export function IntegrationKeysPage() {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  if (activeRole.user_role_type_id === RoleType.SystemAdmin) return <SystemIntegrations />;
  return (
    <Stack spacing={2} data-testid="integrations-page">
      <PageHeader title={t('integrations.title')} intro={t('integrations.webhooks.pageIntro')} />
      <WebhooksSection fixedCompanyId={activeRole.company_id} />
    </Stack>
  );
}

/** The system admin's page: the integration keys, then any company's webhooks. */
function SystemIntegrations() {
  const { t, i18n } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const keys = useIntegrationKeys();
  const revoke = useRevokeIntegrationKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedIntegrationKey | null>(null);
  const [revoking, setRevoking] = useState<IntegrationKey | null>(null);
  const date = (value: string | null, never: string) =>
    value === null ? never : displayDate(value, i18n.language);

  const confirmRevoke = () => {
    if (revoking === null) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        showMessage(t('integrations.revoke.done', { name: revoking.name }), 'success');
        setRevoking(null);
      },
      onError: (error) => {
        showMessage(errorMessages(error).map(translate).join(' '), 'error');
        setRevoking(null);
      },
    });
  };

  const rows = keys.data ?? [];
  const cellFrom = (from: 'sm' | 'md') => ({ display: { xs: 'none', [from]: 'table-cell' } });

  return (
    <Stack spacing={2} data-testid="integrations-page">
      <PageHeader
        title={t('integrations.title')}
        intro={t('integrations.intro')}
        action={
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            onClick={() => setCreating(true)}
            data-testid="new-key"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {t('integrations.newKey')}
          </Button>
        }
      />
      <MqttQosWarning />
      <ListPanel query={keys} loadError={t('integrations.loadError')}>
        <TableContainer>
          <Table size="small" aria-label={t('integrations.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('integrations.columns.name')}</TableCell>
                <TableCell sx={{ fontWeight: 600, ...cellFrom('sm') }}>
                  {t('integrations.columns.scope')}
                </TableCell>
                <TableCell sx={{ fontWeight: 600, ...cellFrom('sm') }}>
                  {t('integrations.columns.created')}
                </TableCell>
                <TableCell sx={{ fontWeight: 600, ...cellFrom('md') }}>
                  {t('integrations.columns.lastUsed')}
                </TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('integrations.columns.status')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }} align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('integrations.columns.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.isPending && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ py: 4, textAlign: 'center' }}>
                    {t('common.loading')}
                  </TableCell>
                </TableRow>
              )}
              {keys.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={6}
                    sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                    data-testid="integrations-empty"
                  >
                    {t('integrations.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.id} data-testid="integration-key-row">
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {row.name}
                    </Typography>
                    <Typography
                      variant="caption"
                      sx={{ color: 'text.secondary', fontFamily: 'monospace' }}
                    >
                      {t('integrations.prefix', { prefix: row.prefix })}
                    </Typography>
                    {/* On a phone the scope column gives way; the scope reads under the name. */}
                    <Typography
                      variant="caption"
                      sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
                    >
                      {row.company_name ?? t('integrations.scope.fleet')}
                    </Typography>
                  </TableCell>
                  <TableCell
                    sx={{ overflowWrap: 'break-word', ...cellFrom('sm') }}
                    data-testid="key-scope-cell"
                  >
                    {row.company_name ?? t('integrations.scope.fleet')}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...cellFrom('sm') }}>
                    {date(row.created_at, '')}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...cellFrom('md') }}>
                    {date(row.last_used_at, t('integrations.neverUsed'))}
                  </TableCell>
                  <TableCell>
                    <KeyStatus integrationKey={row} />
                  </TableCell>
                  <TableCell align="right">
                    {row.revoked_at === null && (
                      <Button
                        color="error"
                        size="small"
                        onClick={() => setRevoking(row)}
                        aria-label={t('integrations.revoke.buttonFor', { name: row.name })}
                        data-testid="revoke-key"
                      >
                        {t('integrations.revoke.button')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListPanel>
      <IntegrationGuide />
      <WebhooksSection fixedCompanyId={null} />
      <NewKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmationDialog
        open={revoking !== null}
        title={t('integrations.revoke.title')}
        text={t('integrations.revoke.text', { name: revoking?.name ?? '' })}
        okLabel={t('integrations.revoke.confirm')}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}

// Plain CSS lengths: in `sx`, 1 would mean 100 % and -1 a negative spacing unit.
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
