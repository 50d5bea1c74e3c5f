import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyTooltip } from './lazy-tooltip';

function tooltipTexts() {
  return screen.queryAllByRole('tooltip').map((tooltip) => tooltip.textContent);
}

const anchors: HTMLElement[] = [];

function Anchored() {
  const [, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <LazyTooltip title="Leaks">
      <button
        type="button"
        onClick={(event) => {
          anchors.push(event.currentTarget);
          setAnchor(event.currentTarget);
        }}
      >
        Bell
      </button>
    </LazyTooltip>
  );
}

describe('frame tooltip', () => {
  it('names its element until the first input, then adds the tooltip without remounting it', async () => {
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
    const second = screen.getByRole('button', { name: 'Settings' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    // Tab onto the first button as a browser does it: the key goes down where the focus was,
    // the focus moves, the key comes up on the button. That is keyboard focus (:focus-visible),
    // whatever pointer use the window saw before.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    first.focus();
    fireEvent.keyUp(first, { key: 'Tab' });
    // The focused element shows its tooltip as a real one would, and so does a hovered one.
    await waitFor(() => expect(tooltipTexts()).toEqual(['Change password']));
    // The very same elements: nothing anchored to them or focused in them is lost.
    expect(screen.getByRole('button', { name: 'Change password' })).toBe(first);
    expect(screen.getByRole('button', { name: 'Settings' })).toBe(second);
    expect(document.activeElement).toBe(first);

    fireEvent.pointerEnter(second, { pointerType: 'mouse' });
    await waitFor(() => expect(tooltipTexts()).toContain('Customize'));
    fireEvent.pointerLeave(second, { pointerType: 'mouse' });
    await waitFor(() => expect(tooltipTexts()).not.toContain('Customize'));
  });

  it('keeps the pressed element in the page, so a pop-up anchored to it stays anchored', async () => {
    anchors.length = 0;
    render(<Anchored />);
    const bell = screen.getByRole('button', { name: 'Leaks' });
    act(() => {
      window.dispatchEvent(new PointerEvent('pointerdown'));
    });
    fireEvent.pointerDown(bell, { pointerType: 'touch' });
    fireEvent.click(bell);
    // The tooltip's code arrives (a tap does not open it) and the anchor is still the button.
    await act(async () => {
      await import('@mui/material/Tooltip');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('button', { name: 'Leaks' })).toBe(bell);
    expect(anchors).toEqual([bell]);
    expect(anchors[0]?.isConnected).toBe(true);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
