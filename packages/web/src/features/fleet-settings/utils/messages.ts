// The fleet settings' rule messages in the interface language. The domain words each rule once in
// English (the server answers with the same words); this finds the catalogue key of each, also
// behind a server's `body.field: ` prefix. A message it does not know is shown as written.
import { fleetSettingsMessages } from '@flowsight/domain/fleet-settings';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageNamesByText, useTranslateMessage, withoutFieldPrefix } from '@/i18n/messages';

const nameOf = messageNamesByText(fleetSettingsMessages);
const CONFIG_RANGE = /^(.+) must be a whole number from (-?\d+) to (-?\d+)$/;

/** `(message) → text in the interface language`, for the domain's and the server's messages. */
export function useFleetMessage(): (message: string) => string {
  const { t } = useTranslation();
  const translateCommon = useTranslateMessage();
  return useCallback(
    (message: string) => {
      const bare = withoutFieldPrefix(message);
      const name = nameOf.get(bare);
      if (name) return t(`fleetSettings.messages.${name}`);
      const range = CONFIG_RANGE.exec(bare);
      if (range) {
        return t('fleetSettings.messages.configRange', {
          name: range[1],
          min: range[2],
          max: range[3],
        });
      }
      return translateCommon(message);
    },
    [t, translateCommon],
  );
}
