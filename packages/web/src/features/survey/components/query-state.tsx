// A panel's read in its three states: a skeleton while it loads, the failure with a retry, or its
// data handed to `children`.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '@/lib/api-error';

export type QueryStateProps<T> = {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
};

export function QueryState<T>({ query, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.error !== null && query.error !== undefined) {
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void query.refetch()}>{t('survey.retry')}</Button>}
      >
        {errorMessages(query.error).join(' ')}
      </Alert>
    );
  }
  if (query.isPending || query.data === undefined) {
    return <Skeleton variant="rounded" height={72} aria-label={t('survey.loading')} />;
  }
  return children(query.data);
}
