// The threshold rules' messages (worded once in the domain, which the server answers with too) in
// the interface language, also behind a server's `params.threshold: ` prefix; any other message
// is shown as the server wrote it.
import {
  applianceThresholdMessages,
  unaccountedThresholdMessages,
} from '@flowsight/domain/thresholds';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { messageNamesByText, useRuleMessages } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';

const nameOf = new Map([
  ...messageNamesByText(applianceThresholdMessages),
  ...messageNamesByText(unaccountedThresholdMessages, 'unaccounted.'),
]);
type ThresholdMessage = typeof nameOf extends Map<string, infer N> ? N : never;
const named = (t: TFunction, name: ThresholdMessage) => t(`thresholds.messages.${name}`);

export const useThresholdMessage = (): ((message: string) => string) =>
  useRuleMessages(nameOf, named);

/** Every message of a failed call, translated, one after the other. */
export function useThresholdError() {
  const translate = useThresholdMessage();
  return useCallback(
    (error: unknown) => errorMessages(error).map(translate).join(' '),
    [translate],
  );
}
