// The end of every sign-in form (login, code, forgot, reset or change password, register): what
// the server refused, then the large submit button that spins while the call runs.

import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { errorMessages } from '@/lib/api-error';
import { ServerMessages } from './server-messages';

export type AuthSubmitProps = {
  /** The form's call: its refusal shows above the button, which spins while it runs. */
  mutation: { error: unknown; isPending: boolean };
  label: string;
  disabled?: boolean;
  /** Shown between the refusal and the button, e.g. what a success leads to. */
  notice?: ReactNode;
};

export function AuthSubmit({ mutation, label, disabled, notice }: AuthSubmitProps) {
  return (
    <>
      {mutation.error !== null && <ServerMessages messages={errorMessages(mutation.error)} />}
      {notice}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={mutation.isPending}
        disabled={disabled}
      >
        {label}
      </Button>
    </>
  );
}
