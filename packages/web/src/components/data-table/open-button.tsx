// A row's open button in the list kit: the cell's content as a plain, focusable button, so the
// keyboard reaches what a click on the row does. It stops the click from reaching the row twice.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export type OpenButtonProps = { label: string; onOpen: () => void; children: ReactNode };

export function OpenButton({ label, onOpen, children }: OpenButtonProps) {
  return (
    <Box
      component="button"
      type="button"
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      sx={{
        all: 'unset',
        display: 'block',
        cursor: 'pointer',
        color: 'primary.main',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {children}
    </Box>
  );
}
