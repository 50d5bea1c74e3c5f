// The frame of a list page's results: a progress bar while the list (re)loads, and when loading
// failed, the reason with a retry button instead of the rows.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';

export type ListPanelProps = {
  /** The list's query (TanStack Query's result). */
  query: { isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Shown before the server's reasons when loading failed. */
  loadError: string;
  /** The retry button's text; "Try again" unless the list says otherwise. */
  retryLabel?: string;
  /** How the failure is told, when not by the server's messages. */
  describeError?: (error: unknown) => string;
  'data-testid'?: string;
  children: ReactNode;
};

export function ListPanel({
  query,
  loadError,
  retryLabel,
  describeError,
  'data-testid': testId,
  children,
}: ListPanelProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const reasons = (error: unknown) =>
    describeError ? describeError(error) : errorMessages(error).map(translate).join(' ');
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }} data-testid={testId}>
      {query.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      {query.isError ? (
        <Stack spacing={2} sx={{ p: 3, alignItems: 'flex-start' }}>
          <Alert
            severity="error"
            role="alert"
            sx={{ alignSelf: 'stretch', whiteSpace: 'pre-line' }}
          >
            {loadError} {reasons(query.error)}
          </Alert>
          <Button onClick={() => void query.refetch()}>{retryLabel ?? t('common.retry')}</Button>
        </Stack>
      ) : (
        children
      )}
    </Paper>
  );
}
