// The micrometers whose latest bench test failed (newest first), with a "Clear results" action
// for the roles that may clear them.
import DeleteSweepRounded from '@mui/icons-material/DeleteSweepRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { ListPagination } from '@/components/list-pagination';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { displayDate } from '@/lib/display-date';
import { useClearBenchTests } from '../api/clear-bench-tests';
import { useFailedBenchTests } from '../api/get-failed-bench-tests';

const PAGE_SIZES = [10, 20, 50] as const;

export type FailedTestsListProps = { mayClear: boolean };

export function FailedTestsList({ mayClear }: FailedTestsListProps) {
  const { t, i18n } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: 10 });
  const failed = useFailedBenchTests(paging);
  const clear = useClearBenchTests();
  const [confirming, setConfirming] = useState(false);
  const rows = failed.data?.data ?? [];
  const total = failed.data?.meta.totalItems ?? 0;

  const confirmClear = () =>
    clear.mutate(undefined, {
      onSuccess: ({ cleared }) => {
        showMessage(t('sensorTesting.failed.cleared', { count: cleared }), 'success');
        setConfirming(false);
        setPaging((current) => ({ ...current, page: 1 }));
      },
      onError: (error) => {
        showMessage(errorMessages(error).map(translate).join(' '), 'error');
        setConfirming(false);
      },
    });

  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: 3, overflow: 'hidden' }}
      component="section"
      aria-labelledby="failed-tests-title"
      data-testid="failed-tests"
    >
      {failed.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 2, pt: 2, pb: 1, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography id="failed-tests-title" variant="h6" component="h2" sx={{ fontSize: 18 }}>
          {t('sensorTesting.failed.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{failed.data ? `(${total})` : ''}</Typography>
        <Stack sx={{ flex: 1 }} />
        {mayClear && total > 0 && (
          <Button
            color="error"
            startIcon={<DeleteSweepRounded />}
            onClick={() => setConfirming(true)}
            disabled={clear.isPending}
            sx={{ minHeight: 44 }}
            data-testid="clear-results"
          >
            {t('sensorTesting.failed.clear')}
          </Button>
        )}
      </Stack>
      {failed.isError ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" onClick={() => void failed.refetch()}>
              {t('sensorTesting.retry')}
            </Button>
          }
        >
          {errorMessages(failed.error).map(translate).join(' ')}
        </Alert>
      ) : failed.isPending ? (
        <Typography sx={{ px: 2, pb: 2, color: 'text.secondary' }}>
          {t('common.loading')}
        </Typography>
      ) : rows.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2, color: 'text.secondary' }} data-testid="failed-empty">
          {t('sensorTesting.failed.empty')}
        </Typography>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => (
            <Stack
              component="li"
              key={row.id}
              spacing={0.25}
              sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}
              data-testid="failed-test"
            >
              <Typography sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                {row.mac_address}
              </Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{row.notes}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('sensorTesting.failed.by', {
                  date: displayDate(row.tested_at, i18n.language),
                  tester: row.tester_name ?? t('sensorTesting.failed.unknownTester'),
                })}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {total > PAGE_SIZES[0] && (
        <ListPagination
          total={total}
          page={paging.page}
          limit={paging.limit}
          sizes={PAGE_SIZES}
          label={t('sensorTesting.rowsPerPage')}
          onChange={(change) => setPaging((current) => ({ ...current, ...change }))}
        />
      )}
      <ConfirmationDialog
        open={confirming}
        title={t('sensorTesting.failed.clearTitle')}
        text={t('sensorTesting.failed.clearText')}
        busy={clear.isPending}
        onConfirm={confirmClear}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
