import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { Settings } from '@/lib/settings-storage';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export type AppProps = {
  i18n: i18n;
  queryClient: QueryClient;
  initialSettings: Settings;
};

export function App({ i18n, queryClient, initialSettings }: AppProps) {
  return (
    <AppProviders i18n={i18n} queryClient={queryClient} initialSettings={initialSettings}>
      <AppRouter />
    </AppProviders>
  );
}
