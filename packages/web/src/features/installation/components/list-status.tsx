// The body of an installation list while it is not a list yet: a progress bar while it loads,
// the reason with "Try again" when it could not be read, "Loading" before the first answer and
// the empty text when there is nothing; otherwise the rows it is given.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ListStatusProps = {
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** Undefined before the first answer. */
  count: number | undefined;
  empty: string;
  emptyTestId?: string;
  children: ReactNode;
};

export function ListStatus({
  loading,
  error,
  onRetry,
  count,
  empty,
  emptyTestId,
  children,
}: ListStatusProps) {
  const { t } = useTranslation();
  return (
    <>
      {loading && <LinearProgress aria-label={t('common.loading')} />}
      {error !== null ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" onClick={onRetry}>
              {t('installation.retry')}
            </Button>
          }
        >
          {error}
        </Alert>
      ) : count === undefined ? (
        <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('common.loading')}</Typography>
      ) : count === 0 ? (
        <Typography sx={{ p: 2, color: 'text.secondary' }} data-testid={emptyTestId}>
          {empty}
        </Typography>
      ) : (
        children
      )}
    </>
  );
}
