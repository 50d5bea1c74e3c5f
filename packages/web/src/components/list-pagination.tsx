// The paging bar under every server-paged list: page (1-based, as the address keeps it), page
// size, and on phones the page-size choice gives way so the page arrows stay on screen.
import TablePagination from '@mui/material/TablePagination';

export type ListPaginationProps = {
  total: number;
  /** 1-based, as in the address. */
  page: number;
  limit: number;
  sizes: readonly number[];
  label: string;
  onChange: (change: { page?: number; limit?: number }) => void;
};

export function ListPagination({
  total,
  page,
  limit,
  sizes,
  label,
  onChange,
}: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={total === 0 ? 0 : Math.max(0, page - 1)}
      rowsPerPage={limit}
      rowsPerPageOptions={[...sizes]}
      labelRowsPerPage={label}
      sx={{
        '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
          display: { xs: 'none', sm: 'inline-flex' },
        },
      }}
      onPageChange={(_event, next) => onChange({ page: next + 1 })}
      onRowsPerPageChange={(event) => onChange({ limit: Number(event.target.value) })}
    />
  );
}
