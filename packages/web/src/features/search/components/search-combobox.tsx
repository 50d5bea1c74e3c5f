// The header search's combobox (spec section 2, "Header controls"; 400 ms debounce, 5 hits per
// level and a 10rem list, section 9): arrow keys move through the hits, Enter opens the
// highlighted one, Escape closes the list. Loaded when the search is first used (see
// `global-search.tsx`), together with the full-screen form narrow screens open.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import type { PopperProps } from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  FullScreenSearch,
  SEARCH_RESULTS_MAX_HEIGHT,
  SearchHit,
  SearchInput,
} from '@/components/search-input';
import { useUnitTitle } from '@/lib/unit-title';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePortfolioSearch } from '../api/search-portfolio';
import {
  type SearchLevel,
  type SearchOption,
  searchHitPath,
  searchLevels,
  searchOptions,
} from '../utils/search-hits';

const levelIcons: Record<SearchLevel, SvgIconComponent> = {
  companies: BusinessOutlined,
  properties: HomeWorkOutlined,
  buildings: ApartmentOutlined,
  units: MeetingRoomOutlined,
};

function isSearchLevel(group: string): group is SearchLevel {
  return (searchLevels as readonly string[]).includes(group);
}

/** In the full-screen form the hits sit in the page flow under the field, not in a pop-up. */
function InlineResults({ open, className, role, children }: PopperProps) {
  if (!open || typeof children === 'function') return null;
  return (
    <Box className={className} role={role} sx={{ mt: 1 }}>
      {children}
    </Box>
  );
}

export type SearchComboboxProps = {
  /** The full-screen form: the list always shows under the field while there is text. */
  inline: boolean;
  /** After a hit was opened, or Escape was pressed in the full-screen form. */
  onDone?: () => void;
  /** What was typed into the header's field while this combobox loaded; its list opens for it. */
  typed?: string;
  /** Whether that field had the focus, which the combobox then takes over. */
  focused?: boolean;
};

export function SearchCombobox({
  inline,
  onDone,
  typed = '',
  focused = false,
}: SearchComboboxProps) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const titleOf = (option: SearchOption) =>
    option.level === 'units' ? unitTitle(option.name) : option.name;
  const navigate = useNavigate();
  const groupId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(typed);
  const [listOpen, setListOpen] = useState(typed !== '');
  const wanted = text.trim();
  // Text typed before the combobox loaded waits out the debounce like any other.
  const settled = useDebouncedValue(wanted, SEARCH_DEBOUNCE_MS, '');
  const search = usePortfolioSearch(settled);
  const current = wanted !== '' && settled === wanted;
  const options = current ? searchOptions(search.data) : [];
  const loading = wanted !== '' && (!current || search.isPending);
  const failed = current && search.isError;

  const open = wanted !== '' && (inline || listOpen);

  // Takes over the focus (caret at the end) from the field it replaces.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it first shows
  useEffect(() => {
    const input = inputRef.current;
    if (!focused || input === null) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  return (
    <Autocomplete<SearchOption, false, false, false>
      open={open}
      onOpen={() => setListOpen(true)}
      onClose={(_event, reason) => {
        setListOpen(false);
        if (inline && reason === 'escape') onDone?.();
      }}
      options={options}
      // The server has already matched; the list shows its answer as it is.
      filterOptions={(all) => all}
      groupBy={(option) => option.level}
      getOptionLabel={titleOf}
      getOptionKey={(option) => `${option.level}-${option.id}`}
      isOptionEqualToValue={(option, value) =>
        option.level === value.level && option.id === value.id
      }
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') setText(value);
      }}
      onChange={(_event, option) => {
        if (option === null) return;
        setText('');
        setListOpen(false);
        onDone?.();
        void navigate(searchHitPath(option));
      }}
      autoHighlight
      blurOnSelect={!inline}
      clearOnBlur={false}
      clearOnEscape={!inline}
      forcePopupIcon={false}
      loading={loading}
      loadingText={t('search.searching')}
      noOptionsText={failed ? t('search.failed') : t('search.noMatches')}
      clearText={t('search.clear')}
      slots={inline ? { popper: InlineResults } : undefined}
      slotProps={{
        paper: inline ? { elevation: 0, sx: { bgcolor: 'transparent' } } : { elevation: 8 },
        listbox: {
          sx: { maxHeight: inline ? 'none' : SEARCH_RESULTS_MAX_HEIGHT },
          'aria-label': t('search.label'),
        },
        popper: { placement: 'bottom-start' },
      }}
      renderGroup={(params) => {
        const level = isSearchLevel(params.group) ? params.group : null;
        const headingId = `${groupId}-${params.group}`;
        return (
          <Box component="li" key={params.key} role="presentation" sx={{ listStyle: 'none' }}>
            <ListSubheader
              id={headingId}
              component="div"
              role="presentation"
              data-testid="search-group"
              sx={{
                top: inline ? 0 : -8,
                lineHeight: '32px',
                fontWeight: 600,
                bgcolor: inline ? 'background.default' : 'background.paper',
              }}
            >
              {level === null ? params.group : t(`search.levels.${level}`)}
            </ListSubheader>
            <Box component="ul" role="group" aria-labelledby={headingId} sx={{ p: 0 }}>
              {params.children}
            </Box>
          </Box>
        );
      }}
      renderOption={({ key, ...optionProps }, option) => {
        return (
          <SearchHit
            key={key}
            optionProps={optionProps}
            icon={levelIcons[option.level]}
            title={titleOf(option)}
            caption={option.context}
            testId="search-result"
          />
        );
      }}
      renderInput={(params) => (
        <SearchInput
          params={params}
          inputRef={inputRef}
          icon={SearchRounded}
          placeholder={t('search.placeholder')}
          label={t('search.label')}
          testId="search-input"
          autoFocus={inline}
        />
      )}
    />
  );
}

export type SearchDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** Narrow screens: the search full screen, the hits in the page flow under the field. */
export function SearchDialog({ open, onClose }: SearchDialogProps) {
  const { t } = useTranslation();
  return (
    <FullScreenSearch
      open={open}
      onClose={onClose}
      title={t('search.open')}
      closeLabel={t('search.close')}
      data-testid="search-dialog"
      contentSx={{ px: 2, pb: 2, overflowY: 'auto', flex: 1 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('search.hint')}
      </Typography>
      <SearchCombobox inline onDone={onClose} />
    </FullScreenSearch>
  );
}
