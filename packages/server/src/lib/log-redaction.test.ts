import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { redactUrl, serializeRequest } from './log-redaction.ts';

describe('redactUrl', () => {
  it('masks the token of an emailed alert action, on the page and on the API', () => {
    expect(redactUrl('/confirmation/12/2/abcDEF123')).toBe('/confirmation/12/2/[redacted]');
    expect(redactUrl('/api/confirmation/12/3/abcDEF123?x=1')).toBe(
      '/api/confirmation/12/3/[redacted]?x=1',
    );
  });

  it('masks an invitation token in the path', () => {
    expect(redactUrl('/api/auth/invitation/s3cr3t')).toBe('/api/auth/invitation/[redacted]');
  });

  it('masks a survey-approval token, on the page and on the API', () => {
    expect(redactUrl('/survey-approval/7/s3cr3t')).toBe('/survey-approval/7/[redacted]');
    expect(redactUrl('/api/survey-approval/7/s3cr3t?x=1')).toBe(
      '/api/survey-approval/7/[redacted]?x=1',
    );
  });

  it('masks a secret segment however the path is spelt or extended', () => {
    expect(redactUrl('/API//Survey-Approval/7/s3cr3t/more')).toBe(
      '/API//Survey-Approval/7/[redacted]/more',
    );
    expect(redactUrl('/api/confirmation/1/3/s3cr3t/')).toBe('/api/confirmation/1/3/[redacted]/');
  });

  it('masks access tokens and other credential parameters of the query', () => {
    expect(redactUrl('/api/notifications/stream?access_token=s3cr3t&page=1')).toBe(
      '/api/notifications/stream?access_token=[redacted]&page=1',
    );
    expect(
      redactUrl('/x?refresh_token=a&client_secret=b&password=c&api_key=d&x-api-key=e&jwt=f'),
    ).toBe(
      '/x?refresh_token=[redacted]&client_secret=[redacted]&password=[redacted]&api_key=[redacted]&x-api-key=[redacted]&jwt=[redacted]',
    );
    expect(redactUrl('/x?access%5Ftoken=s3cr3t')).toBe('/x?access%5Ftoken=[redacted]');
  });

  it('masks credentials and e-mail addresses in the query, keeping the rest', () => {
    expect(redactUrl('/change-password?email=a%40b.co&token=s3cr3t&lang=en')).toBe(
      '/change-password?email=[redacted]&token=[redacted]&lang=en',
    );
    expect(redactUrl('/register?TOKEN=s3cr3t')).toBe('/register?TOKEN=[redacted]');
  });

  it('leaves ordinary URLs untouched', () => {
    for (const url of [
      '/api/properties?page=2&filter.name=$ilike:oak',
      '/',
      '/api/auth/me',
      '/api/survey-approval/7',
      '/api/buildings/7/reopen-survey',
      '/api/notifications/stream?sort=id',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('serializeRequest', () => {
  it('writes the masked URL and the client address of a request', () => {
    const line = serializeRequest({
      method: 'GET',
      url: '/register?token=s3cr3t',
      host: 'flowsight.test',
      ip: '203.0.113.9',
      socket: { remotePort: 5555 },
    });
    expect(line).toEqual({
      method: 'GET',
      url: '/register?token=[redacted]',
      host: 'flowsight.test',
      remoteAddress: '203.0.113.9',
      remotePort: 5555,
    });
    expect(JSON.stringify(line)).not.toContain('s3cr3t');
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  // Every way a credential reaches the server in a URL: the emailed links' API calls and pages,
  // and the query parameters of links and of stream clients that cannot send headers. Each token
  // is recognisable so that the log can be searched for it.
  const secretUrls: readonly [string, string, string][] = [
    ['GET', '/api/survey-approval/1/SURVEYTOKEN1', 'SURVEYTOKEN1'],
    ['POST', '/api/survey-approval/1/SURVEYTOKEN2', 'SURVEYTOKEN2'],
    ['GET', '/survey-approval/1/SURVEYPAGE3', 'SURVEYPAGE3'],
    ['GET', '/api/confirmation/1/3/CONFIRMTOKEN4', 'CONFIRMTOKEN4'],
    ['POST', '/api/confirmation/1/3/CONFIRMTOKEN5', 'CONFIRMTOKEN5'],
    ['GET', '/confirmation/1/3/CONFIRMPAGE6', 'CONFIRMPAGE6'],
    ['GET', '/api/auth/invitation/INVITETOKEN7', 'INVITETOKEN7'],
    ['GET', '/api/notifications/stream?access_token=ACCESSTOKEN8', 'ACCESSTOKEN8'],
    ['GET', '/api/notifications/export-all-stream?access_token=ACCESSTOKEN9', 'ACCESSTOKEN9'],
    ['GET', '/register?token=REGISTERTOKEN10', 'REGISTERTOKEN10'],
    ['GET', '/change-password?email=a%40b.co&token=RESETTOKEN11', 'RESETTOKEN11'],
    // Unrouted spellings are answered 404 but logged all the same.
    ['GET', '/api//survey-approval/1/SURVEYTOKEN12/extra', 'SURVEYTOKEN12'],
    ['GET', '/api/survey-approval/1/%E0%A4%SURVEYTOKEN13', 'SURVEYTOKEN13'],
  ];

  it('never writes a credential a URL carries, and writes its masked form', async () => {
    for (const [method, url] of secretUrls) {
      await t.app.inject({ method: method as 'GET' | 'POST', url, payload: {} });
    }
    const log = lines.join('');
    expect(log).toContain('incoming request');
    for (const [, url, token] of secretUrls) {
      expect(log, `${url} logged in clear`).not.toContain(token);
    }
    const urls = lines.flatMap((line) => {
      const logged = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      return logged ? [logged] : [];
    });
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/survey-approval/1/[redacted]',
        '/survey-approval/1/[redacted]',
        '/api/confirmation/1/3/[redacted]',
        '/confirmation/1/3/[redacted]',
        '/api/auth/invitation/[redacted]',
        '/api/notifications/stream?access_token=[redacted]',
        '/register?token=[redacted]',
        '/change-password?email=[redacted]&token=[redacted]',
        '/api//survey-approval/1/[redacted]/extra',
      ]),
    );
  });
});
