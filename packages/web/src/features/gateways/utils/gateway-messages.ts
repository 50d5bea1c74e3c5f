// The server's gateway refusals (worded once in the domain) and their catalogue keys, so they
// show in the interface language; any other message is shown as the server wrote it.
import { gatewayMessages } from '@flowsight/domain/gateways';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';

const keys = {
  [gatewayMessages.serialTaken]: 'gateways.messages.serialTaken',
  [gatewayMessages.serialRequired]: 'gateways.messages.serialRequired',
  [gatewayMessages.notFound]: 'gateways.messages.notFound',
  [gatewayMessages.buildingNotFound]: 'gateways.messages.buildingNotFound',
  [gatewayMessages.unknownStatus]: 'gateways.messages.unknownStatus',
  [gatewayMessages.deleted]: 'gateways.messages.deleted',
} as const;

/** Translates one server message: a gateway refusal, a shared product message, or as written. */
export function useGatewayMessage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return useCallback(
    (message: string) => {
      const key = (keys as Record<string, (typeof keys)[keyof typeof keys]>)[message];
      return key === undefined ? translate(message) : t(key);
    },
    [t, translate],
  );
}

/** Every message of a failed call, translated, one per line. */
export function useGatewayError() {
  const translate = useGatewayMessage();
  return useCallback(
    (error: unknown) => errorMessages(error).map(translate).join('\n'),
    [translate],
  );
}
