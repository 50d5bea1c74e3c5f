// The header's search across companies, properties, buildings and units (spec section 2, "Header
// controls"). Wide screens get the field in the header; narrow ones a search button that opens it
// full screen. The combobox behind it (`search-combobox.tsx`) loads when the search is first
// used: until then the header shows the same field, empty and closed, which hands what was typed
// and its focus over to the combobox once it is there.
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { useOpenedOnce } from '@/components/opened-once';
import { SEARCH_TEXT_MAX_LENGTH } from '@/components/search-input';

type ComboboxModule = typeof import('./search-combobox');

let comboboxModule: ComboboxModule | null = null;

async function loadCombobox(): Promise<ComboboxModule> {
  comboboxModule ??= await import('./search-combobox');
  return comboboxModule;
}

const SearchDialog = lazy(async () => ({ default: (await loadCombobox()).SearchDialog }));

/**
 * The combobox's own field as it first shows (the Autocomplete's small outlined input, same
 * classes and spacing), for the moment before the combobox has loaded.
 */
const waitingFieldSx = {
  '& .MuiOutlinedInput-root': { padding: '9px' },
  '& .MuiOutlinedInput-root.MuiInputBase-sizeSmall': {
    paddingTop: '6px',
    paddingBottom: '6px',
    paddingLeft: '6px',
  },
  '& .MuiOutlinedInput-root.MuiInputBase-sizeSmall .MuiAutocomplete-input': {
    padding: '2.5px 4px 2.5px 8px',
  },
  '& .MuiAutocomplete-inputRoot .MuiAutocomplete-input': { width: 0, minWidth: 30 },
  '& .MuiAutocomplete-input': { flexGrow: 1, textOverflow: 'ellipsis' },
} as const;

/** The wide screens' field: the combobox once loaded, the same field until then. */
function HeaderSearchField() {
  const { t } = useTranslation();
  const [combobox, setCombobox] = useState(comboboxModule);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const handover = useRef({ loading: false, focused: false });

  if (combobox !== null) {
    const { SearchCombobox } = combobox;
    return <SearchCombobox inline={false} typed={text} focused={handover.current.focused} />;
  }

  const load = () => {
    if (handover.current.loading) return;
    handover.current.loading = true;
    loadCombobox().then(
      (loaded) => {
        handover.current.focused = document.activeElement === inputRef.current;
        setCombobox(loaded);
      },
      // Offline or mid-deployment: the next use tries again.
      () => {
        handover.current.loading = false;
      },
    );
  };

  return (
    <Box className="MuiAutocomplete-root" sx={waitingFieldSx}>
      <FormControl fullWidth className="MuiTextField-root">
        <OutlinedInput
          size="small"
          fullWidth
          className="MuiAutocomplete-inputRoot"
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            load();
          }}
          onFocus={load}
          onPointerEnter={load}
          inputRef={inputRef}
          startAdornment={
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          }
          inputProps={{
            className: 'MuiAutocomplete-input MuiAutocomplete-inputFocused',
            role: 'combobox',
            'aria-label': t('search.label'),
            'aria-autocomplete': 'list',
            'aria-expanded': false,
            autoComplete: 'off',
            autoCapitalize: 'none',
            spellCheck: false,
            enterKeyHint: 'search',
            maxLength: SEARCH_TEXT_MAX_LENGTH,
            'data-testid': 'search-input',
          }}
        />
      </FormControl>
    </Box>
  );
}

export type GlobalSearchProps = {
  /** Narrow screens: a search button that opens the field full screen. */
  compact: boolean;
};

export function GlobalSearch({ compact }: GlobalSearchProps) {
  const { t } = useTranslation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const dialogOpened = useOpenedOnce(dialogOpen);

  if (!compact) {
    return (
      <Box data-testid="header-search" sx={{ width: '100%', maxWidth: 440 }}>
        <HeaderSearchField />
      </Box>
    );
  }

  return (
    <>
      <LazyTooltip title={t('search.open')}>
        <IconButton
          aria-label={t('search.open')}
          aria-haspopup="dialog"
          onClick={() => setDialogOpen(true)}
          data-testid="header-search"
        >
          <SearchRounded />
        </IconButton>
      </LazyTooltip>
      {dialogOpened && (
        <Suspense fallback={null}>
          <SearchDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
