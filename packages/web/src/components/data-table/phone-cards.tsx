// The list kit's phone layout: one card per row, built from the same columns as the table — the
// title and its chips on the first line, subtitles under it, then the labelled details. When a
// column is the row's open button (`opens`), the whole card is; otherwise (a title that is its own
// link) the card is not a button. Actions and the checkbox sit outside the open button.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Cell, flexRender, type Row } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { type CardRole, headingOf } from './list-column';
import type { RowRendering } from './row-rendering';
import { RowCheckbox } from './selection-column';

export type PhoneCardsProps<T> = RowRendering<T> & {
  rows: Row<T>[];
  label: string;
  testId?: string;
  /** The loading or empty state, shown instead of cards. */
  status: ReactNode;
  /** Names a row for its checkbox, when rows are selectable. */
  selectLabel?: (row: T) => string;
};

type CardPart = { id: string; role: CardRole; label: string; content: ReactNode };

const empty = (content: ReactNode) => content === null || content === undefined || content === '';

/** What a row's cells show on its card, by their role; cells without content are left out. */
function cardParts<T>(row: Row<T>): CardPart[] {
  return row.getVisibleCells().flatMap((cell: Cell<T, unknown>) => {
    const meta = cell.column.columnDef.meta;
    const role = meta?.card ?? 'detail';
    if (role === 'hidden') return [];
    const content =
      meta?.cardCell === undefined
        ? flexRender(cell.column.columnDef.cell, cell.getContext())
        : meta.cardCell(row.original);
    if (empty(content)) return [];
    return [{ id: cell.id, role, label: meta?.cardLabel ?? headingOf(cell.column), content }];
  });
}

/** Whether a column of the row is its open button. */
const opensRow = <T,>(row: Row<T>) =>
  row.getVisibleCells().some((cell) => cell.column.columnDef.meta?.opens === true);

const withRole = (parts: CardPart[], role: CardRole) => parts.filter((part) => part.role === role);

function CardBody({ parts }: { parts: CardPart[] }) {
  const badges = withRole(parts, 'badge');
  const details = withRole(parts, 'detail');
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{
            typography: 'body1',
            fontWeight: 600,
            flex: 1,
            minWidth: 0,
            overflowWrap: 'anywhere',
          }}
        >
          {withRole(parts, 'title').map((part) => (
            <Box key={part.id}>{part.content}</Box>
          ))}
        </Box>
        {badges.length > 0 && (
          <Stack direction="row" spacing={0.5}>
            {badges.map((part) => (
              <Box key={part.id}>{part.content}</Box>
            ))}
          </Stack>
        )}
      </Stack>
      {withRole(parts, 'subtitle').map((part) => (
        <Typography
          key={part.id}
          variant="body2"
          component="div"
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {part.content}
        </Typography>
      ))}
      {details.length > 0 && (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            rowGap: 0.25,
            m: 0,
            mt: 0.75,
            typography: 'body2',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          {details.map((part) => (
            <Box key={part.id} sx={{ display: 'contents' }}>
              <dt>{part.label}</dt>
              <dd>{part.content}</dd>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

type PhoneCardProps<T> = RowRendering<T> & { row: Row<T>; selectLabel?: (row: T) => string };

function PhoneCard<T>({ row, rowProps, onOpen, openLabel, selectLabel }: PhoneCardProps<T>) {
  const parts = cardParts(row);
  const actions = withRole(parts, 'action');
  const body = <CardBody parts={parts} />;
  return (
    <Card variant="outlined" role="listitem" {...rowProps?.(row.original)}>
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        {selectLabel !== undefined && (
          <Box sx={{ pt: 1, pl: 0.5 }}>
            <RowCheckbox row={row} label={selectLabel(row.original)} />
          </Box>
        )}
        {onOpen === undefined || !opensRow(row) ? (
          <Box sx={{ p: 1.5, flex: 1, minWidth: 0 }}>{body}</Box>
        ) : (
          <CardActionArea
            onClick={() => onOpen(row.original)}
            aria-label={openLabel?.(row.original)}
            sx={{ p: 1.5, flex: 1, minWidth: 0 }}
          >
            {body}
          </CardActionArea>
        )}
      </Stack>
      {actions.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ px: 1.5, pb: 1.5, flexWrap: 'wrap' }}>
          {actions.map((part) => (
            <Box key={part.id}>{part.content}</Box>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function PhoneCards<T>({ rows, label, testId, status, ...rendering }: PhoneCardsProps<T>) {
  return (
    <Stack spacing={1} sx={{ p: 1 }} role="list" aria-label={label} data-testid={testId}>
      {status}
      {rows.map((row) => (
        <PhoneCard key={row.id} row={row} {...rendering} />
      ))}
    </Stack>
  );
}
