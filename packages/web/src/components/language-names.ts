import type { Language } from '@flowsight/domain/constants';

/** A language's name in that language ("Français", "中文"), as a reader of it looks for it. */
export function nativeLanguageName(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}
