// The "from → to" cell of an event: one line per changed field, as useEventPresenter words it.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EventPresenter } from '../utils/event-change';

export type EventChangeProps = { lines: ReturnType<EventPresenter['lines']> };

export function EventChange({ lines }: EventChangeProps) {
  if (lines.length === 0) {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        —
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }} data-testid="event-change">
      {lines.map((line, index) => (
        <Typography
          // Lines have no identity of their own; the field names are unique within an event.
          key={line.field ?? index}
          variant="body2"
          component="div"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {line.field !== null && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {line.field}:{' '}
            </Box>
          )}
          {line.from !== null && (
            <>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {line.from}
              </Box>
              {' → '}
            </>
          )}
          <Box component="span" sx={{ fontWeight: 500 }}>
            {line.to}
          </Box>
        </Typography>
      ))}
    </Box>
  );
}
