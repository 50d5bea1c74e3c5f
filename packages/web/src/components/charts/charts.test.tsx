import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render-routes';
import { BarList } from './bar-list';
import { ColumnChart, StackedColumnChart } from './column-chart';

function renderElement(element: React.ReactNode) {
  return renderRoutes([{ path: '/', element }]);
}

const days = [
  { key: 'a', label: 'Nov 1', detail: 'November 1', value: 120 },
  { key: 'b', label: 'Nov 2', detail: 'November 2', value: 0 },
  { key: 'c', label: 'Nov 3', detail: 'November 3', value: 480.5 },
];

describe('ColumnChart', () => {
  it('draws one column per bucket and summarises the series for screen readers', async () => {
    renderElement(
      <ColumnChart title="Usage" valueLabel="Gallons" data={days} data-testid="usage-chart" />,
    );
    const chart = await screen.findByTestId('usage-chart');
    expect(within(chart).getAllByTestId('chart-column')).toHaveLength(3);
    const image = within(chart).getByRole('img');
    expect(image.getAttribute('aria-label')).toBe(
      'Usage: 3 periods from November 1 to November 3. Total 600.5; highest 480.5 (November 3).',
    );
  });

  it('shows the tooltip of the focused bucket and moves with the arrow keys', async () => {
    renderElement(
      <ColumnChart
        title="Usage"
        valueLabel="Gallons"
        data={days}
        formatValue={(value) => `${value} gal`}
      />,
    );
    const image = await screen.findByRole('img');
    fireEvent.focus(image);
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('November 3480.5 gal');
    fireEvent.keyDown(image, { key: 'ArrowLeft' });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('November 20 gal');
    fireEvent.keyDown(image, { key: 'Home' });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('November 1120 gal');
    fireEvent.keyDown(image, { key: 'Escape' });
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('switches to a table of the same figures and back', async () => {
    renderElement(<ColumnChart title="Usage" valueLabel="Gallons" data={days} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show as table' }));
    // The table's code loads when it is first asked for.
    const table = await screen.findByRole('table', { name: 'Usage' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PeriodGallons',
      'November 1120',
      'November 20',
      'November 3480.5',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show as chart' }));
    expect(screen.getByRole('img')).toBeTruthy();
  });

  it('marks projected buckets', async () => {
    renderElement(
      <ColumnChart
        title="Usage"
        valueLabel="Gallons"
        data={[days[0] ?? days[1], { key: 'p', label: 'Nov 4', value: 90, projected: true }].filter(
          (day) => day !== undefined,
        )}
      />,
    );
    const columns = await screen.findAllByTestId('chart-column');
    expect(columns.map((column) => column.getAttribute('data-projected'))).toEqual([null, 'true']);
  });

  it('shows the empty text when there is no bucket', async () => {
    renderElement(
      <ColumnChart title="Usage" valueLabel="Gallons" data={[]} emptyText="Nothing measured" />,
    );
    expect((await screen.findByTestId('chart-empty')).textContent).toBe('Nothing measured');
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('StackedColumnChart', () => {
  it('stacks the series and totals them in the tooltip and the table', async () => {
    renderElement(
      <StackedColumnChart
        title="Alerts"
        series={[
          { key: 'leak', label: 'Leaks' },
          { key: 'usage', label: 'Usage' },
        ]}
        data={[
          { key: '2026-10', label: 'Oct', values: [2, 1] },
          { key: '2026-11', label: 'Nov', values: [3, 4] },
        ]}
      />,
    );
    const columns = await screen.findAllByTestId('chart-column');
    expect(columns.map((column) => column.getAttribute('data-value'))).toEqual(['3', '7']);
    fireEvent.focus(screen.getByRole('img'));
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('NovLeaks: 3Usage: 4Total: 7');
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PeriodLeaksUsageTotal',
      'Oct213',
      'Nov347',
    ]);
  });
});

describe('BarList', () => {
  it('lists the items with bars relative to the largest and links where given', async () => {
    renderElement(
      <BarList
        title="Top units"
        items={[
          { key: '9', label: '4B', value: 300, to: '/units/9', secondary: 'Hall' },
          { key: '10', label: '5C', value: 150 },
        ]}
        formatValue={(value) => `${value} gal`}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Top units' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['4BHall300 gal', '5C150 gal']);
    expect(within(list).getByRole('link', { name: '4B' }).getAttribute('href')).toBe('/units/9');
  });

  it('folds a long list behind "show all"', async () => {
    renderElement(
      <BarList
        title="Units"
        limit={2}
        items={['A', 'B', 'C'].map((label, index) => ({ key: label, label, value: 10 - index }))}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Units' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show all (3)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('lists rows apart from the ranking after it, on the same scale, with a detail per value', async () => {
    renderElement(
      <BarList
        title="Fixtures"
        items={[{ key: '5', label: 'Toilet', value: 300, detail: '60%' }]}
        apart={[{ key: 'rest', label: 'Unaccounted', value: 150, secondary: 'Common taps' }]}
        apartTitle="Not a fixture"
        formatValue={(value) => `${value} gal`}
        data-testid="fixtures"
      />,
    );
    const ranked = await screen.findByRole('list', { name: 'Fixtures' });
    expect(
      within(ranked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Toilet300 gal60%']);
    const apart = screen.getByRole('list', { name: 'Not a fixture' });
    const row = within(apart).getByRole('listitem');
    expect(row.textContent).toBe('UnaccountedCommon taps150 gal');
    // Half the largest row: the bars share one scale.
    expect(row.getAttribute('data-bar')).toBe('0.500');
    expect(screen.getByTestId('fixtures-apart')).toBe(apart);
  });

  it('never folds the rows apart behind "show all"', async () => {
    renderElement(
      <BarList
        title="Fixtures"
        limit={1}
        items={['A', 'B'].map((label, index) => ({ key: label, label, value: 10 - index }))}
        apart={[{ key: 'rest', label: 'Unaccounted', value: 4 }]}
        apartTitle="Not a fixture"
      />,
    );
    const ranked = await screen.findByRole('list', { name: 'Fixtures' });
    expect(within(ranked).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('list', { name: 'Not a fixture' }).textContent).toBe('Unaccounted4');
  });

  it('shows the empty text when neither the ranking nor the rows apart hold water', async () => {
    renderElement(
      <BarList
        title="Fixtures"
        items={[]}
        apart={[{ key: 'rest', label: 'Unaccounted', value: 0 }]}
        emptyText="No usage yet"
      />,
    );
    expect((await screen.findByTestId('chart-empty')).textContent).toBe('No usage yet');
  });

  it('shows the empty text without items', async () => {
    renderElement(<BarList title="Top units" items={[]} emptyText="No usage yet" />);
    expect((await screen.findByTestId('chart-empty')).textContent).toBe('No usage yet');
  });
});
