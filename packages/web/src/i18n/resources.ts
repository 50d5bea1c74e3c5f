// Every catalogue the app ships, by language code, for the tests and the types. English is the
// reference: its keys type `t()`. The running app fetches languages one by one (`i18n.ts`).
import type { Language } from '@flowsight/domain/constants';
import en from './locales/en.json';
import fr from './locales/fr.json';
import ro from './locales/ro.json';
import zh from './locales/zh.json';

export const defaultNamespace = 'translation';

export const resources = {
  en: { translation: en },
  fr: { translation: fr },
  ro: { translation: ro },
  zh: { translation: zh },
} as const satisfies Record<Language, { translation: object }>;
