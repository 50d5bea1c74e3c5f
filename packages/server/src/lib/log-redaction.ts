// What a request log line may show of a URL. Links sent by email carry their credential in the
// URL: `/register?token=…`, `/change-password?email=…&token=…`, `/confirmation/{id}/{status}/{token}`
// and the API calls they lead to (`/api/auth/invitation/{token}`, `/api/confirmation/…`). Whoever
// reads the logs must not be able to use them, so those parts are masked before a line is written.

const MASK = '[redacted]';
/** Query parameters whose values are credentials or personal data. */
const SECRET_PARAMS = new Set(['token', 'email', 'mfa_token', 'code', 'key', 'api_key']);
/** Paths whose last segment is a credential. */
const SECRET_PATH = /^((?:\/api)?\/(?:confirmation\/[^/?]*\/[^/?]*|auth\/invitation))\/[^/?]+/;

/** The URL with credentials masked, for logs. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const maskedPath = path.replace(SECRET_PATH, `$1/${MASK}`);
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
        // A malformed name is logged as sent.
      }
      return equals >= 0 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${MASK}` : pair;
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
