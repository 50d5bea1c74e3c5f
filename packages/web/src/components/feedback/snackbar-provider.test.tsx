import { SNACKBAR_AUTO_HIDE_MS } from '@flowsight/domain/constants';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppI18n, loadCatalogues } from '@/i18n/i18n';
import { SnackbarProvider, useSnackbar } from './snackbar-provider';

function DefaultTrigger({ onUndo }: { onUndo: () => void }) {
  const { showMessage } = useSnackbar();
  return (
    <button type="button" onClick={() => showMessage(undefined, 'success', { onUndo })}>
      archive
    </button>
  );
}

function Trigger() {
  const { showMessage } = useSnackbar();
  return (
    <button type="button" onClick={() => showMessage('Status updated')}>
      show
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('snackbar', () => {
  it('shows a message and hides it after 6000 ms', () => {
    vi.useFakeTimers();
    render(
      <I18nextProvider i18n={createAppI18n('en')}>
        <SnackbarProvider>
          <Trigger />
        </SnackbarProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('alert').textContent).toContain('Status updated');
    expect(SNACKBAR_AUTO_HIDE_MS).toBe(6000);

    act(() => vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 100));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    // The exit transition runs on timers of its own.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the default message 'Note archived' with an 'UNDO' button that undoes", () => {
    const onUndo = vi.fn();
    render(
      <I18nextProvider i18n={createAppI18n('en')}>
        <SnackbarProvider>
          <DefaultTrigger onUndo={onUndo} />
        </SnackbarProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'archive' }));
    expect(screen.getByRole('alert').textContent).toContain('Note archived');
    fireEvent.click(screen.getByRole('button', { name: 'UNDO' }));
    expect(onUndo).toHaveBeenCalledOnce();
  });

  it('says the default message and the undo button in the user’s language', async () => {
    const french = createAppI18n('fr', await loadCatalogues('fr'));
    render(
      <I18nextProvider i18n={french}>
        <SnackbarProvider>
          <DefaultTrigger onUndo={() => {}} />
        </SnackbarProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'archive' }));
    expect(screen.getByRole('alert').textContent).toContain('Note archivée');
    expect(screen.getByRole('button', { name: 'ANNULER' })).toBeTruthy();
  });

  it('offers no undo button for a message without an undo', () => {
    render(
      <I18nextProvider i18n={createAppI18n('en')}>
        <SnackbarProvider>
          <Trigger />
        </SnackbarProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.queryByRole('button', { name: 'UNDO' })).toBeNull();
  });
});
