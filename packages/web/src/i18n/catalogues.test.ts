import { languages } from '@flowsight/domain/constants';
import { describe, expect, it } from 'vitest';
import { resources } from './resources';

type Catalogue = { readonly [key: string]: unknown };

/** Every leaf of a catalogue as `dotted.key → text`. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [nested, text] of flatten({ ...value }, path)) entries.set(nested, text);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const catalogues = languages.map(
  (language) => [language, flatten(resources[language].translation)] as const,
);
const allKeys = new Set(catalogues.flatMap(([, entries]) => [...entries.keys()]));

describe('translation catalogues', () => {
  it('has a catalogue for every supported language', () => {
    expect(Object.keys(resources).sort()).toEqual([...languages].sort());
  });

  it.each(catalogues)('%s has every key that any other catalogue has', (_language, entries) => {
    const missing = [...allKeys].filter((key) => !entries.has(key));
    expect(missing).toEqual([]);
  });

  it.each(catalogues)('%s has a non-empty text for every key', (_language, entries) => {
    const notText = [...entries]
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => key);
    expect(notText).toEqual([]);
  });

  it.each(catalogues)('%s uses the same {{placeholders}} as English', (_language, entries) => {
    const english = flatten(resources.en.translation);
    const mismatched = [...entries]
      .filter(([key, text]) => {
        const reference = english.get(key);
        if (typeof text !== 'string' || typeof reference !== 'string') return false;
        return placeholders(text).join() !== placeholders(reference).join();
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
