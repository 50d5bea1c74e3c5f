// Browser entry: read the stored settings once, fetch the chosen language's catalogue (English is
// bundled) and, for a right-to-left page, its styles, then render the app in that language.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadRtlStyles } from '@/app/providers';
import { createAppI18n, loadCatalogues } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { readSettings } from '@/lib/settings-storage';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('index.html has no #root element');
}

const initialSettings = readSettings();

// The dashboard is where a signed-in person lands: on a fresh load of it, its code and its data
// loader's code download while the session is checked instead of after. The route imports the
// same modules (and reports their failure).
if (window.location.pathname === '/dashboard') {
  import('@/app/routes/dashboard-entry').catch(() => undefined);
}

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
