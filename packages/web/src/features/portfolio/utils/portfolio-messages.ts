// The portfolio forms' rule messages (worded once in `@flowsight/domain/portfolio`, also sent by
// the server) in the interface language; other messages go through the app's translator.
import { portfolioMessages } from '@flowsight/domain/portfolio';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/messages';

type MessageName = keyof typeof portfolioMessages;
const names = Object.keys(portfolioMessages) as MessageName[];

export function useTranslatePortfolioMessage(): (message: string) => string {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return useCallback(
    (message: string) => {
      // Server validation answers read "body.name: Name is required".
      const text = message.replace(/^body\.[\w.]+: /, '');
      const name = names.find((candidate) => portfolioMessages[candidate] === text);
      return name === undefined ? translate(message) : t(`portfolio.messages.${name}`);
    },
    [t, translate],
  );
}
