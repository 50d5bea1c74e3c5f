// Runs before every web test file: each test starts from an empty page and empty storage.
//
// The files of a worker share one jsdom window and the installed packages (`isolate: false` in
// vitest.config.ts: setting up a window and importing React and MUI again for every file took
// 35 % of this project's time). What a file could notice is reset here: the app's own modules are
// evaluated afresh (vi.resetModules), clocks, stubs and spies are the real ones, and storage, the
// address and the page start empty.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
window.localStorage.clear();
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');
document.title = '';
document.body.replaceChildren();

// Components render here without the pages' loaders, so the whole English catalogue is there
// from the start, as it is in the app by the time any page but the dashboard shows.
const { loadEnglishPages } = await import('@/i18n/i18n');
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
