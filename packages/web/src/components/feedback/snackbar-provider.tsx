// One snackbar for the whole app (spec section 9: auto-hides after 6000 ms, default message
// 'Note archived', undo button 'UNDO'). Pages call `useSnackbar().showMessage(text, severity)`;
// a newer message replaces the one on screen. Where an action can really be undone, the page
// passes `{ onUndo }` and the snackbar offers the undo button.
import { SNACKBAR_AUTO_HIDE_MS } from '@flowsight/domain/constants';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SnackbarOptions = {
  /** Undoes the action the message reports; shows the undo button. */
  onUndo?: () => void;
};

type SnackbarMessage = {
  key: number;
  text: string | undefined;
  severity: AlertColor;
  onUndo?: () => void;
};

type SnackbarContextValue = {
  /** Shows `text` (by default, the spec's 'Note archived' in the user's language). */
  showMessage: (text?: string, severity?: AlertColor, options?: SnackbarOptions) => void;
};

const SnackbarContext = createContext<SnackbarContextValue | null>(null);

export type SnackbarProviderProps = {
  children: ReactNode;
};

export function SnackbarProvider({ children }: SnackbarProviderProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const [open, setOpen] = useState(false);

  const showMessage = useCallback(
    (text?: string, severity: AlertColor = 'success', options: SnackbarOptions = {}) => {
      setMessage({ key: Date.now(), text, severity, onUndo: options.onUndo });
      setOpen(true);
    },
    [],
  );

  const value = useMemo(() => ({ showMessage }), [showMessage]);
  const onUndo = message?.onUndo;

  return (
    <SnackbarContext value={value}>
      {children}
      <Snackbar
        key={message?.key}
        open={open}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          variant="filled"
          severity={message?.severity ?? 'success'}
          closeText={t('common.close')}
          onClose={() => setOpen(false)}
          action={
            onUndo === undefined ? undefined : (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setOpen(false);
                  onUndo();
                }}
                data-testid="snackbar-undo"
              >
                {t('common.undo')}
              </Button>
            )
          }
          sx={{ whiteSpace: 'pre-line', width: '100%', alignItems: 'center' }}
        >
          {message?.text ?? t('common.noteArchived')}
        </Alert>
      </Snackbar>
    </SnackbarContext>
  );
}

export function useSnackbar(): SnackbarContextValue {
  const value = useContext(SnackbarContext);
  if (value === null) throw new Error('useSnackbar must be used inside a SnackbarProvider');
  return value;
}
