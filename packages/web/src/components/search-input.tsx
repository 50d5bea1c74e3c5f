// The text field of the header's search comboboxes (portfolio and gateways): an icon in front,
// the search key on phone keyboards, the server's longest accepted text, and a label for screen
// readers since the field shows only a placeholder.
import type { SvgIconComponent } from '@mui/icons-material';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';

export type SearchInputProps = {
  /** What the Autocomplete's `renderInput` was given. */
  params: AutocompleteRenderInputParams;
  icon: SvgIconComponent;
  placeholder: string;
  label: string;
  maxLength: number;
  testId: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

export function SearchInput({
  params,
  icon: Icon,
  placeholder,
  label,
  maxLength,
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
          maxLength,
          'data-testid': testId,
        },
      }}
    />
  );
}
