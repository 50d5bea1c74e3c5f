import { describe, expect, it } from 'vitest';
import {
  granularityFromSearch,
  recordOf,
  scopeFromSearch,
  searchWithScope,
} from './statistics-scope';

describe('statistics scope in the address', () => {
  it('keeps a company role on its own company whatever the address says', () => {
    const scope = scopeFromSearch(new URLSearchParams('company=9&property=4'), 2);
    expect(scope).toEqual({ companyId: 2, propertyId: 4, buildingId: null });
    expect(searchWithScope(new URLSearchParams('company=9&tab=x'), scope, 2).toString()).toBe(
      'tab=x&property=4',
    );
  });

  it('ignores a lower level without the level above it', () => {
    expect(scopeFromSearch(new URLSearchParams('building=3'), null)).toEqual({
      companyId: null,
      propertyId: null,
      buildingId: null,
    });
    expect(scopeFromSearch(new URLSearchParams('company=x1'), null).companyId).toBeNull();
  });

  it('describes the deepest chosen level', () => {
    expect(recordOf({ companyId: 1, propertyId: 2, buildingId: null })).toEqual({
      level: 'property',
      id: 2,
    });
    expect(recordOf({ companyId: null, propertyId: null, buildingId: null })).toBeNull();
  });

  it('reads the granularity, daily by default', () => {
    expect(granularityFromSearch(new URLSearchParams('granularity=1'))).toBe(1);
    expect(granularityFromSearch(new URLSearchParams('granularity=9'))).toBe(3);
  });
});
