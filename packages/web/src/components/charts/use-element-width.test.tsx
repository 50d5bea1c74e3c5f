import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render-routes';
import { ColumnChart } from './column-chart';

/** A ResizeObserver the test drives: `report` is what the browser does after a layout. */
class FakeResizeObserver {
  static last: FakeResizeObserver | null = null;
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.last = this;
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  report(width: number) {
    const entry = { contentRect: { width } } as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
}

const days = [
  { key: 'a', label: 'Nov 1', value: 120 },
  { key: 'b', label: 'Nov 2', value: 40 },
];

afterEach(() => {
  vi.unstubAllGlobals();
  FakeResizeObserver.last = null;
});

describe('a chart measured by a ResizeObserver', () => {
  it('holds its place with a skeleton until the width is reported, then draws at that width', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    renderRoutes([
      {
        path: '/',
        element: <ColumnChart title="Usage" valueLabel="Gallons" data={days} data-testid="c" />,
      },
    ]);
    const chart = await screen.findByTestId('c');
    // No layout was forced while React committed: nothing is drawn before the report.
    expect(within(chart).queryByTestId('chart-svg')).toBeNull();
    expect(chart.querySelector('.MuiSkeleton-root')).not.toBeNull();
    expect(within(chart).getByTestId('chart-table-toggle')).toBeTruthy();

    await act(async () => FakeResizeObserver.last?.report(412.7));
    const svg = within(chart).getByTestId('chart-svg');
    expect(svg.getAttribute('width')).toBe('412');
    expect(chart.querySelector('.MuiSkeleton-root')).toBeNull();

    await act(async () => FakeResizeObserver.last?.report(300));
    expect(within(chart).getByTestId('chart-svg').getAttribute('width')).toBe('300');
  });
});
