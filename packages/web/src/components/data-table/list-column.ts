// What a list's column declares beyond TanStack Table's own definition: the field it sorts by on
// the server, from which width it shows, its cell style, and the part it plays on a phone card.
// One declaration drives the desktop table and the phone cards.
import type { SxProps, Theme } from '@mui/material/styles';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/**
 * A column's place on a phone card: the bold first line (`title`), a chip beside it (`badge`), a
 * line under it (`subtitle`), a labelled fact (`detail`, the default), a control under the card
 * (`action`), or not on the card (`hidden`).
 */
export type CardRole = 'title' | 'badge' | 'subtitle' | 'detail' | 'action' | 'hidden';

/** The smallest width at which a column shows in the table (every width when absent). */
export type ColumnFrom = 'sm' | 'md' | 'lg' | 'xl';

declare module '@tanstack/react-table' {
  // Type parameters must match TanStack's declaration.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The server's field this column sorts by; a column without one does not sort. */
    sortField?: string;
    from?: ColumnFrom;
    align?: 'left' | 'right' | 'center';
    headSx?: SxProps<Theme>;
    cellSx?: SxProps<Theme>;
    /** The cell's content is the row's open button (named by the list's `openLabel`). */
    opens?: boolean;
    /** The cell handles its own clicks (menus, buttons): a click does not open the row. */
    ownClicks?: boolean;
    card?: CardRole;
    /** The fact's name on a card, when not the column's heading. */
    cardLabel?: string;
    /** What the card shows, when not the table cell's content; null leaves it out. */
    cardCell?: (row: TData) => ReactNode;
    /** What the figure means, shown as the heading's tooltip (how it is counted, what it compares). */
    help?: string;
  }
}

/** A list column: an id, a heading text and a cell, with the kit's metadata. */
export type ListColumn<T> = ColumnDef<T, unknown> & { id: string; header: string };

/** The column's heading as text (every list column's heading is text). */
export function headingOf(column: { columnDef: { header?: unknown } }): string {
  return typeof column.columnDef.header === 'string' ? column.columnDef.header : '';
}

/** The `display` that hides a column below its breakpoint. */
export function displayFrom(from: ColumnFrom | undefined, shown: 'table-cell' | 'block') {
  return from === undefined ? {} : { display: { xs: 'none', [from]: shown } };
}
