// One check of every request's text before its route's schema sees it: PostgreSQL text cannot
// hold U+0000 or half of a surrogate pair, so such text anywhere in the path parameters, the query
// string or the JSON body (values and keys) is refused with 400 naming the parameter, whichever
// route it was sent to and whatever the field (ingest calls excepted, see below).
import { inputMessages, isStorableText } from '@flowsight/domain/input';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Invalid } from '../lib/errors.ts';

/** The first place in `value` holding text the database cannot store, as `body.roles.0.name`. */
export function unstorablePath(root: string, value: unknown): string | undefined {
  // Iterative: a JSON body may nest thousands of levels deep.
  const pending: [string, unknown][] = [[root, value]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, item] = next;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = `${path}.${key}`;
        if (!isStorableText(key)) return childPath;
        pending.push([childPath, child]);
      }
    }
  }
  return undefined;
}

function unstorableInput(request: FastifyRequest): string | undefined {
  return (
    unstorablePath('params', request.params) ??
    unstorablePath('querystring', request.query) ??
    unstorablePath('body', request.body)
  );
}

export const inputPlugin = fp(async function input(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Ingest keeps its own rule: one device's odd text never fails a network server's batch; the
    // ingest service stores the text made storable instead (ingest.service.ts).
    if (request.routeOptions.config.access === 'integration') return;
    const path = unstorableInput(request);
    if (path) throw new Invalid([`${path}: ${inputMessages.text}`]);
  });
});
