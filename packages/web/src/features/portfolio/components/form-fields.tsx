// The pieces the four portfolio forms share: the dialog frame (full screen on phones, the
// server's refusal under the fields), the record picker, the time-zone picker and lookup selects
// (the address's pickers are in `address-fields.tsx`). Picker lists are at most 10rem tall (spec
// section 9).
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog as DialogFrame, FormDialogTitle } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { errorMessages } from '@/lib/api-error';
import { useTimezones } from '../api/get-locations';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';

/**
 * A form's field helpers: `problem(name)` is the field's message in words (`describe` may word a
 * field's message its own way), `text(name)` the props binding a TextField to it.
 */
export function fieldHelpers<F extends FieldValues>(
  register: UseFormRegister<F>,
  errors: FieldErrors<F>,
  describe: (name: Path<F>, message: string) => string,
) {
  const problem = (name: Path<F>) => {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    return typeof message === 'string' ? describe(name, message) : undefined;
  };
  const text = (name: Path<F>) => {
    const { ref, ...field } = register(name);
    return {
      ...field,
      inputRef: ref,
      fullWidth: true,
      error: (errors as Record<string, unknown>)[name] !== undefined,
      helperText: problem(name),
    };
  };
  return { problem, text };
}

/** What a record form does once the server saved it: say so, close, and hand a new record on. */
export function useSavedRecord<C>(onClose: () => void, onCreated?: (record: C) => void) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  return {
    created: (record: C & { name: string }) => {
      showMessage(t('portfolio.forms.created', { name: record.name }));
      onClose();
      onCreated?.(record);
    },
    saved: (record: { name: string }) => {
      showMessage(t('portfolio.forms.saved', { name: record.name }));
      onClose();
    },
  };
}

const LIST_MAX_HEIGHT = '10rem';
const listbox = { listbox: { sx: { maxHeight: LIST_MAX_HEIGHT } } } as const;

export type FormDialogProps = {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** The failed save, shown as the server's messages. */
  error: unknown;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
  'data-testid'?: string;
};

/** Dialogs fill the screen below the `sm` breakpoint. */
export function usePhoneDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

export function FormDialog({
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
  'data-testid': testId,
}: FormDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const fullScreen = usePhoneDialog();
  return (
    <DialogFrame open onClose={onClose} maxWidth="sm" fullScreen={fullScreen}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        data-testid={testId}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <FormDialogTitle>{title}</FormDialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {children}
            {error !== null && error !== undefined && (
              <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
                {errorMessages(error).map(translate).join('\n')}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('portfolio.actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </DialogFrame>
  );
}

type Named = { id: number; name: string };

type PickerProps = {
  label: string;
  options: readonly Named[];
  value: number | null;
  onChange: (id: number | null) => void;
  loading?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  required?: boolean;
  optionLabel?: (option: Named) => string;
  /** Called with what is typed, for pickers whose options the server narrows. */
  onInputChange?: ((text: string) => void) | undefined;
  testId?: string;
};

/** One searchable picker of named rows. */
export function Picker({
  label,
  options,
  value,
  onChange,
  loading = false,
  disabled = false,
  error,
  required,
  optionLabel = (option) => option.name,
  onInputChange,
  testId,
}: PickerProps) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      options={options}
      value={options.find((option) => option.id === value) ?? null}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      onInputChange={(_event, text, reason) => reason === 'input' && onInputChange?.(text)}
      {...(onInputChange === undefined ? {} : { filterOptions: (options: Named[]) => options })}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={loading}
      disabled={disabled}
      loadingText={t('portfolio.forms.loadingOptions')}
      noOptionsText={t('portfolio.forms.noOptions')}
      fullWidth
      slotProps={listbox}
      data-testid={testId}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error !== undefined}
          helperText={error}
        />
      )}
    />
  );
}

/** "+05:30" from seconds east of UTC. */
function utcOffset(seconds: number): string {
  const sign = seconds < 0 ? '−' : '+';
  const minutes = Math.abs(seconds) / 60;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

export type TimezoneFieldProps = {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string | undefined;
};

export function TimezoneField({ value, onChange, error }: TimezoneFieldProps) {
  const { t } = useTranslation();
  const timezones = useTimezones();
  const rows = timezones.data ?? [];
  return (
    <Picker
      label={t('portfolio.forms.timezone')}
      options={rows}
      loading={timezones.isPending}
      value={value}
      onChange={onChange}
      required
      error={error}
      testId="timezone-picker"
      optionLabel={(option) => {
        const zone = rows.find((row) => row.id === option.id);
        return zone === undefined
          ? option.name
          : `${zone.name} (${utcOffset(zone.gmt_offset_seconds)})`;
      }}
    />
  );
}

export type LookupSelectProps = {
  label: string;
  options: readonly { id: number; label: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
  /** Offers "None" (null). */
  optional?: boolean;
  required?: boolean;
  error?: string | undefined;
};

export function LookupSelect({
  label,
  options,
  value,
  onChange,
  optional = false,
  required,
  error,
}: LookupSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      label={label}
      required={required}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      error={error !== undefined}
      helperText={error}
      slotProps={{ select: { displayEmpty: optional }, inputLabel: { shrink: true } }}
    >
      {optional && (
        <MenuItem value="">
          <em>{t('portfolio.forms.none')}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
