import Box from '@mui/material/Box';
import { useTranslateMessage } from '@/i18n/messages';

/** Form checks that find several problems in one field join them with a line break. */
export const FIELD_MESSAGE_SEPARATOR = '\n';

export type FieldMessagesProps = {
  /** The field's error message (problems joined by FIELD_MESSAGE_SEPARATOR). */
  error: string | undefined;
  /** Shown while the field has no error, e.g. the password rules. */
  hint?: string;
};

/** A text field's helper text: its problems one per line, translated, or else its hint. */
export function FieldMessages({ error, hint }: FieldMessagesProps) {
  const translate = useTranslateMessage();
  if (error === undefined || error === '') return hint ?? null;
  return error.split(FIELD_MESSAGE_SEPARATOR).map((message) => (
    <Box component="span" key={message} sx={{ display: 'block' }}>
      {translate(message)}
    </Box>
  ));
}
