import { describe, expect, it } from 'vitest';
import { roleFixture } from '@/testing/session-fixtures';
import { landingPath, loginPathReturningTo, returnUrlFrom } from './landing-path';

describe('landing path', () => {
  it('returns to the returnUrl with its own search', () => {
    expect(returnUrlFrom('?returnUrl=%2Fcompanies%2F4%3Ftab%3Dalerts')).toBe(
      '/companies/4?tab=alerts',
    );
    expect(landingPath(loginPathReturningTo('/alerts?x=1').slice(6), roleFixture())).toBe(
      '/alerts?x=1',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    'javascript:alert(1)',
    '',
  ])('ignores the returnUrl %j and uses the default path', (returnUrl) => {
    const search = `?${new URLSearchParams({ returnUrl })}`;
    expect(returnUrlFrom(search)).toBeNull();
    expect(landingPath(search, roleFixture({ user_role_type_id: 13 }))).toBe('/installation');
  });
});
