import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '@/app/router';
import { SETTINGS_STORAGE_KEY } from '@/lib/settings-storage';
import { renderRoutes } from '@/testing/render-routes';

function storedSettings(): unknown {
  return JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? 'null');
}

describe('public layout settings', () => {
  it('switches the interface language from the selector and remembers it', async () => {
    renderRoutes(appRoutes, { path: '/no-such-page' });
    await screen.findByTestId('not-found-page');

    // The select's menu loads on the first input on the page, here this press.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Français' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(storedSettings()).toMatchObject({ mode: 'light', language: 'fr' });
  });

  it('starts in the stored language', async () => {
    renderRoutes(appRoutes, { path: '/no-such-page', settings: { language: 'zh' } });

    expect(await screen.findByRole('heading', { level: 1, name: '页面未找到' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh');
  });

  it('toggles between light and dark mode and remembers the choice', async () => {
    renderRoutes(appRoutes, { path: '/no-such-page' });
    await screen.findByTestId('not-found-page');

    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
    expect(storedSettings()).toMatchObject({ mode: 'dark', language: 'en' });

    fireEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(storedSettings()).toMatchObject({ mode: 'light', language: 'en' });
  });
});
