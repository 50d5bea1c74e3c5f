// The rendered width of an element, following it as the layout changes (window, drawer, rotation).
// A callback ref, so an element that appears later (after an empty or table view) is measured too.
// The width comes from a ResizeObserver, which reports it once the browser lays the page out
// anyway: measuring while React commits would force a layout of the whole page in the middle of
// the commit, one long task on a slow phone. Until the first report the width is `null`; the
// update is a transition, so drawing at the new width yields to input.
import { startTransition, useCallback, useRef, useState } from 'react';

/** Used where layout is not measured (tests without a layout engine, a hidden element). */
export const FALLBACK_CHART_WIDTH = 640;

export function useElementWidth(): [
  ref: (element: HTMLElement | null) => void,
  width: number | null,
] {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (element === null) return;
    const measured = (value: number) => (value > 0 ? Math.floor(value) : FALLBACK_CHART_WIDTH);
    if (typeof ResizeObserver === 'undefined') {
      setWidth(measured(element.getBoundingClientRect().width));
      return;
    }
    observer.current = new ResizeObserver(([entry]) => {
      if (entry === undefined) return;
      startTransition(() => setWidth(measured(entry.contentRect.width)));
    });
    observer.current.observe(element);
  }, []);
  return [ref, width];
}
