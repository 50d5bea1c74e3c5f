// The portfolio forms' rule messages (worded once in `@flowsight/domain/portfolio`, also sent by
// the server) in the interface language; other messages go through the app's translator.
import { portfolioMessages } from '@flowsight/domain/portfolio';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageNamesByText, useTranslateMessage, withoutFieldPrefix } from '@/i18n/messages';

const nameOf = messageNamesByText(portfolioMessages);

export function useTranslatePortfolioMessage(): (message: string) => string {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return useCallback(
    (message: string) => {
      // Server validation answers read "body.name: Name is required".
      const name = nameOf.get(withoutFieldPrefix(message));
      return name === undefined ? translate(message) : t(`portfolio.messages.${name}`);
    },
    [t, translate],
  );
}
