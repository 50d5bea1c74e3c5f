// One step's choice among places (properties, buildings or units): a search box and a list of
// large rows that fit a thumb.
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListStatus } from './list-status';

export type PickItem = { id: number; name: string; detail?: string };

export type PickListProps = {
  search: string;
  onSearch: (search: string) => void;
  searchLabel: string;
  items: readonly PickItem[] | undefined;
  total: number;
  loading: boolean;
  error: string | null;
  empty: string;
  onRetry: () => void;
  onPick: (item: PickItem) => void;
  testId: string;
};

export function PickList({
  search,
  onSearch,
  searchLabel,
  items,
  total,
  loading,
  error,
  empty,
  onRetry,
  onPick,
  testId,
}: PickListProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }} data-testid={testId}>
      <TextField
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder={searchLabel}
        fullWidth
        slotProps={{
          htmlInput: { 'aria-label': searchLabel, enterKeyHint: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded />
              </InputAdornment>
            ),
            sx: { borderRadius: 0, '& fieldset': { border: 0 } },
          },
        }}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      />
      <ListStatus
        loading={loading}
        error={error}
        onRetry={onRetry}
        count={items?.length}
        empty={empty}
      >
        <List disablePadding>
          {(items ?? []).map((item) => (
            <ListItemButton
              key={item.id}
              onClick={() => onPick(item)}
              divider
              sx={{ minHeight: 60 }}
              data-testid="pick-item"
            >
              <ListItemText
                primary={item.name}
                secondary={item.detail}
                slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 17 } } }}
              />
              <ChevronRightRounded sx={{ color: 'text.secondary' }} />
            </ListItemButton>
          ))}
        </List>
      </ListStatus>
      {items !== undefined && total > items.length && (
        <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
          {t('installation.pick.more', { shown: items.length, total })}
        </Typography>
      )}
    </Paper>
  );
}
