// The server's micrometer answers (worded once in `@flowsight/domain/micrometers`) in the
// interface language; English shows them exactly as the server wrote them, and any other message
// goes through the app's translator unchanged.
import { micrometerMessages } from '@flowsight/domain/micrometers';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';

type MessageName = keyof typeof micrometerMessages;
const names = Object.keys(micrometerMessages) as MessageName[];

export function useTranslateMicrometerMessage(): (message: string) => string {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return useCallback(
    (message: string) => {
      const name = names.find((candidate) => micrometerMessages[candidate] === message);
      return name === undefined ? translate(message) : t(`micrometers.serverMessages.${name}`);
    },
    [t, translate],
  );
}

/** A failure's messages, one per line, in the interface language. */
export function useMicrometerErrorText(): (error: unknown) => string {
  const translate = useTranslateMicrometerMessage();
  return useCallback(
    (error: unknown) => errorMessages(error).map(translate).join('\n'),
    [translate],
  );
}
