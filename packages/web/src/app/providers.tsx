// Everything a page may rely on, in one place: translations, server state, interface settings,
// the theme (with its direction), snackbars and the signed-in session. The router renders inside
// these, so error pages are themed and translated too.
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { prefixer } from 'stylis';
import { SnackbarProvider } from '@/components/feedback/snackbar-provider';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { SettingsProvider, useSettings } from '@/lib/settings-context';
import type { Settings } from '@/lib/settings-storage';
import { createAppTheme } from '@/lib/theme';

// Right-to-left styles are the left-to-right ones mirrored by a stylis plugin, in their own cache.
// The plugin loads the first time the direction is right-to-left: before the first render when
// the stored settings ask for it (see `main.tsx`), else when the setting changes.
const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | null = null;

/** Makes the right-to-left style cache ready. */
export async function loadRtlStyles(): Promise<void> {
  if (rtlCache !== null) return;
  const { default: rtlPlugin } = await import('stylis-plugin-rtl');
  rtlCache ??= createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] });
}

/** The style cache for `direction`, or null while the right-to-left one is still loading. */
function styleCacheFor(direction: Settings['direction']): EmotionCache | null {
  return direction === 'rtl' ? rtlCache : ltrCache;
}

export type AppThemeProviderProps = {
  children: ReactNode;
};

/** The theme for the chosen settings; mode `system` follows the operating system and its changes. */
export function AppThemeProvider({ children }: AppThemeProviderProps) {
  const { settings } = useSettings();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const systemMode = prefersDark ? 'dark' : 'light';
  const mode = settings.mode === 'system' ? systemMode : settings.mode;
  const { preset, font, language } = settings;
  const [, setRtlLoaded] = useState(false);
  // Until the right-to-left styles have loaded, the page keeps its left-to-right ones.
  const cache = styleCacheFor(settings.direction);
  const direction = cache === null ? 'ltr' : settings.direction;
  useEffect(() => {
    if (settings.direction !== 'rtl' || styleCacheFor('rtl') !== null) return;
    let current = true;
    loadRtlStyles().then(
      () => current && setRtlLoaded(true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [settings.direction]);
  const theme = useMemo(
    () => createAppTheme({ mode, preset, direction, font, language }),
    [mode, preset, direction, font, language],
  );

  return (
    <CacheProvider value={cache ?? ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
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
            <SnackbarProvider>
              <AuthProvider>{children}</AuthProvider>
            </SnackbarProvider>
          </AppThemeProvider>
        </SettingsProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
