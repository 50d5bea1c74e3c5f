import { describe, expect, it } from 'vitest';
import { moduleImports } from './module-imports';

describe('moduleImports', () => {
  it('lists what loads code with the file, leaving out imports of types only', () => {
    const source = `
      import React from 'react';
      import './styles.css';
      import { a, type B } from './values';
      import type { C } from './types-only';
      import { type D, type E } from './named-types-only';
      import * as all from './namespace';
      export { f } from './re-exported';
      export * from './everything';
      export type { G } from './re-exported-types';
      export { type H } from './re-exported-named-types';
    `;
    expect(moduleImports('file.ts', source).loaded).toEqual([
      'react',
      './styles.css',
      './values',
      './namespace',
      './re-exported',
      './everything',
    ]);
  });

  it('finds import() with a literal anywhere in the file, in TSX too', () => {
    const source = `
      const Page = lazy(() => import('./page'));
      export function load() {
        return { element: <Page />, later: () => import("./later") };
      }
      const dynamic = (name: string) => import(name);
    `;
    expect(moduleImports('file.tsx', source)).toEqual({ loaded: [], lazy: ['./page', './later'] });
  });
});
