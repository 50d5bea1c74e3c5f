// The rendered width of an element, following it as the layout changes (window, drawer, rotation).
// A callback ref, so an element that appears later (after an empty or table view) is measured too.
import { useCallback, useRef, useState } from 'react';

/** Used where layout is not measured (tests without a layout engine). */
export const FALLBACK_CHART_WIDTH = 640;

export function useElementWidth(): [ref: (element: HTMLElement | null) => void, width: number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (element === null) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
  }, []);
  return [ref, width > 0 ? width : FALLBACK_CHART_WIDTH];
}
