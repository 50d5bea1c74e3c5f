// Serves the built web app (packages/server/public) at `/`: hashed assets cached for a year,
// index.html for every other path so client-side routing can take over. Scripts and styles go out
// Brotli- or gzip-compressed when the browser accepts it, from copies made at build time.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Resolves to packages/server/public from both src/plugins and dist/plugins.
export const webRoot = fileURLToPath(new URL('../../public', import.meta.url));

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export type WebPluginOptions = { root?: string | undefined; analyticsId?: string | undefined };

export async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  const root = options.root ?? webRoot;
  const built = existsSync(`${root}/index.html`);
  // The page, read once, with the runtime analytics id the web app looks for.
  const indexHtml = built
    ? readFileSync(`${root}/index.html`, 'utf8').replace(
        '</head>',
        options.analyticsId
          ? `<meta name="flowsight-analytics-id" content="${escapeAttribute(options.analyticsId)}"></head>`
          : '</head>',
      )
    : '';
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes Brotli and gzip copies beside each script and style
      // (packages/web/src/build/precompress.ts): sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing script or style is a 404, never the page: a browser holding an older build's
    // index.html then fails clearly instead of parsing HTML as JavaScript.
    const asset = request.url.startsWith('/assets/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !asset;
    if (wantsPage && built) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: built
        ? `Route ${request.method} ${request.url.split('?')[0]} not found`
        : 'The web app is not built yet: run `npm run build`',
    });
  });
}
