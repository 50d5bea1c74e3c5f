// Runs before every web test file: each test starts from an empty page and empty storage.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadEnglishPages } from '@/i18n/i18n';

// Components render here without the pages' loaders, so the whole English catalogue is there
// from the start, as it is in the app by the time any page but the dashboard shows.
await loadEnglishPages();

// Lazy routes load their code on first use; on a busy CI machine that can take seconds, so
// `findBy…` waits up to 10 s rather than Testing Library's default 1 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('lang');
});
