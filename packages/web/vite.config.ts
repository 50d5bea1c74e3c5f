import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { precompress } from './src/build/precompress.ts';
import { englishFramePaths, splitCatalogue } from './src/i18n/english-parts.ts';

const apiProxy = { '/api': { target: 'http://127.0.0.1:8080' } };

/**
 * The two parts of the English catalogue (`src/i18n/english-parts.ts`) as modules of their own:
 * `virtual:english/frame` ships with the app frame, `virtual:english/pages` loads with the pages.
 */
function englishCatalogueParts(): Plugin {
  const file = fileURLToPath(new URL('./src/i18n/locales/en.json', import.meta.url));
  const parts = { 'virtual:english/frame': 0, 'virtual:english/pages': 1 } as const;
  const isPart = (id: string): id is keyof typeof parts => Object.hasOwn(parts, id);
  return {
    name: 'flowsight:english-catalogue-parts',
    resolveId(id) {
      return isPart(id) ? `\0${id}` : undefined;
    },
    load(id) {
      const name = id.slice(1);
      if (!id.startsWith('\0') || !isPart(name)) return undefined;
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8'));
      const part = splitCatalogue(catalogue, englishFramePaths)[parts[name]];
      return `export default ${JSON.stringify(part)};`;
    },
  };
}

/**
 * Finds the modules the entry imports statically once the module graph is complete. Every page
 * downloads those, so they can share one chunk instead of being cut into a dozen small ones along
 * the lazy routes that also use them.
 */
function entryModules() {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'flowsight:entry-modules',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (modules.has(id)) continue;
        modules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, modules };
}

const entry = entryModules();

export default defineConfig({
  plugins: [react(), englishCatalogueParts(), entry.plugin, precompress()],
  resolve: {
    // Workspace packages are read from their TypeScript sources, so the web never waits for
    // `packages/domain` to be compiled.
    conditions: ['@flowsight/source', ...defaultClientConditions],
    tsconfigPaths: true,
  },
  // The server serves the built app from its `public` folder: one process, one port.
  build: {
    outDir: '../server/public',
    emptyOutDir: true,
    // The benchmark reads which chunks a route needs from the manifest.
    manifest: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React changes far less often than the app: its own chunk stays cached across
        // deployments. What the entry needs besides (the app frame, its MUI components, i18next,
        // TanStack Query) is one chunk. Other libraries (MUI above all) are split with the
        // routes that use them, so a page downloads only the components it renders.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'app', test: (id) => entry.modules.has(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
