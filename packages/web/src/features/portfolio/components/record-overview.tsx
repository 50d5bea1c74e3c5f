// The overview tab's building blocks: titled cards of label/value pairs (details, counts,
// address), the row of actions, and the delete flow whose refusal (409, e.g. "This property
// still has 2 buildings. Move or delete them first.") stays on screen until dismissed.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { errorMessages } from '@/lib/api-error';
import { useDeleteRecord } from '../api/delete-record';
import { useFormatters } from '../utils/format';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';

export type OverviewItem = { label: string; value: ReactNode };

export type OverviewCardProps = {
  title: string;
  items: readonly OverviewItem[];
  /** Shows placeholders while the values load. */
  loading?: boolean;
  children?: ReactNode;
  'data-testid'?: string;
};

export function OverviewCard({
  title,
  items,
  loading = false,
  children,
  'data-testid': testId,
}: OverviewCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: 18 }}>
        {title}
      </Typography>
      {children}
      {items.length > 0 && (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1 },
          }}
        >
          {items.map((item) => (
            <Box key={item.label} sx={{ display: 'contents' }}>
              <Typography
                component="dt"
                variant="body2"
                sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}
              >
                {item.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {loading ? <Skeleton width={60} /> : item.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

const countLabels = {
  properties: 'portfolio.overview.properties',
  buildings: 'portfolio.overview.buildings',
  units: 'portfolio.overview.units',
  residentialUnits: 'portfolio.overview.residentialUnits',
  tenants: 'portfolio.overview.tenants',
} as const;
export type RecordCount = keyof typeof countLabels;

export type CountsCardProps = {
  query: {
    isPending: boolean;
    isError: boolean;
    data?: Readonly<Partial<Record<RecordCount, number>>>;
  };
  /** The counts shown, in order. */
  counts: readonly RecordCount[];
};

/** The counts card: placeholders while they load, one line when they could not be read. */
export function CountsCard({ query, counts }: CountsCardProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const items = counts.map((count) => ({
    label: t(countLabels[count]),
    value: format.count(query.data?.[count] ?? 0),
  }));
  return (
    <OverviewCard
      title={t('portfolio.overview.counts')}
      data-testid="overview-counts"
      loading={query.isPending}
      items={query.isError ? [{ label: t('portfolio.overview.countsError'), value: '' }] : items}
    />
  );
}

/** The address card (no map): the record's address lines, or a note that it has none. */
export function AddressCard({ record }: { record: Parameters<typeof addressLines>[0] }) {
  const { t } = useTranslation();
  const lines = addressLines(record);
  return (
    <OverviewCard title={t('portfolio.overview.address')} items={[]} data-testid="overview-address">
      {(lines.length === 0 ? [t('portfolio.overview.noAddress')] : lines).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </OverviewCard>
  );
}

/** The lines of an address, without empty parts. */
export function addressLines(record: {
  street: string | null;
  city_name: string | null;
  state_name: string | null;
  postal: string | null;
}): string[] {
  const place = [record.city_name, [record.state_name, record.postal].filter(Boolean).join(' ')]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  return [record.street ?? '', place].filter((line) => line !== '');
}

export type DeleteRecordButtonProps = {
  level: PortfolioLevel;
  id: number;
  name: string;
  /** Where to go once deleted (the parent's list). */
  afterPath: string;
  onRefused: (message: string | null) => void;
};

export function DeleteRecordButton({
  level,
  id,
  name,
  afterPath,
  onRefused,
}: DeleteRecordButtonProps) {
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const { showMessage } = useSnackbar();
  const navigate = useNavigate();
  const remove = useDeleteRecord();
  const [confirming, setConfirming] = useState(false);

  const confirm = () => {
    onRefused(null);
    remove.mutate(
      { level, id },
      {
        onSuccess: () => {
          showMessage(t('portfolio.delete.deleted', { name }));
          void navigate(afterPath, { replace: true });
        },
        onError: (error) => onRefused(errorMessages(error).map(translate).join('\n')),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteOutlineRounded />}
        onClick={() => setConfirming(true)}
        data-testid="delete-record"
      >
        {t('portfolio.actions.delete')}
      </Button>
      <ConfirmationDialog
        open={confirming}
        text={t('portfolio.delete.confirm', { name })}
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export type RefusalAlertProps = { name: string; message: string | null; onClose: () => void };

/** The server's refusal to delete, named and kept until dismissed. */
export function RefusalAlert({ name, message, onClose }: RefusalAlertProps) {
  const { t } = useTranslation();
  if (message === null) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      onClose={onClose}
      data-testid="delete-refusal"
      sx={{ whiteSpace: 'pre-line' }}
    >
      {t('portfolio.delete.refused', { name })} {message}
    </Alert>
  );
}
