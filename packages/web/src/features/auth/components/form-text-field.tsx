import TextField from '@mui/material/TextField';
import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldMessages } from './field-messages';

export type FormTextFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  /** Helper text while the field has no error. */
  hint?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  autoFocus?: boolean;
  required?: boolean;
  readOnly?: boolean;
  inputMode?: 'text' | 'email' | 'numeric';
  maxLength?: number;
  endAdornment?: ReactNode;
};

/**
 * A labelled text field bound to react-hook-form. Its problems are tied to the input with
 * aria-describedby and read out politely as they change.
 */
export function FormTextField({
  label,
  registration,
  error,
  hint,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  readOnly,
  inputMode,
  maxLength,
  endAdornment,
}: FormTextFieldProps) {
  const { ref, ...field } = registration;
  const helperText = <FieldMessages error={error?.message} hint={hint} />;
  return (
    <TextField
      {...field}
      inputRef={ref}
      label={label}
      type={type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required={required}
      fullWidth
      error={error !== undefined}
      helperText={error !== undefined || hint !== undefined ? helperText : undefined}
      slotProps={{
        input: { readOnly, endAdornment },
        htmlInput: { inputMode, maxLength, 'aria-required': required },
        formHelperText: { 'aria-live': 'polite' },
      }}
    />
  );
}
