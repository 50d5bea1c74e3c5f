// An endpoint's deliveries, newest first, through the list kit (paged and sorted by the server,
// the paging kept in the dialog): when each was queued, its event, where it stands, and every
// attempt with the receiver's status code, the start of its answer, how long it took and the
// error in words. A card per delivery on a phone.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import type { ListColumn } from '@/components/data-table/list-column';
import { type ListChange, useListTable } from '@/components/data-table/use-list-table';
import { DialogPanel, FormDialog } from '@/components/dialogs/form-dialog';
import { displayDate } from '@/lib/display-date';
import {
  type DeliveriesPage,
  useWebhookDeliveries,
  type WebhookDelivery,
} from '../api/get-webhook-deliveries';
import type { Webhook } from '../api/get-webhooks';
import { eventLabelKey } from './webhook-dialog';

export const DELIVERY_PAGE_SIZES = [10, 25, 50] as const;
const FIRST_PAGE: DeliveriesPage = {
  page: 1,
  limit: DELIVERY_PAGE_SIZES[0],
  sortBy: 'created_at:DESC',
};

const stateColour = { succeeded: 'success', failed: 'error', pending: 'warning' } as const;

export function DeliveryState({ delivery }: { delivery: Pick<WebhookDelivery, 'state'> }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={stateColour[delivery.state]}
      label={t(`integrations.webhooks.deliveries.states.${delivery.state}`)}
      data-testid="delivery-state"
    />
  );
}

/** Every attempt of a delivery: its number, status, time taken, error and the answer's start. */
export function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  if (delivery.attempt_log.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('integrations.webhooks.deliveries.noAttempt')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} component="ol" sx={{ m: 0, pl: 2 }}>
      {delivery.attempt_log.map((attempt) => (
        <Box component="li" key={attempt.attempt} data-testid="delivery-attempt">
          <Typography variant="body2">
            {t('integrations.webhooks.deliveries.attempt', {
              status: attempt.status_code ?? t('integrations.webhooks.deliveries.noStatus'),
              ms: attempt.duration_ms,
              at: displayDate(attempt.at, i18n.language),
            })}
          </Typography>
          {attempt.error !== null && (
            <Typography variant="caption" sx={{ color: 'error.main', display: 'block' }}>
              {attempt.error}
            </Typography>
          )}
          {attempt.response_body !== null && attempt.response_body !== '' && (
            <Box
              component="code"
              sx={{
                display: 'block',
                mt: 0.5,
                px: 1,
                py: 0.5,
                borderRadius: 1,
                bgcolor: 'action.hover',
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                maxHeight: 120,
                overflow: 'auto',
              }}
            >
              {attempt.response_body}
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function useDeliveryColumns(): ListColumn<WebhookDelivery>[] {
  const { t, i18n } = useTranslation();
  const eventLabel = (type: string) => {
    const key = eventLabelKey(type);
    return key === null ? type : t(key);
  };
  return [
    {
      id: 'created_at',
      header: t('integrations.webhooks.deliveries.columns.queued'),
      cell: ({ row }) => displayDate(row.original.created_at, i18n.language),
      meta: { sortField: 'created_at', card: 'title', cellSx: { whiteSpace: 'nowrap' } },
    },
    {
      id: 'event',
      header: t('integrations.webhooks.deliveries.columns.event'),
      cell: ({ row }) => (
        <span>
          {eventLabel(row.original.event_type)}
          {row.original.alert_id !== null &&
            ` · ${t('integrations.webhooks.deliveries.alert', { id: row.original.alert_id })}`}
        </span>
      ),
      meta: { card: 'subtitle' },
    },
    {
      id: 'state',
      header: t('integrations.webhooks.deliveries.columns.state'),
      cell: ({ row }) => <DeliveryState delivery={row.original} />,
      meta: { card: 'badge' },
    },
    {
      id: 'attempts',
      header: t('integrations.webhooks.deliveries.columns.attempts'),
      cell: ({ row }) => <AttemptLog delivery={row.original} />,
      meta: { cellSx: { minWidth: 220 } },
    },
  ];
}

export type WebhookDeliveriesDialogProps = {
  webhook: Webhook | null;
  onClose: () => void;
};

export function WebhookDeliveriesDialog({ webhook, onClose }: WebhookDeliveriesDialogProps) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const deliveries = useWebhookDeliveries(webhook?.id ?? null, paging);
  const change = (next: ListChange) =>
    setPaging((current) => ({
      ...current,
      ...next,
      page: next.page ?? (next.limit !== undefined || next.sortBy !== undefined ? 1 : current.page),
    }));
  const list = useListTable({
    columns: useDeliveryColumns(),
    query: deliveries,
    state: paging,
    onChange: change,
    firstDirection: 'DESC',
  });
  return (
    <FormDialog
      open={webhook !== null}
      onClose={onClose}
      maxWidth={900}
      data-testid="webhook-deliveries-dialog"
      onExited={() => setPaging(FIRST_PAGE)}
    >
      <DialogPanel title={t('integrations.webhooks.deliveries.title')}>
        <Typography
          variant="body2"
          sx={{ mb: 2, overflowWrap: 'anywhere', color: 'text.secondary' }}
        >
          {webhook?.url}
        </Typography>
        <DataTable
          list={list}
          label={t('integrations.webhooks.deliveries.title')}
          loadError={t('integrations.webhooks.deliveries.loadError')}
          emptyText={t('integrations.webhooks.deliveries.empty')}
          pageSizes={DELIVERY_PAGE_SIZES}
          testIds={{
            table: 'deliveries-table',
            cards: 'deliveries-cards',
            empty: 'deliveries-empty',
          }}
          rowProps={() => ({ 'data-testid': 'delivery-row' })}
        />
      </DialogPanel>
      <DialogActions>
        <Button onClick={onClose}>{t('integrations.webhooks.deliveries.close')}</Button>
      </DialogActions>
    </FormDialog>
  );
}
