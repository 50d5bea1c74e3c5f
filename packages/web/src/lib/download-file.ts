// Saving a file the API sends as an attachment (CSV exports, spec sections 5 and 7): fetched with
// the session's token, named by the answer's Content-Disposition header, and handed to the browser
// as a download. A failed answer rejects with an `ApiError` carrying the server's message, or none.
import { fetchWithSession } from './api-client';
import { ApiError } from './api-error';

/** Spec section 5: the helper's refusal when it is told neither what nor where to download. */
export const MISSING_DOWNLOAD_SOURCE_MESSAGE = 'Either provide url or type';

export type DownloadFileOptions = {
  /** An API path after `/api`, e.g. `/properties/7/submissions/export`. */
  url?: string;
  /** A data set with an `export-all` route, e.g. `companies` or `location/cities`. */
  type?: string;
  /**
   * IANA time zone of the file's dates; the browser's own when left out. `null` sends none, for
   * files whose dates follow their record's own zone (the usage reports).
   */
  timeZone?: string | null;
};

/** The browser's IANA time zone, e.g. `Europe/Paris`. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` preferred over
 * `filename="…"`), without any folder part; `null` when it names none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (header === null) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (encoded !== undefined) {
    try {
      name = decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i
    .exec(header)
    ?.slice(1)
    .find((part) => part !== undefined)
    ?.replace(/\\(.)/g, '$1');
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base === undefined || base === '' ? null : base;
}

async function serverMessagesOf(response: Response): Promise<string[]> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('message' in body)) return [];
    const { message } = body;
    return (Array.isArray(message) ? message : [message]).filter(
      (text): text is string => typeof text === 'string' && text.trim() !== '',
    );
  } catch {
    return [];
  }
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL may go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** Downloads one file and saves it; resolves with the file's name. */
export async function downloadFile(options: DownloadFileOptions): Promise<string> {
  const path =
    options.url ?? (options.type === undefined ? undefined : `/${options.type}/export-all`);
  if (path === undefined || path === '' || path === '/') {
    throw new Error(MISSING_DOWNLOAD_SOURCE_MESSAGE);
  }
  const [pathname = '', search = ''] = path.split('?', 2);
  const query = new URLSearchParams(search);
  if (options.timeZone !== null) query.set('timeZone', options.timeZone ?? browserTimeZone());
  const response = await fetchWithSession(`${pathname}?${query}`);
  if (!response.ok) throw new ApiError(response.status, await serverMessagesOf(response));
  const blob = await response.blob();
  const fallbackName = `${
    pathname
      .split('/')
      .filter((part) => part !== '' && !/^export/.test(part))
      .pop() ?? 'export'
  }.csv`;
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}
