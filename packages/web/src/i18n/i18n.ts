// One i18next instance per app (and per test). English, the reference and fallback, is bundled
// in part: the app frame's and the dashboard's texts (`english-parts.ts`); the rest arrives with
// the code of any other page (`loadEnglishPages`). Another language's catalogue is fetched as its
// own chunk before the first render (see `main.tsx`) or when the person switches to it, so nobody
// downloads the three they do not read.

import englishFrame from 'virtual:english/frame';
import { DEFAULT_LANGUAGE, type Language, languages } from '@flowsight/domain/constants';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

const namespace = 'translation';

let englishPages: object | null = null;
let englishPagesLoading: Promise<void> | null = null;
/** Instances made before the rest of English had arrived, which get it once it has. */
const waitingForEnglishPages = new Set<i18n>();

function addEnglishPages(instance: i18n, pages: object) {
  instance.addResourceBundle(DEFAULT_LANGUAGE, namespace, pages, true, false);
}

/** Fetches the English texts of the pages other than the dashboard (once). */
export function loadEnglishPages(): Promise<void> {
  englishPagesLoading ??= import('virtual:english/pages').then(
    ({ default: pages }) => {
      englishPages = pages;
      for (const instance of waitingForEnglishPages) addEnglishPages(instance, pages);
      waitingForEnglishPages.clear();
    },
    (error: unknown) => {
      // Offline or mid-deployment: the next page tries again.
      englishPagesLoading = null;
      throw error;
    },
  );
  return englishPagesLoading;
}

/** `module` once the English texts of the pages are there too. */
export async function withEnglishPages<Module>(module: Promise<Module>): Promise<Module> {
  const [loaded] = await Promise.all([module, loadEnglishPages()]);
  return loaded;
}

/** Catalogues by language; English is always added. */
export type Catalogues = Partial<Record<Language, { translation: object }>>;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  fr: () => import('./locales/fr.json'),
  ro: () => import('./locales/ro.json'),
  zh: () => import('./locales/zh.json'),
};

/** The catalogues a first render in `language` needs: English and that language. */
export async function loadCatalogues(language: Language): Promise<Catalogues> {
  if (language === 'en') return {};
  return { [language]: { translation: (await loaders[language]()).default } };
}

export function createAppI18n(language: Language, catalogues: Catalogues = {}): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: englishFrame }, ...catalogues },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languages],
    defaultNS: namespace,
    // The first render's catalogues are given, so initialisation can finish before it.
    initAsync: false,
    // React escapes rendered text already.
    interpolation: { escapeValue: false },
  });
  if (englishPages !== null) addEnglishPages(instance, englishPages);
  else waitingForEnglishPages.add(instance);
  return instance;
}

/** Switches the instance to `language`, fetching its catalogue first when it is not loaded. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, namespace)) {
    const catalogues = await loadCatalogues(language);
    const catalogue = catalogues[language];
    if (catalogue) instance.addResourceBundle(language, namespace, catalogue.translation);
  }
  await instance.changeLanguage(language);
}
