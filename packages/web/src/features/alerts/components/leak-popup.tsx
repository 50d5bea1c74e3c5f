// The leak bell's popup (spec section 2, "Header controls"): at most 400 px wide, listing each
// active leak with its address (a link to the place's alerts), room, appliance, rate per month and
// first detection. "On it" asks first with the confirmation dialog, then acknowledges; "Fixed it"
// opens the alert dialog for a note, then closes the alert. Loaded when the bell is first opened.
import { BELL_POPUP_MAX_WIDTH } from '@flowsight/domain/constants';
import { NotificationStatus } from '@flowsight/domain/lookups';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import type { LeakAlert } from '../api/get-active-leaks';
import { useAlertFormat } from '../utils/alert-format';
import { AlertDialog } from './alert-dialog';
import { StatusButton } from './status-button';
import { useAlertStatusChange } from './use-alert-status-change';

export type LeakPopupProps = {
  id: string;
  /** The bell while the popup is open, null while it is closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
  leaks: UseQueryResult<LeakAlert[]>;
};

export function LeakPopup({ id: popupId, anchor, onClose: close, leaks }: LeakPopupProps) {
  const { t } = useTranslation();
  const format = useAlertFormat();
  const statusChange = useAlertStatusChange();
  const titleId = useId();
  const [acknowledging, setAcknowledging] = useState<LeakAlert | null>(null);
  const [closing, setClosing] = useState<LeakAlert | null>(null);
  const rows = leaks.data ?? [];
  const count = rows.length;

  const leakItem = (leak: LeakAlert) => {
    const acknowledged = leak.notification_status_id === NotificationStatus.Acknowledged;
    const busy = statusChange.pendingId === leak.id;
    return (
      <ListItem
        disableGutters
        sx={{ display: 'block', px: 2, py: 1.5 }}
        data-testid="leak-item"
        data-alert-id={leak.id}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Link
            component={RouterLink}
            to={leak.link}
            onClick={close}
            sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="leak-link"
          >
            {leak.address || format.place(leak)}
          </Link>
          {acknowledged && (
            <Chip
              size="small"
              color="warning"
              label={t('alerts.bell.acknowledged')}
              data-testid="leak-acknowledged"
            />
          )}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="leak-fixture">
          {[format.room(leak), format.appliance(leak)].filter(Boolean).join(' · ') ||
            format.fixture(leak)}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 0.75,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            rowGap: 0.25,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0 },
          }}
        >
          <Typography component="dt" variant="body2">
            {t('alerts.bell.rate')}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ fontWeight: 500 }}
            data-testid="leak-rate"
          >
            {format.rate(leak)}
          </Typography>
          <Typography component="dt" variant="body2">
            {t('alerts.bell.firstDetected')}
          </Typography>
          <Typography component="dd" variant="body2" data-testid="leak-first-detected">
            {format.date(leak.first_detected)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
          {!acknowledged && (
            <StatusButton
              action="onIt"
              variant="outlined"
              disabled={busy}
              onClick={() => setAcknowledging(leak)}
              testId="leak-on-it"
            />
          )}
          <StatusButton
            action="fixedIt"
            variant="contained"
            disabled={busy}
            onClick={() => setClosing(leak)}
            testId="leak-fixed-it"
          />
        </Stack>
      </ListItem>
    );
  };

  return (
    <>
      <Popover
        id={popupId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: {
              width: 'calc(100vw - 24px)',
              maxWidth: BELL_POPUP_MAX_WIDTH,
              maxHeight: 'min(70vh, 640px)',
              display: 'flex',
              flexDirection: 'column',
            },
          },
        }}
        data-testid="leak-popup"
      >
        <Stack
          direction="row"
          sx={{ px: 2, py: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('alerts.bell.title')}
          </Typography>
          {count > 0 && <Chip size="small" color="error" label={count} />}
        </Stack>
        <Divider />
        <Box sx={{ overflowY: 'auto' }}>
          {leaks.isPending ? (
            <Stack spacing={1} sx={{ p: 2 }} aria-busy="true" aria-label={t('common.loading')}>
              <Skeleton variant="text" width="70%" />
              <Skeleton variant="text" width="50%" />
            </Stack>
          ) : leaks.isError && leaks.data === undefined ? (
            <Stack spacing={1} sx={{ p: 2, alignItems: 'flex-start' }}>
              <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
                {t('alerts.bell.loadError')}
              </Alert>
              <Button size="small" onClick={() => void leaks.refetch()}>
                {t('alerts.bell.retry')}
              </Button>
            </Stack>
          ) : count === 0 ? (
            <Typography
              sx={{ px: 2, py: 3, textAlign: 'center', color: 'text.secondary' }}
              data-testid="leak-empty"
            >
              {t('alerts.bell.empty')}
            </Typography>
          ) : (
            <List disablePadding aria-labelledby={titleId}>
              {rows.map((leak, index) => (
                <Fragment key={leak.id}>
                  {index > 0 && <Divider component="li" />}
                  {leakItem(leak)}
                </Fragment>
              ))}
            </List>
          )}
        </Box>
      </Popover>
      <ConfirmationDialog
        open={acknowledging !== null}
        text={t('alerts.acknowledgeText')}
        busy={acknowledging !== null && statusChange.pendingId === acknowledging.id}
        onCancel={() => setAcknowledging(null)}
        onConfirm={() => {
          if (acknowledging === null) return;
          statusChange.acknowledge(acknowledging.id, () => setAcknowledging(null));
        }}
      />
      {closing !== null && (
        <AlertDialog alertId={closing.id} known={closing} onClose={() => setClosing(null)} />
      )}
    </>
  );
}
