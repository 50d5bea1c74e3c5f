// One gateway's detail (opened from the list or the header's gateway search; `?gateway=<id>` in
// the address): where it is, its status and alerts switch, the building assignment with its
// history, the admin-app link, and edit/delete — each control shown only to the roles the API
// lets call it. Full screen on phones.
import { gatewayStatuses } from '@flowsight/domain/lookups';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { displayDate } from '@/lib/display-date';
import { useDeleteGateway } from '../api/delete-gateway';
import type { BuildingOption } from '../api/get-building-options';
import { useGateway } from '../api/get-gateway';
import { useGatewayAdminApp } from '../api/get-gateway-admin-app';
import { useGatewayHistory } from '../api/get-gateway-history';
import { useUpdateGateway } from '../api/save-gateway';
import { useSetGatewayAlertsDisabled } from '../api/set-gateway-alerts';
import { useSetGatewayStatus } from '../api/set-gateway-status';
import type { GatewayPermissions } from '../utils/gateway-access';
import { useGatewayError, useGatewayMessage } from '../utils/gateway-messages';
import { gatewayStatusKey } from '../utils/gateway-status';
import { BuildingPicker } from './building-picker';
import { GatewayFormDialog } from './gateway-form-dialog';
import { GatewayHistoryTable } from './gateway-history-table';
import { GatewayStatusChip } from './gateway-status-chip';

export type GatewayDetailDialogProps = {
  gatewayId: number;
  permissions: GatewayPermissions;
  onClose: () => void;
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function GatewayDetailDialog({ gatewayId, permissions, onClose }: GatewayDetailDialogProps) {
  const { t, i18n } = useTranslation();
  const { showMessage } = useSnackbar();
  const translate = useGatewayMessage();
  const describeError = useGatewayError();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const gateway = useGateway(gatewayId);
  const history = useGatewayHistory(gatewayId);
  const adminApp = useGatewayAdminApp(gatewayId, permissions.adminApp);
  const setStatus = useSetGatewayStatus();
  const setAlerts = useSetGatewayAlertsDisabled();
  const update = useUpdateGateway();
  const remove = useDeleteGateway();
  const [building, setBuilding] = useState<BuildingOption | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'unassign' | null>(null);

  const failed = (error: unknown) => showMessage(describeError(error), 'error');
  const record = gateway.data;
  const na = t('gateways.none');

  const assign = (buildingId: number | null) => {
    update.mutate(
      { id: gatewayId, changes: { building_id: buildingId } },
      {
        onSuccess: () => {
          setBuilding(null);
          setConfirm(null);
          showMessage(
            buildingId === null ? t('gateways.detail.unassigned') : t('gateways.detail.assigned'),
          );
        },
        onError: failed,
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="gateway-detail"
    >
      <DialogTitle
        id={titleId}
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 7, flexWrap: 'wrap' }}
      >
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {record?.serial_number ?? t('gateways.detail.title')}
        </Box>
        {record && <GatewayStatusChip statusId={record.gateway_status_id} />}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
        data-testid="gateway-detail-close"
      >
        <CloseRounded />
      </IconButton>
      {(gateway.isFetching || history.isFetching) && (
        <LinearProgress aria-label={t('common.loading')} />
      )}
      <DialogContent dividers>
        {gateway.isError && (
          <Alert severity="error" role="alert">
            {describeError(gateway.error)}
          </Alert>
        )}
        {gateway.isPending && <Typography>{t('common.loading')}</Typography>}
        {record && (
          <Stack spacing={3}>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
              }}
              data-testid="gateway-facts"
            >
              <Fact label={t('gateways.fields.name')} value={record.name ?? na} />
              <Fact label={t('gateways.fields.model')} value={record.model ?? na} />
              <Fact
                label={t('gateways.fields.building')}
                value={record.building_name ?? t('gateways.inStock')}
              />
              <Fact label={t('gateways.fields.property')} value={record.property_name ?? na} />
              <Fact label={t('gateways.fields.company')} value={record.company_name ?? na} />
              <Fact
                label={t('gateways.fields.lastSeen')}
                value={displayDate(record.last_seen_at, i18n.language)}
              />
            </Box>

            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
            >
              {permissions.setStatus && (
                <TextField
                  select
                  size="small"
                  label={t('gateways.fields.status')}
                  value={record.gateway_status_id}
                  disabled={setStatus.isPending}
                  onChange={(event) =>
                    setStatus.mutate(
                      { id: gatewayId, statusId: Number(event.target.value) },
                      {
                        onSuccess: () => showMessage(t('gateways.detail.statusSaved')),
                        onError: failed,
                      },
                    )
                  }
                  sx={{ minWidth: 200 }}
                  slotProps={{ htmlInput: { 'data-testid': 'gateway-status-select' } }}
                >
                  {gatewayStatuses.map((status) => {
                    const key = gatewayStatusKey(status.id);
                    return (
                      <MenuItem key={status.id} value={status.id}>
                        {key === null ? status.name : t(key)}
                      </MenuItem>
                    );
                  })}
                </TextField>
              )}
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={record.alerts_disabled}
                      disabled={!permissions.toggleAlerts || setAlerts.isPending}
                      onChange={(event) =>
                        setAlerts.mutate(
                          { id: gatewayId, disabled: event.target.checked },
                          {
                            onSuccess: (saved) =>
                              showMessage(
                                saved.alerts_disabled
                                  ? t('gateways.detail.alertsOff')
                                  : t('gateways.detail.alertsOn'),
                              ),
                            onError: failed,
                          },
                        )
                      }
                      slotProps={{ input: { 'aria-label': t('gateways.fields.alertsDisabled') } }}
                      data-testid="gateway-alerts-switch"
                    />
                  }
                  label={t('gateways.fields.alertsDisabled')}
                />
              </Box>
              {permissions.adminApp && (
                <Button
                  variant="outlined"
                  size="small"
                  endIcon={<OpenInNewRounded />}
                  href={adminApp.data?.url ?? ''}
                  target="_blank"
                  rel="noopener noreferrer"
                  disabled={adminApp.data === undefined}
                  data-testid="gateway-admin-app"
                  sx={{ ml: { sm: 'auto' } }}
                >
                  {t('gateways.detail.adminApp')}
                </Button>
              )}
            </Stack>

            {permissions.edit && (
              <>
                <Divider />
                <Stack spacing={1.5}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {t('gateways.detail.assignment')}
                  </Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <BuildingPicker
                        value={building}
                        onChange={setBuilding}
                        label={t('gateways.detail.newBuilding')}
                        disabled={update.isPending}
                      />
                    </Box>
                    <Button
                      variant="contained"
                      disabled={building === null || building.id === record.building_id}
                      loading={update.isPending && confirm === null}
                      onClick={() => building !== null && assign(building.id)}
                      data-testid="gateway-assign"
                    >
                      {t('gateways.detail.assign')}
                    </Button>
                    {record.building_id !== null && (
                      <Button
                        color="warning"
                        onClick={() => setConfirm('unassign')}
                        data-testid="gateway-unassign"
                      >
                        {t('gateways.detail.unassign')}
                      </Button>
                    )}
                  </Stack>
                </Stack>
              </>
            )}

            <Divider />
            <Stack spacing={1}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('gateways.history.title')}
              </Typography>
              {history.isError ? (
                <Alert severity="error">{describeError(history.error)}</Alert>
              ) : (
                <GatewayHistoryTable rows={history.data ?? []} />
              )}
            </Stack>

            {(permissions.edit || permissions.remove) && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                {permissions.edit && (
                  <Button
                    startIcon={<EditRounded />}
                    onClick={() => setEditing(true)}
                    data-testid="gateway-edit"
                  >
                    {t('gateways.actions.edit')}
                  </Button>
                )}
                {permissions.remove && (
                  <Button
                    color="error"
                    startIcon={<DeleteOutlineRounded />}
                    onClick={() => setConfirm('delete')}
                    data-testid="gateway-delete"
                  >
                    {t('gateways.actions.delete')}
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      {editing && record && (
        <GatewayFormDialog gateway={record} onClose={() => setEditing(false)} />
      )}
      <ConfirmationDialog
        open={confirm === 'delete'}
        text={record ? t('gateways.deleteConfirm', { serial: record.serial_number }) : undefined}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(gatewayId, {
            onSuccess: (answer) => {
              showMessage(translate(answer.message));
              setConfirm(null);
              onClose();
            },
            onError: (error) => {
              setConfirm(null);
              failed(error);
            },
          })
        }
        onCancel={() => setConfirm(null)}
      />
      <ConfirmationDialog
        open={confirm === 'unassign'}
        text={
          record
            ? t('gateways.unassignConfirm', { building: record.building_name ?? '' })
            : undefined
        }
        busy={update.isPending}
        onConfirm={() => assign(null)}
        onCancel={() => setConfirm(null)}
      />
    </Dialog>
  );
}
