// The fleet settings' rule messages in the interface language. The domain words each rule once in
// English (the server answers with the same words); this finds the catalogue key of each, also
// behind a server's `body.field: ` prefix. A message it does not know is shown as written.
import { fleetSettingsMessages } from '@flowsight/domain/fleet-settings';
import type { TFunction } from 'i18next';
import { messageNamesByText, useRuleMessages } from '@/i18n/messages';

const nameOf = messageNamesByText(fleetSettingsMessages);
const CONFIG_RANGE = /^(.+) must be a whole number from (-?\d+) to (-?\d+)$/;

const named = (t: TFunction, name: keyof typeof fleetSettingsMessages) =>
  t(`fleetSettings.messages.${name}`);
const configRange = (t: TFunction, bare: string) => {
  const range = CONFIG_RANGE.exec(bare);
  return range
    ? t('fleetSettings.messages.configRange', { name: range[1], min: range[2], max: range[3] })
    : undefined;
};

/** `(message) → text in the interface language`, for the domain's and the server's messages. */
export const useFleetMessage = (): ((message: string) => string) =>
  useRuleMessages(nameOf, named, configRange);
