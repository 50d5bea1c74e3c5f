// Browser entry: read the stored settings once, then render the app in the chosen language.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppI18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { readSettings } from '@/lib/settings-storage';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('index.html has no #root element');
}

const initialSettings = readSettings();

createRoot(container).render(
  <StrictMode>
    <App
      i18n={createAppI18n(initialSettings.language)}
      queryClient={createQueryClient()}
      initialSettings={initialSettings}
    />
  </StrictMode>,
);
