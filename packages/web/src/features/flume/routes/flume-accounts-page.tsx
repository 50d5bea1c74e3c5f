// /flume-accounts (spec section 2, "list of external flow-account links"): system roles
// and company admins (for their own company) keep the Flume accounts whose meters measure whole
// buildings. Each account shows its company, Flume user, the meters Flume reported and the
// building each is linked to, the last successful sync and the last error in Flume's words; it
// can be tested, synced now or removed (after confirming), and each meter linked to a building of
// the account's company or unlinked. The list is the list kit's (phone cards below `sm`).

import { isCompanyRole } from '@flowsight/domain/roles';
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useListTable } from '@/components/data-table/use-list-table';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { PageHeader } from '@/components/page-header';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useSignedInSession } from '@/lib/session';
import { useDeleteFlumeAccount } from '../api/delete-flume-account';
import { type FlumeAccount, type FlumeDevice, useFlumeAccounts } from '../api/get-flume-accounts';
import { useLinkFlumeDevice } from '../api/link-flume-device';
import { FlumeRateLimited, useSyncFlumeAccount } from '../api/sync-flume-account';
import { useTestFlumeAccount } from '../api/test-flume-account';
import { AddAccountDialog } from '../components/add-account-dialog';
import {
  FlumeActionsContext,
  type FlumeRowActions,
  meterName,
  useFlumeColumns,
} from '../components/flume-columns';
import { LinkDeviceDialog } from '../components/link-device-dialog';

const PAGE_SIZES = [10, 25, 50] as const;

function EmptyAccounts({ action }: { action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      data-testid="flume-empty"
      sx={{
        p: { xs: 3, sm: 5 },
        borderRadius: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
      }}
    >
      <Typography variant="h6" component="h2">
        {t('flume.empty.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>
        {t('flume.empty.text')}
      </Typography>
      {action}
    </Paper>
  );
}

export function FlumeAccountsPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const { activeRole } = useSignedInSession();
  const accounts = useFlumeAccounts();
  const test = useTestFlumeAccount();
  const sync = useSyncFlumeAccount();
  const unlink = useLinkFlumeDevice();
  const remove = useDeleteFlumeAccount();
  const [adding, setAdding] = useState(false);
  const [linking, setLinking] = useState<{ account: FlumeAccount; device: FlumeDevice } | null>(
    null,
  );
  const [removing, setRemoving] = useState<FlumeAccount | null>(null);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });

  // A company admin keeps the accounts of the company of the role.
  const fixedCompanyId = isCompanyRole(activeRole.user_role_type_id) ? activeRole.company_id : null;
  const words = (error: unknown) => errorMessages(error).map(translate).join(' ');
  const rows = accounts.data ?? [];
  const measured = new Set(
    rows.flatMap((account) => account.devices.flatMap((device) => device.building_id ?? [])),
  );

  const columns = useFlumeColumns();
  const rowActions: FlumeRowActions = {
    testing: test.isPending ? (test.variables ?? null) : null,
    syncing: sync.isPending ? (sync.variables ?? null) : null,
    unlinking: unlink.isPending ? (unlink.variables?.deviceId ?? null) : null,
    onTest: (account) =>
      test.mutate(account.id, {
        onSuccess: (tested) =>
          tested.last_error === null
            ? showMessage(
                t('flume.test.ok', { name: tested.name, count: tested.devices.length }),
                'success',
              )
            : showMessage(
                t('flume.test.failed', { name: tested.name, error: tested.last_error }),
                'error',
              ),
        onError: (error) => showMessage(words(error), 'error'),
      }),
    onSync: (account) =>
      sync.mutate(account.id, {
        onSuccess: (synced) =>
          synced.last_error === null
            ? showMessage(t('flume.sync.ok', { name: synced.name }), 'success')
            : showMessage(
                t('flume.sync.failed', { name: synced.name, error: synced.last_error }),
                'error',
              ),
        onError: (error) =>
          showMessage(
            error instanceof FlumeRateLimited
              ? error.retryAfterSeconds === null
                ? t('flume.sync.waitShort')
                : t('flume.sync.wait', { seconds: error.retryAfterSeconds })
              : words(error),
            'error',
          ),
      }),
    onRemove: setRemoving,
    onLink: (account, device) => setLinking({ account, device }),
    onUnlink: (account, device) =>
      unlink.mutate(
        { accountId: account.id, deviceId: device.id, buildingId: null },
        {
          onSuccess: () =>
            showMessage(
              t('flume.unlink.done', {
                meter: meterName(device),
                building: device.building_name ?? '',
              }),
              'success',
            ),
          onError: (error) => showMessage(words(error), 'error'),
        },
      ),
  };

  const list = useListTable({
    columns,
    query: accounts,
    rows: rows.slice((paging.page - 1) * paging.limit, paging.page * paging.limit),
    total: rows.length,
    state: { ...paging, sortBy: '' },
    onChange: ({ page, limit }) =>
      setPaging((previous) =>
        limit !== undefined ? { page: 1, limit } : { ...previous, page: page ?? previous.page },
      ),
  });

  const confirmRemove = () => {
    if (removing === null) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        showMessage(t('flume.remove.done', { name: removing.name }), 'success');
        setRemoving(null);
      },
      onError: (error) => {
        showMessage(words(error), 'error');
        setRemoving(null);
      },
    });
  };

  const empty = accounts.isSuccess && rows.length === 0;
  const addButton = (
    <Button
      variant="contained"
      startIcon={<AddRounded />}
      onClick={() => setAdding(true)}
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {t('flume.add')}
    </Button>
  );

  return (
    <Stack spacing={2} data-testid="flume-accounts-page">
      {/* With no account yet, the empty state holds the one add button; while the list loads
          there is none, so the button never moves from the header to the empty state under a
          person's click. */}
      <PageHeader
        title={t('flume.title')}
        intro={t('flume.intro')}
        introMaxWidth={760}
        action={!accounts.isPending && !empty && addButton}
      />
      {empty ? (
        <EmptyAccounts action={addButton} />
      ) : (
        <FlumeActionsContext.Provider value={rowActions}>
          <DataTable
            list={list}
            label={t('flume.tableLabel')}
            loadError={t('flume.loadError')}
            emptyText={t('flume.empty.title')}
            pageSizes={PAGE_SIZES}
            rowsPerPageLabel={t('flume.rowsPerPage')}
            testIds={{ table: 'flume-table', cards: 'flume-cards' }}
            rowProps={(account) => ({
              'data-testid': 'flume-account',
              'data-account-id': account.id,
            })}
            rowSx={{ verticalAlign: 'top' }}
          />
        </FlumeActionsContext.Provider>
      )}
      <AddAccountDialog
        open={adding}
        fixedCompanyId={fixedCompanyId}
        onClose={() => setAdding(false)}
        onAdded={(account) => {
          setAdding(false);
          showMessage(
            t('flume.create.done', { name: account.name, count: account.devices.length }),
            'success',
          );
        }}
      />
      {linking !== null && (
        <LinkDeviceDialog
          account={linking.account}
          device={linking.device}
          measured={measured}
          onClose={() => setLinking(null)}
          onLinked={(_account, building) => {
            showMessage(
              t('flume.link.done', { meter: meterName(linking.device), building }),
              'success',
            );
            setLinking(null);
          }}
        />
      )}
      <ConfirmationDialog
        open={removing !== null}
        title={t('flume.remove.title')}
        text={t('flume.remove.text', { name: removing?.name ?? '' })}
        okLabel={t('flume.remove.confirm')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
