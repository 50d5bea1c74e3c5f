// The language select of the app frame (header and sign-in pages). The select and its menu load
// on the first input on the page (see `first-input.ts`) or when this field is pressed: until
// then the field shows as the closed select does, same classes, spacing and name, and an
// opening asked for meanwhile happens as soon as the select is there.
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Theme } from '@mui/material/styles';
import { createSvgIcon } from '@mui/material/utils';
import {
  type ComponentType,
  type FocusEventHandler,
  forwardRef,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/lib/settings-context';
import { afterPress, onFirstPageInput } from './first-input';
import { nativeLanguageName } from './language-names';
import type { LanguageSelectProps } from './language-select';

type Select = ComponentType<LanguageSelectProps>;

let loadedSelect: Select | null = null;
let loading: Promise<Select> | null = null;

function loadSelect(): Promise<Select> {
  loading ??= import('./language-select').then(
    ({ LanguageSelect }) => {
      loadedSelect = LanguageSelect;
      return LanguageSelect;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const ArrowDropDown = createSvgIcon(<path d="M7 10l5 5 5-5z" />, 'ArrowDropDown');

/** The select's hidden input only mirrors the value. */
const ignoreChange = () => undefined;

/** The keys that open a closed select. */
const openingKeys = new Set([' ', 'ArrowUp', 'ArrowDown', 'Enter']);

type ClosedSelectProps = {
  className?: string;
  value?: string;
  display: string;
  'aria-label': string;
  onFocus?: FocusEventHandler;
  onBlur?: FocusEventHandler;
  onOpen: () => void;
};

/** What the select renders inside its outlined field while closed. */
type ClosedSelectHandle = { focus: () => void; focused: () => boolean };

const ClosedSelect = forwardRef<ClosedSelectHandle, ClosedSelectProps>(function ClosedSelect(
  { className, value, display, 'aria-label': ariaLabel, onFocus, onBlur, onOpen },
  ref,
) {
  const displayRef = useRef<HTMLDivElement>(null);
  const nativeInputId = useId();
  useImperativeHandle(
    ref,
    () => ({
      focus: () => displayRef.current?.focus(),
      focused: () => displayRef.current !== null && displayRef.current === document.activeElement,
    }),
    [],
  );
  return (
    <>
      <div
        ref={displayRef}
        tabIndex={0}
        role="combobox"
        aria-expanded="false"
        aria-haspopup="listbox"
        aria-label={ariaLabel}
        className={`MuiSelect-select MuiSelect-outlined ${className ?? ''}`}
        onFocus={onFocus}
        onBlur={onBlur}
        onMouseDown={(event: MouseEvent) => {
          if (event.button !== 0) return;
          event.preventDefault();
          displayRef.current?.focus();
          onOpen();
        }}
        onKeyDown={(event: KeyboardEvent) => {
          if (!openingKeys.has(event.key)) return;
          event.preventDefault();
          onOpen();
        }}
      >
        {display}
      </div>
      <input
        aria-invalid="false"
        aria-hidden="true"
        tabIndex={-1}
        className="MuiSelect-nativeInput"
        value={value}
        onChange={ignoreChange}
        id={nativeInputId}
      />
      <ArrowDropDown className="MuiSelect-icon" />
    </>
  );
});

const closedSelectSx = {
  '& .MuiSelect-select': {
    MozAppearance: 'none',
    WebkitAppearance: 'none',
    userSelect: 'none',
    borderRadius: (theme: Theme) => `${theme.shape.borderRadius}px`,
    cursor: 'pointer',
  },
  '& .MuiSelect-select.MuiSelect-select': {
    height: 'auto',
    minHeight: '1.4375em',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
  },
  '& .MuiSelect-select.MuiSelect-select.MuiSelect-select': { paddingRight: '32px' },
  '& .MuiSelect-nativeInput': {
    bottom: 0,
    left: 0,
    position: 'absolute',
    opacity: 0,
    pointerEvents: 'none',
    width: '100%',
    boxSizing: 'border-box',
  },
  '& .MuiSelect-icon': {
    position: 'absolute',
    right: '7px',
    top: 'calc(50% - .5em)',
    pointerEvents: 'none',
    color: 'action.active',
  },
} as const;

export type FrameLanguageSelectProps = {
  size?: 'small' | 'medium';
};

/** Switches the interface language and remembers the choice (see `LanguageSelect`). */
export function FrameLanguageSelect({ size = 'small' }: FrameLanguageSelectProps) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [select, setSelect] = useState<{ Select: Select } | null>(() =>
    loadedSelect === null ? null : { Select: loadedSelect },
  );
  const field = useRef<ClosedSelectHandle>(null);
  const handover = useRef({ open: false, focused: false, mounted: true });

  const swapIn = useCallback(
    (loaded: Select) =>
      afterPress(() => {
        if (!handover.current.mounted) return;
        handover.current.focused = field.current?.focused() ?? false;
        setSelect({ Select: loaded });
      }),
    [],
  );

  useEffect(() => {
    handover.current.mounted = true;
    if (loadedSelect === null) {
      onFirstPageInput(() => {
        loadSelect().then(swapIn, () => undefined);
      });
    }
    return () => {
      handover.current.mounted = false;
    };
  }, [swapIn]);

  if (select !== null) {
    const { Select: LoadedSelect } = select;
    return (
      <LoadedSelect
        size={size}
        defaultOpen={handover.current.open}
        autoFocus={handover.current.focused}
      />
    );
  }

  return (
    <OutlinedInput
      size={size}
      className="MuiSelect-root"
      value={settings.language}
      inputRef={field}
      inputComponent={ClosedSelect as never}
      inputProps={{
        'aria-label': t('settings.language'),
        display: nativeLanguageName(settings.language),
        onOpen: () => {
          handover.current.open = true;
          loadSelect().then(swapIn, () => undefined);
        },
      }}
      startAdornment={
        // Phones keep the room for the language name itself.
        <InputAdornment position="start" sx={{ display: { xs: 'none', sm: 'flex' } }}>
          <TranslateRounded fontSize="small" />
        </InputAdornment>
      }
      sx={[{ minWidth: { xs: 0, sm: 128 }, bgcolor: 'background.paper' }, closedSelectSx]}
    />
  );
}
