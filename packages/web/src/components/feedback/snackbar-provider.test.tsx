import { SNACKBAR_AUTO_HIDE_MS } from '@flowsight/domain/constants';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppI18n } from '@/i18n/i18n';
import { SnackbarProvider, useSnackbar } from './snackbar-provider';

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
});
