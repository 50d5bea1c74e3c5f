// The threshold rules' messages (worded once in the domain, which the server answers with too) in
// the interface language, also behind a server's `params.threshold: ` prefix; any other message
// is shown as the server wrote it.
import {
  applianceThresholdMessages,
  unaccountedThresholdMessages,
} from '@flowsight/domain/thresholds';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';

type MessageName =
  | keyof typeof applianceThresholdMessages
  | `unaccounted.${keyof typeof unaccountedThresholdMessages}`;
const nameOf = new Map<string, MessageName>([
  ...(
    Object.entries(applianceThresholdMessages) as [
      keyof typeof applianceThresholdMessages,
      string,
    ][]
  ).map(([name, text]): [string, MessageName] => [text, name]),
  ...(
    Object.entries(unaccountedThresholdMessages) as [
      keyof typeof unaccountedThresholdMessages,
      string,
    ][]
  ).map(([name, text]): [string, MessageName] => [text, `unaccounted.${name}`]),
]);

export function useThresholdMessage(): (message: string) => string {
  const { t } = useTranslation();
  const translateCommon = useTranslateMessage();
  return useCallback(
    (message: string) => {
      const bare = message.replace(/^(body|params|querystring)(\.[\w.]+)?: /, '');
      const name = nameOf.get(bare);
      return name ? t(`thresholds.messages.${name}`) : translateCommon(message);
    },
    [t, translateCommon],
  );
}

/** Every message of a failed call, translated, one after the other. */
export function useThresholdError() {
  const translate = useThresholdMessage();
  return useCallback(
    (error: unknown) => errorMessages(error).map(translate).join(' '),
    [translate],
  );
}
