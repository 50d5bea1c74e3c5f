// The kinds of column the four portfolio lists share, for the list kit: the name (a link to the
// record, the card's title), city, a count, and plain text. Each list declares its columns with
// these in `portfolio-lists.tsx`.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CardRole, ColumnFrom, ListColumn } from '@/components/data-table/list-column';
import { placeOf } from '../utils/format';

type ColumnOptions = {
  sortField?: string;
  from?: ColumnFrom;
  card?: CardRole;
  /** The heading's tooltip: what the figure counts or compares. */
  help?: string;
};

export const dash = (text: string | null | undefined) =>
  text === null || text === undefined || text === '' ? '—' : text;

/** The record's name, linked to its page; the link handles its own clicks (and new tabs). */
export function nameColumn<Row>(
  header: string,
  name: (row: Row) => string,
  rowPath: (row: Row) => string,
): ListColumn<Row> {
  return {
    id: 'name',
    header,
    cell: ({ row }) => (
      <Link
        component={RouterLink}
        to={rowPath(row.original)}
        underline="hover"
        sx={{ fontWeight: 500 }}
        onClick={(event) => event.stopPropagation()}
      >
        {name(row.original)}
      </Link>
    ),
    meta: { sortField: 'name', cellSx: { minWidth: 140 }, card: 'title' },
  };
}

/** Any column whose cell is `render`'s text or element, on one line. */
export function textColumn<Row>(
  id: string,
  header: string,
  render: (row: Row) => ReactNode,
  { sortField, from, card, help }: ColumnOptions = {},
): ListColumn<Row> {
  return {
    id,
    header,
    cell: ({ row }) => render(row.original),
    meta: {
      sortField,
      from,
      card,
      cellSx: { whiteSpace: 'nowrap' },
      ...(help === undefined ? {} : { help }),
    },
  };
}

/** A count, aligned right. */
export function countColumn<Row>(
  id: string,
  header: string,
  render: (row: Row) => ReactNode,
  options: ColumnOptions = {},
): ListColumn<Row> {
  const column = textColumn(id, header, render, options);
  return { ...column, meta: { ...column.meta, align: 'right' } };
}

/** City and state, sorted by city, from the `md` breakpoint (or `from`). */
export function cityColumn<Row extends { city_name: string | null; state_name: string | null }>(
  header: string,
  from: ColumnFrom = 'md',
): ListColumn<Row> {
  return textColumn('city', header, (row) => dash(placeOf(row)), {
    sortField: 'city_name',
    from,
  });
}

/**
 * This month's whole days against as many days of last month, signed ("+25%", "−12.5%"): more
 * water reads in the warning colour, less in the success colour; a dash on the 1st (no whole day
 * yet) and when last month had none to compare.
 */
export function ChangeText({
  percent,
  format,
}: {
  percent: number | null;
  format: (value: number) => string;
}) {
  if (percent === null) return <>—</>;
  const color = percent > 0 ? 'warning.dark' : percent < 0 ? 'success.dark' : 'text.secondary';
  return (
    <Box component="span" sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {`${format(percent)}%`}
    </Box>
  );
}
