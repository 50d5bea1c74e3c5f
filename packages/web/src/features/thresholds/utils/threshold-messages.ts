// The threshold rules' messages (worded once in the domain, which the server answers with too) in
// the interface language, also behind a server's `params.threshold: ` prefix; any other message
// is shown as the server wrote it.
import {
  applianceThresholdMessages,
  unaccountedThresholdMessages,
} from '@flowsight/domain/thresholds';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageNamesByText, useTranslateMessage, withoutFieldPrefix } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';

const nameOf = new Map([
  ...messageNamesByText(applianceThresholdMessages),
  ...messageNamesByText(unaccountedThresholdMessages, 'unaccounted.'),
]);

export function useThresholdMessage(): (message: string) => string {
  const { t } = useTranslation();
  const translateCommon = useTranslateMessage();
  return useCallback(
    (message: string) => {
      const bare = withoutFieldPrefix(message);
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
