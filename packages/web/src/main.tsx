// Browser entry: read the stored settings once, fetch the chosen language's catalogue (English is
// bundled) and, for a right-to-left page, its styles, then render the app in that language.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadRtlStyles } from '@/app/providers';
import { startRouteCode } from '@/app/router';
import { beginSessionRestore } from '@/features/auth/components/auth-provider';
import { createAppI18n, loadCatalogues } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { readSettings } from '@/lib/settings-storage';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('index.html has no #root element');
}

const initialSettings = readSettings();

// Before the first render: the stored session's restore and the opened page's code start now, so
// they download together, and alongside the data the page's loader asks for once the router runs.
// The code a task later: the restore's request (sent after a few promise steps) goes out first,
// not behind the page's scripts on the browser's six connections.
beginSessionRestore();
setTimeout(() => startRouteCode(window.location.pathname), 0);

function render(catalogues: Awaited<ReturnType<typeof loadCatalogues>>) {
  if (container === null) return;
  const root = createRoot(container);
  // A transition: React renders the app in slices, yielding to the browser between them, instead
  // of one long task that holds back input on a slow phone. What is shown is the same.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App
          i18n={createAppI18n(initialSettings.language, catalogues)}
          queryClient={createQueryClient()}
          initialSettings={initialSettings}
        />
      </StrictMode>,
    );
  });
}

// Right-to-left styles, when stored as the direction, are ready before the first render; should
// they fail to load, the page shows left to right.
const rtlStyles =
  initialSettings.direction === 'rtl' ? loadRtlStyles().catch(() => undefined) : undefined;

// A catalogue that cannot be fetched (offline, a deployment in between) falls back to English.
Promise.all([loadCatalogues(initialSettings.language), rtlStyles]).then(
  ([catalogues]) => render(catalogues),
  () => render({}),
);
