import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyTooltip } from './lazy-tooltip';

describe('frame tooltip', () => {
  it('names its element until the first input, then is the tooltip, the focus kept', async () => {
    render(
      <>
        <LazyTooltip title="Change password">
          <button type="button">A</button>
        </LazyTooltip>
        <LazyTooltip title="Customize">
          <button type="button" aria-label="Settings">
            B
          </button>
        </LazyTooltip>
      </>,
    );
    const first = screen.getByRole('button', { name: 'Change password' });
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
    first.focus();

    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change password' })).not.toBe(first),
    );
    const loaded = screen.getByRole('button', { name: 'Change password' });
    expect(document.activeElement).toBe(loaded);
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();

    // The focused element shows its tooltip as a real one would, and so does a hovered one.
    expect((await screen.findByRole('tooltip')).textContent).toBe('Change password');
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Settings' }));
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').map((tooltip) => tooltip.textContent)).toContain(
        'Customize',
      ),
    );
  });
});
