import englishFrame from 'virtual:english/frame';
import englishPages from 'virtual:english/pages';
import { describe, expect, it } from 'vitest';
import { englishFramePaths, splitCatalogue } from './english-parts';
import en from './locales/en.json';

/** `catalogue` with `addition` merged in, nested objects merged key by key. */
function merged(catalogue: object, addition: object): object {
  const result: Record<string, unknown> = { ...catalogue };
  for (const [key, value] of Object.entries(addition)) {
    const current = result[key];
    result[key] =
      typeof current === 'object' && current !== null && typeof value === 'object'
        ? merged(current, value)
        : value;
  }
  return result;
}

describe('English catalogue parts', () => {
  it('together are the whole catalogue, each entry in exactly one part', () => {
    expect(merged(englishFrame, englishPages)).toEqual(en);
    expect(merged(englishPages, englishFrame)).toEqual(en);
    expect(englishFrame).toHaveProperty('usage.kpi');
    expect(englishFrame).not.toHaveProperty('users');
    expect(englishPages).toHaveProperty('users');
    expect(englishPages).not.toHaveProperty('alerts.bell');
    expect(englishPages).toHaveProperty('alerts.fixedIt');
  });

  it('cuts along nested paths and keeps the rest of their parents', () => {
    const catalogue = { a: { b: { c: 'x', d: 'y' }, e: 'z' }, f: 'w' };
    expect(splitCatalogue(catalogue, ['a.b.c', 'f'])).toEqual([
      { a: { b: { c: 'x' } }, f: 'w' },
      { a: { b: { d: 'y' }, e: 'z' } },
    ]);
    expect(splitCatalogue(catalogue, ['a'])).toEqual([{ a: catalogue.a }, { f: 'w' }]);
    expect(catalogue.a.b.c).toBe('x');
  });

  it('refuses a path the catalogue does not have', () => {
    expect(() => splitCatalogue({ a: { b: 'x' } }, ['a.c'])).toThrow('no entry a.c');
    expect(englishFramePaths.length).toBeGreaterThan(0);
  });
});
