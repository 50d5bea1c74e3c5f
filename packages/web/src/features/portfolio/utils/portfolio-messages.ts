// The portfolio forms' rule messages (worded once in `@flowsight/domain/portfolio`, also sent by
// the server, e.g. "body.name: Name is required") in the interface language; other messages go
// through the app's translator.
import { portfolioMessages } from '@flowsight/domain/portfolio';
import type { TFunction } from 'i18next';
import { messageNamesByText, useRuleMessages } from '@/i18n/messages';

const nameOf = messageNamesByText(portfolioMessages);
const named = (t: TFunction, name: keyof typeof portfolioMessages) =>
  t(`portfolio.messages.${name}`);

export const useTranslatePortfolioMessage = (): ((message: string) => string) =>
  useRuleMessages(nameOf, named);
