// The parts of the header's search comboboxes (portfolio and gateways): the text field (an icon
// in front, the search key on phone keyboards, the server's longest accepted text, and a label for
// screen readers since the field shows only a placeholder), one hit of the list, and the
// full-screen form narrow screens open.
import type { SvgIconComponent } from '@mui/icons-material';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type HTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/** The longest text the server's searches (`GET /search/{text}`, the gateways') accept. */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** Spec section 9: the autocomplete list is at most 10rem high. */
export const SEARCH_RESULTS_MAX_HEIGHT = '10rem';

export type SearchInputProps = {
  /** What the Autocomplete's `renderInput` was given. */
  params: AutocompleteRenderInputParams;
  icon: SvgIconComponent;
  placeholder: string;
  autoFocus?: boolean;
  /** The field's name for screen readers, which see no visible label. */
  label: string;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
};

export function SearchInput({
  params,
  icon: Icon,
  placeholder,
  label,
  testId,
  autoFocus,
  inputRef,
}: SearchInputProps) {
  return (
    <TextField
      {...params}
      inputRef={inputRef}
      size="small"
      placeholder={placeholder}
      autoFocus={autoFocus}
      slotProps={{
        ...params.slotProps,
        input: {
          ...params.slotProps.input,
          startAdornment: (
            <InputAdornment position="start">
              <Icon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: {
          ...params.slotProps.htmlInput,
          'aria-label': label,
          enterKeyHint: 'search',
          maxLength: SEARCH_TEXT_MAX_LENGTH,
          'data-testid': testId,
        },
      }}
    />
  );
}

export type SearchHitProps = {
  /** What the Autocomplete's `renderOption` was given, without its key. */
  optionProps: HTMLAttributes<HTMLLIElement>;
  icon: SvgIconComponent;
  title: string;
  /** The line under the title; left out when empty. */
  caption?: string | null;
  testId: string;
};

/** One hit of a search list: its kind's icon, its title and, smaller, where it is. */
export function SearchHit({ optionProps, icon: Icon, title, caption, testId }: SearchHitProps) {
  return (
    <Box
      component="li"
      {...optionProps}
      data-testid={testId}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 44 }}
    >
      <Icon fontSize="small" sx={{ color: 'text.secondary', flexShrink: 0 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        {caption !== null && caption !== undefined && caption !== '' && (
          <Typography variant="caption" component="div" noWrap sx={{ color: 'text.secondary' }}>
            {caption}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export type FullScreenSearchProps = {
  open: boolean;
  onClose: () => void;
  /** The heading beside the back arrow, which names the dialog. */
  title: string;
  /** The back arrow's name. */
  closeLabel: string;
  'data-testid'?: string;
  /** Around the combobox (and any hint above it). */
  contentSx: SxProps<Theme>;
  children: ReactNode;
};

/** Narrow screens: the search full screen, a back arrow and its title above it. */
export function FullScreenSearch({
  open,
  onClose,
  title,
  closeLabel,
  'data-testid': testId,
  contentSx,
  children,
}: FullScreenSearchProps) {
  const titleId = useId();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, pt: 1.5 }}>
        <IconButton aria-label={closeLabel} onClick={onClose} edge="start">
          <ArrowBackRounded />
        </IconButton>
        <Typography id={titleId} component="h2" variant="h6">
          {title}
        </Typography>
      </Box>
      <Box sx={contentSx}>{children}</Box>
    </Dialog>
  );
}
