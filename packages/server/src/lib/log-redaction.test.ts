import { describe, expect, it } from 'vitest';
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

  it('masks credentials and e-mail addresses in the query, keeping the rest', () => {
    expect(redactUrl('/change-password?email=a%40b.co&token=s3cr3t&lang=en')).toBe(
      '/change-password?email=[redacted]&token=[redacted]&lang=en',
    );
    expect(redactUrl('/register?TOKEN=s3cr3t')).toBe('/register?TOKEN=[redacted]');
  });

  it('leaves ordinary URLs untouched', () => {
    for (const url of ['/api/properties?page=2&filter.name=$ilike:oak', '/', '/api/auth/me']) {
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
