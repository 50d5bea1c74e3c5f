// A statistics section's query: a spinner while it loads, the server's message with a retry button
// when it fails, else the section.
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';

export type QueryStateProps = {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Only while the query may run: a disabled query stays pending. */
  enabled?: boolean;
  children: ReactNode;
};

/** A spinner while loading, the server's message and a retry button on failure, else children. */
export function QueryState({ query, enabled = true, children }: QueryStateProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  if (!enabled) return null;
  if (query.isError) {
    return (
      <Alert
        severity="error"
        data-testid="statistics-error"
        action={
          <Button
            color="inherit"
            size="small"
            startIcon={<RefreshRounded />}
            onClick={() => void query.refetch()}
          >
            {t('statistics.retry')}
          </Button>
        }
      >
        {errorMessages(query.error).map(translate).join('\n')}
      </Alert>
    );
  }
  if (query.isPending) return <PageLoader />;
  return <>{children}</>;
}
