// Everything a page may rely on, in one place: translations, server state, interface settings,
// the theme and the signed-in session. The router renders inside these, so error pages are themed
// and translated too.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { SettingsProvider, useSettings } from '@/lib/settings-context';
import type { Settings } from '@/lib/settings-storage';
import { createAppTheme } from '@/lib/theme';

export type AppThemeProviderProps = {
  children: ReactNode;
};

/** The theme for the chosen mode; `system` follows the operating system and its changes. */
export function AppThemeProvider({ children }: AppThemeProviderProps) {
  const { settings } = useSettings();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const systemMode = prefersDark ? 'dark' : 'light';
  const mode = settings.mode === 'system' ? systemMode : settings.mode;
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export type AppProvidersProps = {
  i18n: i18n;
  queryClient: QueryClient;
  initialSettings: Settings;
  children: ReactNode;
};

export function AppProviders({ i18n, queryClient, initialSettings, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SettingsProvider initialSettings={initialSettings}>
          <AppThemeProvider>
            <AuthProvider>{children}</AuthProvider>
          </AppThemeProvider>
        </SettingsProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
