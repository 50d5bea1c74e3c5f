// The Flume accounts list's columns for the list kit: the account (its name and Flume user), the
// owner company, the meters Flume reported with the building each is linked to and its link or
// unlink button, the last successful sync, the status with the last error in Flume's words, and
// the account's actions. On a phone card the name is the title, the company under it, the rest
// labelled details and the actions under the card. The columns stay the same from render to
// render (their cells read the row's actions from `FlumeActionsContext`), so a button that starts
// an action keeps its place and the keyboard's focus while the action runs.
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/data-table/list-column';
import { displayDate } from '@/lib/display-date';
import { timeAgo } from '@/lib/time-ago';
import type { FlumeAccount, FlumeDevice } from '../api/get-flume-accounts';

/** What a row's buttons do, and which of them is under way. */
export type FlumeRowActions = {
  onTest: (account: FlumeAccount) => void;
  onSync: (account: FlumeAccount) => void;
  onRemove: (account: FlumeAccount) => void;
  onLink: (account: FlumeAccount, device: FlumeDevice) => void;
  onUnlink: (account: FlumeAccount, device: FlumeDevice) => void;
  /** The account whose test, sync or removal is under way. */
  testing: number | null;
  syncing: number | null;
  /** The meter whose unlinking is under way. */
  unlinking: number | null;
};

/** The row actions of the list the cells are in. */
export const FlumeActionsContext = createContext<FlumeRowActions | null>(null);

function useRowActions(): FlumeRowActions {
  const actions = useContext(FlumeActionsContext);
  if (actions === null) throw new Error('Flume cells must be inside FlumeActionsContext');
  return actions;
}

/** A meter's name as Flume gives it, else its location, else its id. */
export const meterName = (device: FlumeDevice) =>
  device.name ?? device.location ?? device.device_id;

/** "5 minutes ago", with the full date for a pointer's hover; "Never" without one. */
function When({ value, never }: { value: string | null; never: string }) {
  const { i18n } = useTranslation();
  if (value === null) return <>{never}</>;
  return (
    <Box component="time" dateTime={value} title={displayDate(value, i18n.language)}>
      {timeAgo(value, Date.now(), i18n.language)}
    </Box>
  );
}

function AccountStatus({ account }: { account: FlumeAccount }) {
  const { t, i18n } = useTranslation();
  if (account.last_error === null) {
    return account.connected_at === null ? (
      <Chip size="small" variant="outlined" label={t('flume.status.notConnected')} />
    ) : (
      <Chip size="small" variant="outlined" color="success" label={t('flume.status.connected')} />
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color="error"
        icon={<ErrorOutlineRounded />}
        label={t('flume.status.error')}
      />
      <Typography
        variant="body2"
        color="error"
        data-testid="flume-last-error"
        sx={{ overflowWrap: 'anywhere' }}
      >
        {t('flume.lastError', { error: account.last_error })}
      </Typography>
      {account.last_error_at !== null && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {displayDate(account.last_error_at, i18n.language)}
        </Typography>
      )}
    </Stack>
  );
}

function Meters({ account }: { account: FlumeAccount }) {
  const { t } = useTranslation();
  const actions = useRowActions();
  if (account.devices.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('flume.meters.none')}
      </Typography>
    );
  }
  return (
    <Stack
      component="ul"
      spacing={1}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      aria-label={t('flume.meters.label', { name: account.name })}
    >
      {account.devices.map((device) => (
        <Box component="li" key={device.id} data-testid="flume-device">
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {meterName(device)}{' '}
            <Box
              component="span"
              sx={{ fontFamily: 'monospace', fontSize: 12, color: 'text.secondary' }}
            >
              {device.device_id}
            </Box>
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography
              variant="body2"
              data-testid="flume-device-building"
              sx={{
                color: device.building_name === null ? 'text.secondary' : 'text.primary',
                overflowWrap: 'anywhere',
              }}
            >
              {device.building_name === null
                ? t('flume.meters.notLinked')
                : t('flume.meters.linkedTo', { building: device.building_name })}
            </Typography>
            {device.building_id === null ? (
              <Button size="small" onClick={() => actions.onLink(account, device)}>
                {t('flume.actions.link')}
              </Button>
            ) : (
              <Button
                size="small"
                loading={actions.unlinking === device.id}
                onClick={() => actions.onUnlink(account, device)}
              >
                {t('flume.actions.unlink')}
              </Button>
            )}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function AccountButtons({ account }: { account: FlumeAccount }) {
  const { t } = useTranslation();
  const actions = useRowActions();
  const busy = actions.testing === account.id || actions.syncing === account.id;
  return (
    // One above the other in the table, side by side under a phone card.
    <Stack
      direction={{ xs: 'row', sm: 'column' }}
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { sm: 'stretch' } }}
    >
      <Button
        size="small"
        variant="outlined"
        loading={actions.testing === account.id}
        disabled={busy && actions.testing !== account.id}
        onClick={() => actions.onTest(account)}
      >
        {t('flume.actions.test')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        loading={actions.syncing === account.id}
        disabled={busy && actions.syncing !== account.id}
        onClick={() => actions.onSync(account)}
      >
        {t('flume.actions.sync')}
      </Button>
      <Button size="small" color="error" onClick={() => actions.onRemove(account)}>
        {t('flume.actions.remove')}
      </Button>
    </Stack>
  );
}

const oneLine = { whiteSpace: 'nowrap' } as const;

export function useFlumeColumns(): ListColumn<FlumeAccount>[] {
  const { t } = useTranslation();
  return useMemo(() => columnsOf(t), [t]);
}

function columnsOf(t: TFunction): ListColumn<FlumeAccount>[] {
  return [
    {
      id: 'name',
      header: t('flume.columns.account'),
      cell: ({ row }) => row.original.name,
      meta: { cellSx: { minWidth: 120, fontWeight: 500, overflowWrap: 'anywhere' }, card: 'title' },
    },
    {
      id: 'company',
      header: t('flume.columns.company'),
      cell: ({ row }) => row.original.company_name,
      meta: { from: 'sm', cellSx: { minWidth: 110, overflowWrap: 'anywhere' }, card: 'subtitle' },
    },
    {
      id: 'username',
      header: t('flume.columns.username'),
      cell: ({ row }) => row.original.username,
      meta: { from: 'md', cellSx: { overflowWrap: 'break-word' } },
    },
    {
      id: 'meters',
      header: t('flume.columns.meters'),
      cell: ({ row }) => <Meters account={row.original} />,
      meta: { ownClicks: true, cellSx: { minWidth: 220 } },
    },
    {
      id: 'lastSync',
      header: t('flume.columns.lastSync'),
      cell: ({ row }) => <When value={row.original.last_sync_at} never={t('flume.never')} />,
      meta: { from: 'sm', cellSx: oneLine },
    },
    {
      id: 'status',
      header: t('flume.columns.status'),
      cell: ({ row }) => <AccountStatus account={row.original} />,
      meta: { cellSx: { minWidth: 140, maxWidth: 280 } },
    },
    {
      id: 'actions',
      header: t('flume.columns.actions'),
      cell: ({ row }) => <AccountButtons account={row.original} />,
      meta: {
        align: 'right',
        ownClicks: true,
        card: 'action',
        cellSx: { width: 160, '& .MuiButton-root': { whiteSpace: 'nowrap' } },
      },
    },
  ];
}
