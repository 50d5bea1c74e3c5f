// What a log line may show of a URL. Links sent by email carry their credential in the URL:
// `/register?token=…`, `/change-password?email=…&token=…`, `/confirmation/{id}/{status}/{token}`,
// `/survey-approval/{id}/{token}` and the API calls they lead to; stream clients that cannot send
// headers put `access_token=…` in the query. Whoever reads the logs must not be able to use them,
// so those parts are masked before a line is written.
import { apiAccess } from '@flowsight/domain/access';

const MASK = '[redacted]';

/**
 * Query parameters whose values are credentials or personal data: any name that speaks of a
 * token, secret, password, signature or API key (`access_token=` of stream clients that cannot
 * send headers, `refresh_token`, `client_secret`), and the short names links and clients use.
 */
const SECRET_PARAM =
  /token|secret|passw|signature|api[-_]?key|^(?:key|code|e?mail|auth|authorization|jwt|sig)$/i;

/** Route parameters that are credentials wherever a path declares them. */
const SECRET_ROUTE_PARAMS = new Set([':token', ':code', ':secret', ':key']);

/**
 * The paths that carry a credential in a segment, from the access table, so a route added with a
 * `:token` segment is masked without being listed here: `/confirmation/:id/:status/:token`,
 * `/survey-approval/:id/:token`, `/auth/invitation/:token`. The web's pages that the emailed
 * links open have the same shapes without `/api`.
 */
const SECRET_PATHS: readonly (readonly string[])[] = [
  ...new Set(Object.keys(apiAccess).map((route) => route.slice(route.indexOf(' ') + 1))),
]
  .map((path) => path.split('/').filter((segment) => segment !== ''))
  .filter((segments) => segments.some((segment) => SECRET_ROUTE_PARAMS.has(segment)));

const sameWord = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The path with its credential segments masked, if it has the shape of a secret-bearing route. */
function redactPath(path: string): string {
  const segments = path.split('/');
  // Empty segments (`//`) and letter case are passed over: a 404 for `/API//survey-approval/…`
  // still logs the URL it was sent.
  const words = segments.flatMap((text, index) => (text === '' ? [] : [{ text, index }]));
  const starts = sameWord(words[0]?.text ?? '', 'api') ? [0, 1] : [0];
  for (const start of starts) {
    for (const template of SECRET_PATHS) {
      const window = words.slice(start, start + template.length);
      if (window.length < template.length) continue;
      const fits = template.every(
        (part, at) => part.startsWith(':') || sameWord(part, window[at]?.text ?? ''),
      );
      if (!fits) continue;
      window.forEach((word, at) => {
        if (SECRET_ROUTE_PARAMS.has(template[at] ?? '')) segments[word.index] = MASK;
      });
    }
  }
  return segments.join('/');
}

/** The URL with credentials masked, for logs: the one place a logged URL is made safe. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const maskedPath = redactPath(path);
  if (queryAt < 0) return maskedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is judged as sent.
      }
      return equals >= 0 && SECRET_PARAM.test(decoded) ? `${name}=${MASK}` : pair;
    })
    .join('&');
  return `${maskedPath}?${query}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Pino's request serializer: what a log line says about a request, credentials masked. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Headers never written to a log line. */
export const REDACTED_LOG_PATHS = ['req.headers.authorization', 'req.headers["x-api-key"]'];
