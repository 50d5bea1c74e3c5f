// One i18next instance per app (and per test), with every catalogue bundled so the first render
// is already translated.
import { DEFAULT_LANGUAGE, type Language, languages } from '@flowsight/domain/constants';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultNamespace, resources } from './resources';

export function createAppI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languages],
    defaultNS: defaultNamespace,
    // Resources are bundled, so initialisation can finish before the first render.
    initAsync: false,
    // React escapes rendered text already.
    interpolation: { escapeValue: false },
  });
  return instance;
}
