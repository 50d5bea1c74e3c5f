import Table from '@mui/material/Table';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SortableHeadCell } from './sortable-head-cell';

type Field = 'name' | 'created';

function renderHead(sort: { field: Field; direction: 'ASC' | 'DESC' }, onSort = vi.fn()) {
  render(
    <Table>
      <TableHead>
        <TableRow>
          <SortableHeadCell label="Name" field="name" sort={sort} onSort={onSort} />
          <SortableHeadCell
            label="Created"
            field={'created' as Field}
            sort={sort}
            onSort={onSort}
            firstDirection="DESC"
          />
          <SortableHeadCell label="Notes" field={null} sort={sort} onSort={onSort} />
        </TableRow>
      </TableHead>
    </Table>,
  );
  return onSort;
}

describe('sortable head cell', () => {
  it('marks the active column with its direction and sorts by a column when clicked', () => {
    const onSort = renderHead({ field: 'name', direction: 'DESC' });
    const [name, created, notes] = screen.getAllByRole('columnheader');
    expect(name?.getAttribute('aria-sort')).toBe('descending');
    expect(created?.getAttribute('aria-sort')).toBeNull();
    // A column without a field is plain text.
    expect(within(notes as HTMLElement).queryByRole('button')).toBeNull();
    expect(notes?.textContent).toBe('Notes');

    fireEvent.click(screen.getByRole('button', { name: /Created/ }));
    expect(onSort).toHaveBeenCalledWith('created');
  });

  it('shows on an inactive column the direction its first click sorts by', () => {
    renderHead({ field: 'name', direction: 'ASC' });
    const label = (name: RegExp) => screen.getByRole('button', { name }).className;
    expect(label(/Name/)).toContain('MuiTableSortLabel-directionAsc');
    expect(label(/Created/)).toContain('MuiTableSortLabel-directionDesc');
  });
});
