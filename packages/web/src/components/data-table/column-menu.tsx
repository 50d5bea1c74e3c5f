// The list kit's column menu: a small button above the table that lists the columns a person may
// hide, each with a checkbox.
import ViewColumnRounded from '@mui/icons-material/ViewColumnRounded';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { Table } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { headingOf } from './list-column';

export type ColumnMenuProps<T> = { table: Table<T> };

export function ColumnMenu<T>({ table }: ColumnMenuProps<T>) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <>
      <Tooltip title={t('dataTable.columns')}>
        <IconButton
          size="small"
          aria-label={t('dataTable.showColumns')}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ViewColumnRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((column) => (
          <MenuItem
            key={column.id}
            role="menuitemcheckbox"
            aria-checked={column.getIsVisible()}
            onClick={() => column.toggleVisibility()}
          >
            <Checkbox
              size="small"
              checked={column.getIsVisible()}
              tabIndex={-1}
              disableRipple
              slotProps={{ input: { 'aria-hidden': true } }}
              sx={{ p: 0, mr: 1 }}
            />
            <ListItemText>{headingOf(column)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
