// Build step: each compressible file of the built app gets a Brotli (`.br`) and a gzip (`.gz`)
// sibling, made once at build time at the highest levels, which the server sends to a browser
// that accepts them (`@fastify/static`'s `preCompressed`). A phone on a slow network downloads a
// quarter of the bytes, and no request spends CPU compressing.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; fonts, images (but SVG) and archives are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest|map)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

export type Precompressed = { file: string; bytes: number; brotli: number; gzip: number };

/** Writes `.br` and `.gz` beside every compressible file under `dir`; answers what it wrote. */
export function precompressDirectory(dir: string): Precompressed[] {
  const written: Precompressed[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      written.push(...precompressDirectory(path));
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const content = readFileSync(path);
    if (content.byteLength < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    written.push({
      file: path,
      bytes: content.byteLength,
      brotli: brotli.byteLength,
      gzip: gzip.byteLength,
    });
  }
  return written;
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'flowsight:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const files = precompressDirectory(outDir);
      const sum = (pick: (file: Precompressed) => number) =>
        Math.round(files.reduce((total, file) => total + pick(file), 0) / 1024);
      this.info(
        `precompressed ${files.length} files: ${sum((f) => f.bytes)} KB → ${sum((f) => f.brotli)} KB brotli, ${sum((f) => f.gzip)} KB gzip`,
      );
    },
  };
}
