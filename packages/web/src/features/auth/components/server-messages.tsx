import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslateMessage } from '@/i18n/messages';

export type ServerMessagesProps = {
  messages: readonly string[];
  severity?: AlertColor;
};

/**
 * What the server answered, under the form: one message per line (spec section 8). The alert
 * role makes screen readers announce it as it appears.
 */
export function ServerMessages({ messages, severity = 'error' }: ServerMessagesProps) {
  const translate = useTranslateMessage();
  if (messages.length === 0) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'}>
      {messages.map((message) => (
        <Box component="span" key={message} sx={{ display: 'block' }}>
          {translate(message)}
        </Box>
      ))}
    </Alert>
  );
}
