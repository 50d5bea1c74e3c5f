// The frame the app's form dialogs share: a dialog labelled by its title, holding a form whose
// Enter submits (Escape and the backdrop close the dialog, unless a call is under way), the
// content between, and the actions row of Cancel and the form's own submit button. A dialog that
// acts on each click instead of a form (a list to pick from) takes the same frame with a
// `DialogPanel`; one that lays out its own title and content puts a `FormDialogTitle` in it.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { createContext, type ReactNode, use, useId } from 'react';

/** The id of the open dialog's title, which names the dialog for assistive technology. */
const TitleIdContext = createContext<string | undefined>(undefined);
/** Whether the open dialog's call is under way, for its actions row. */
const BusyContext = createContext(false);

export type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** A call is under way: Escape and the backdrop leave the dialog open. */
  busy?: boolean;
  /** Off where a stray click outside must not lose what the dialog shows (Escape still closes it). */
  backdropCloses?: boolean;
  /** A breakpoint's width, or the widest the paper grows in pixels when not full screen. */
  maxWidth: 'xs' | 'sm' | number;
  fullScreen?: boolean;
  'data-testid'?: string;
  /** Runs once the dialog has faded out, to forget what was typed in it. */
  onExited?: () => void;
  /** Usually a `DialogForm`; a dialog that keeps its form's state per record keys it here. */
  children: ReactNode;
};

export function FormDialog({
  open,
  onClose,
  busy = false,
  backdropCloses = true,
  maxWidth,
  fullScreen,
  'data-testid': testId,
  onExited,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const paperWidth = typeof maxWidth === 'number';
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (!busy && (backdropCloses || reason !== 'backdropClick')) onClose();
      }}
      fullWidth
      maxWidth={paperWidth ? undefined : maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{
        ...(onExited === undefined ? {} : { transition: { onExited } }),
        ...(paperWidth ? { paper: { sx: fullScreen ? {} : { maxWidth } } } : {}),
      }}
    >
      <TitleIdContext value={titleId}>
        <BusyContext value={busy}>{children}</BusyContext>
      </TitleIdContext>
    </Dialog>
  );
}

export type FormDialogTitleProps = {
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/** The title that names the dialog it stands in. */
export function FormDialogTitle({ sx, children }: FormDialogTitleProps) {
  return (
    <DialogTitle id={use(TitleIdContext)} sx={sx}>
      {children}
    </DialogTitle>
  );
}

export type DialogPanelProps = {
  title: ReactNode;
  children: ReactNode;
};

/** The dialog's title, naming the dialog, over its content. */
export function DialogPanel({ title, children }: DialogPanelProps) {
  return (
    <>
      <FormDialogTitle>{title}</FormDialogTitle>
      <DialogContent>{children}</DialogContent>
    </>
  );
}

export type DialogFormProps = {
  title: ReactNode;
  /** Enter in a field, or the submit button; the browser's own checks are left to the form. */
  onSubmit: () => void;
  /** Usually `FormDialogActions`. */
  actions: ReactNode;
  /** Off for forms of secrets a browser should not offer to fill in. */
  autoComplete?: 'off';
  'data-testid'?: string;
  children: ReactNode;
};

export function DialogForm({
  title,
  onSubmit,
  actions,
  autoComplete,
  'data-testid': testId,
  children,
}: DialogFormProps) {
  return (
    <form
      noValidate
      autoComplete={autoComplete}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DialogPanel title={title}>{children}</DialogPanel>
      {actions}
    </form>
  );
}

export type FormDialogActionsProps = {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  /**
   * A call is under way: Cancel is off (and the submit button spins, unless told otherwise).
   * The dialog's own `busy` unless said here.
   */
  busy?: boolean;
  /**
   * When the submit button spins, if not while `busy`; `null` where it never spins
   * (`submitDisabled` then says when it is off).
   */
  submitLoading?: boolean | null;
  submitDisabled?: boolean;
  submitTestId?: string;
  /** The settings dialogs' wider inset around the buttons. */
  inset?: boolean;
};

export function FormDialogActions({
  cancelLabel,
  submitLabel,
  onCancel,
  busy: ownBusy,
  submitLoading: ownLoading,
  submitDisabled,
  submitTestId,
  inset = false,
}: FormDialogActionsProps) {
  const dialogBusy = use(BusyContext);
  const busy = ownBusy ?? dialogBusy;
  const submitLoading = ownLoading === undefined ? busy : ownLoading;
  return (
    <DialogActions sx={inset ? { px: 3, pb: 2 } : undefined}>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        variant="contained"
        loading={submitLoading}
        disabled={submitDisabled}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
