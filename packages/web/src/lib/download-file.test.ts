import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, reply } from '@/testing/mock-api';
import { ApiError } from './api-error';
import {
  downloadFile,
  fileNameFromDisposition,
  MISSING_DOWNLOAD_SOURCE_MESSAGE,
} from './download-file';
import { setServiceToken } from './session-storage';

let saved: { name: string; href: string }[] = [];

beforeEach(() => {
  saved = [];
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:flowsight/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function csv(disposition: string | null) {
  const headers = new Headers({ 'content-type': 'text/csv; charset=utf-8' });
  if (disposition !== null) headers.set('content-disposition', disposition);
  return new Response('\uFEFFID,Name\r\n1,Harbor Homes\r\n', { status: 200, headers });
}

describe('downloadFile', () => {
  it(`rejects with '${MISSING_DOWNLOAD_SOURCE_MESSAGE}' when given neither`, async () => {
    await expect(downloadFile({})).rejects.toThrow(MISSING_DOWNLOAD_SOURCE_MESSAGE);
  });

  it('fetches the export with the token and time zone and saves it under the server’s name', async () => {
    setServiceToken('token-1');
    const api = mockApi({
      'GET /location/cities/export-all': () => csv('attachment; filename="cities-2026-05-01.csv"'),
    });
    await expect(
      downloadFile({ type: 'location/cities', timeZone: 'Europe/Bucharest' }),
    ).resolves.toBe('cities-2026-05-01.csv');
    const request = api.requests[0];
    expect(new URL(request?.url ?? '').searchParams.get('timeZone')).toBe('Europe/Bucharest');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(saved).toEqual([{ name: 'cities-2026-05-01.csv', href: 'blob:flowsight/1' }]);
  });

  it('keeps a url’s own query and names the file after the path when no header names it', async () => {
    const api = mockApi({ 'GET /properties/7/submissions/export': () => csv(null) });
    await downloadFile({
      url: '/properties/7/submissions/export?from=2026-01-01',
      timeZone: 'UTC',
    });
    const query = new URL(api.requests[0]?.url ?? '').searchParams;
    expect([query.get('from'), query.get('timeZone')]).toEqual(['2026-01-01', 'UTC']);
    expect(saved[0]?.name).toBe('submissions.csv');
  });

  it('sends no time zone when told the file follows its record’s own', async () => {
    const api = mockApi({ 'GET /companies/1/report-overview/1': () => csv(null) });
    await downloadFile({ url: '/companies/1/report-overview/1?format=csv', timeZone: null });
    const query = new URL(api.requests[0]?.url ?? '').searchParams;
    expect([...query.keys()]).toEqual(['format']);
  });

  it('rejects with the server’s message, or with none when it sent none', async () => {
    mockApi({
      'GET /companies/export-all': () =>
        reply(400, { statusCode: 400, error: 'Bad Request', message: 'Unknown time zone' }),
      'GET /units/export-all': () => new Response('oops', { status: 502 }),
    });
    const refused = await downloadFile({ type: 'companies' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).messages).toEqual(['Unknown time zone']);
    const broken = await downloadFile({ type: 'units' }).catch((error: unknown) => error);
    expect((broken as ApiError).messages).toEqual([]);
    expect(saved).toEqual([]);
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="companies-2026-05-01.csv"', 'companies-2026-05-01.csv'],
    ['attachment; filename=units.csv', 'units.csv'],
    ['attachment; filename="a.csv"; filename*=UTF-8\'\'Soci%C3%A9t%C3%A9s.csv', 'Sociétés.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
