import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiProxy = { '/api': { target: 'http://127.0.0.1:8080' } };

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // React changes far less often than the app: its own chunk stays cached across
        // deployments. Other libraries (MUI above all) are split with the routes that use them,
        // so a page downloads only the components it renders.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
