import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

describe('precompressDirectory', () => {
  it('writes a Brotli and a gzip copy of each text file worth compressing, in every folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'flowsight-precompress-'));
    mkdirSync(join(root, 'assets'));
    const script = `export default ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};`;
    writeFileSync(join(root, 'assets', 'page-abc.js'), script);
    writeFileSync(join(root, 'assets', 'page-abc.css'), `.a{color:red}\n`.repeat(200));
    writeFileSync(join(root, 'assets', 'tiny-abc.js'), 'export {};');
    writeFileSync(join(root, 'assets', 'logo.png'), Buffer.alloc(4096, 1));

    const written = precompressDirectory(root);

    expect(written.map((file) => file.file).sort()).toEqual([
      join(root, 'assets', 'page-abc.css'),
      join(root, 'assets', 'page-abc.js'),
    ]);
    expect(readdirSync(join(root, 'assets')).sort()).toEqual([
      'logo.png',
      'page-abc.css',
      'page-abc.css.br',
      'page-abc.css.gz',
      'page-abc.js',
      'page-abc.js.br',
      'page-abc.js.gz',
      'tiny-abc.js',
    ]);
    const path = join(root, 'assets', 'page-abc.js');
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
    const js = written.find((file) => file.file === path);
    expect(js?.bytes).toBe(script.length);
    expect(js?.brotli).toBeLessThan(js?.gzip ?? 0);
    expect(js?.gzip).toBeLessThan(script.length / 2);
  });
});
