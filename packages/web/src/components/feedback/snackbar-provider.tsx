// One snackbar for the whole app (spec section 9: auto-hides after 6000 ms). Pages call
// `useSnackbar().showMessage(text, severity)`; a newer message replaces the one on screen.
import { SNACKBAR_AUTO_HIDE_MS } from '@flowsight/domain/constants';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type SnackbarMessage = { key: number; text: string; severity: AlertColor };

type SnackbarContextValue = {
  showMessage: (text: string, severity?: AlertColor) => void;
};

const SnackbarContext = createContext<SnackbarContextValue | null>(null);

export type SnackbarProviderProps = {
  children: ReactNode;
};

export function SnackbarProvider({ children }: SnackbarProviderProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const [open, setOpen] = useState(false);

  const showMessage = useCallback((text: string, severity: AlertColor = 'success') => {
    setMessage({ key: Date.now(), text, severity });
    setOpen(true);
  }, []);

  const value = useMemo(() => ({ showMessage }), [showMessage]);

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
          sx={{ whiteSpace: 'pre-line', width: '100%' }}
        >
          {message?.text}
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
