// The list kit: a heading click writes the sort to the address, the paging bar writes the page and
// page size, rows are selected one by one or a page at a time, columns hide from the menu, and
// below `sm` the same columns become cards.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppI18n } from '@/i18n/i18n';
import { resources } from '@/i18n/resources';
import { defineList, listStateFrom, writeListState } from '@/lib/list-params';
import { DataTable } from './data-table';
import type { ListColumn } from './list-column';
import { type ListChange, type ListTable, useListTable } from './use-list-table';

type Meter = { id: number; mac: string; battery: number; status: string };

const spec = defineList({
  pageSizes: [2, 5],
  sortFields: ['mac', 'battery'],
  defaultSort: 'mac:ASC',
});

const meters: Meter[] = [
  { id: 1, mac: 'aa:01', battery: 80, status: 'Transmitting' },
  { id: 2, mac: 'aa:02', battery: 12, status: 'Silent' },
];

const columns: ListColumn<Meter>[] = [
  {
    id: 'mac',
    header: 'MAC',
    cell: ({ row }) => row.original.mac,
    meta: { sortField: 'mac', opens: true, card: 'title' },
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => row.original.status,
    meta: { card: 'badge' },
  },
  {
    id: 'battery',
    header: 'Battery',
    cell: ({ row }) => `${row.original.battery} %`,
    meta: { sortField: 'battery' },
  },
  { id: 'note', header: 'Note', cell: () => 'only on desktops', meta: { card: 'hidden' } },
];

type HarnessProps = {
  onOpen?: (row: Meter) => void;
  onSelected?: (ids: (string | number)[]) => void;
  selectable?: boolean;
  hideable?: boolean;
  total?: number;
};

let shownSearch = '';

/** The rows' read, done: the list shows them. */
const loaded = {
  isFetching: false,
  isPending: false,
  isSuccess: true,
  isError: false,
  error: null,
  refetch: () => undefined,
};

/** A list over `meters` that keeps its state in the (memory) address, as a feature's does. */
function Harness({ onOpen, onSelected, selectable, hideable, total = 7 }: HarnessProps) {
  const [search, setSearch] = useSearchParams();
  const state = listStateFrom(search, spec);
  shownSearch = search.toString();
  const change = (next: ListChange) =>
    setSearch(writeListState(new URLSearchParams(), { ...state, page: 1, ...next }, spec));
  const list = useListTable({
    columns,
    query: loaded,
    rows: meters,
    total,
    state,
    onChange: change,
    selection: selectable === true ? { label: (row) => row.mac } : undefined,
    columnVisibility: hideable === true ? { hideable: ['battery', 'note'] } : undefined,
  });
  onSelected?.(list.selectedIds);
  return <Table list={list} onOpen={onOpen} />;
}

function Table({ list, onOpen }: { list: ListTable<Meter>; onOpen?: (row: Meter) => void }) {
  return (
    <DataTable
      list={list}
      label="Meters"
      emptyText="No meters"
      loadError="Could not load"
      retryLabel="Retry"
      pageSizes={spec.pageSizes}
      rowsPerPageLabel="Rows per page"
      testIds={{ table: 'meters-table', cards: 'meters-cards', empty: 'meters-empty' }}
      rowProps={(row) => ({ 'data-testid': 'meter-row', 'data-meter-id': row.id })}
      onOpen={onOpen}
      openLabel={(row) => `Open ${row.mac}`}
    />
  );
}

function renderList(address: string, props: HarnessProps = {}) {
  return render(
    <I18nextProvider i18n={createAppI18n('en', resources)}>
      <MemoryRouter initialEntries={[address]}>
        <Harness {...props} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** Makes `(max-width: …)` media queries match, as on a phone. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the list kit', () => {
  it('renders the rows with their attributes and sorting headings as buttons', () => {
    renderList('/meters');
    const table = screen.getByRole('table', { name: 'Meters' });
    expect(table.getAttribute('data-testid')).toBe('meters-table');
    const rows = screen.getAllByTestId('meter-row');
    expect(rows.map((row) => row.getAttribute('data-meter-id'))).toEqual(['1', '2']);
    const [mac, status, battery] = screen.getAllByRole('columnheader');
    expect(mac?.getAttribute('aria-sort')).toBe('ascending');
    expect(within(mac as HTMLElement).getByRole('button', { name: 'MAC' })).toBeTruthy();
    expect(within(status as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(battery as HTMLElement).getByRole('button', { name: 'Battery' })).toBeTruthy();
  });

  it('writes the sort to the address: the active column flips, another starts ascending', () => {
    renderList('/meters?page=3');
    fireEvent.click(screen.getByRole('button', { name: 'MAC' }));
    expect(shownSearch).toBe('sort=mac%3ADESC');
    fireEvent.click(screen.getByRole('button', { name: 'MAC' }));
    expect(shownSearch).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Battery' }));
    expect(shownSearch).toBe('sort=battery%3AASC');
    expect(screen.getAllByRole('columnheader')[2]?.getAttribute('aria-sort')).toBe('ascending');
  });

  it('writes the page and the page size to the address', () => {
    renderList('/meters');
    expect(screen.getByText('1–2 of 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(shownSearch).toBe('page=2');
    expect(screen.getByText('3–4 of 7')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '5' }));
    expect(shownSearch).toBe('limit=5');
  });

  it('opens a row on a click and from its named open button', () => {
    const onOpen = vi.fn();
    renderList('/meters', { onOpen });
    fireEvent.click(screen.getAllByTestId('meter-row')[1] as HTMLElement);
    expect(onOpen).toHaveBeenLastCalledWith(meters[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Open aa:01' }));
    expect(onOpen).toHaveBeenLastCalledWith(meters[0]);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('selects rows one by one or the whole page, and exposes the selected ids', () => {
    const onSelected = vi.fn();
    const onOpen = vi.fn();
    renderList('/meters', { selectable: true, onSelected, onOpen });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select aa:02' }));
    expect(onSelected).toHaveBeenLastCalledWith([2]);
    expect(onOpen).not.toHaveBeenCalled();
    const some = screen.getByRole('checkbox', { name: 'Select all on this page' });
    expect(some.getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(some);
    expect(onSelected).toHaveBeenLastCalledWith([1, 2]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(onSelected).toHaveBeenLastCalledWith([]);
  });

  it('hides and shows a column from the column menu', () => {
    renderList('/meters', { hideable: true });
    const headings = () =>
      screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);
    expect(headings()).toEqual(['MAC', 'Status', 'Battery', 'Note']);
    fireEvent.click(screen.getByRole('button', { name: 'Choose the columns shown' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Battery', 'Note']);
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Battery' }));
    expect(headings()).toEqual(['MAC', 'Status', 'Note']);
    expect(screen.getAllByTestId('meter-row')[0]?.textContent).not.toContain('80 %');
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Battery' }));
    expect(headings()).toEqual(['MAC', 'Status', 'Battery', 'Note']);
  });

  it('shows a card per row on phones, built from the same columns', () => {
    onPhone();
    const onOpen = vi.fn();
    renderList('/meters', { onOpen, selectable: true });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getByTestId('meters-cards');
    expect(cards.getAttribute('aria-label')).toBe('Meters');
    const [first] = within(cards).getAllByRole('listitem');
    expect(first?.getAttribute('data-meter-id')).toBe('1');
    // Title and badge, then the battery as a labelled detail; the hidden column stays off.
    expect(first?.textContent).toContain('aa:01');
    expect(first?.textContent).toContain('Transmitting');
    expect(within(first as HTMLElement).getByText('Battery').tagName).toBe('DT');
    expect(within(first as HTMLElement).getByText('80 %').tagName).toBe('DD');
    expect(first?.textContent).not.toContain('only on desktops');
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Open aa:01' }));
    expect(onOpen).toHaveBeenCalledWith(meters[0]);
    expect(
      within(first as HTMLElement).getByRole('checkbox', { name: 'Select aa:01' }),
    ).toBeTruthy();
  });
});
