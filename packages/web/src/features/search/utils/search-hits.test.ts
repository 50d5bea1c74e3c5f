import { describe, expect, it } from 'vitest';
import type { PortfolioSearchHit } from '../api/search-portfolio';
import { searchHitPath, searchOptions } from './search-hits';

function hit(id: number, overrides: Partial<PortfolioSearchHit> = {}): PortfolioSearchHit {
  return {
    id,
    name: `Hit ${id}`,
    company_id: 1,
    property_id: null,
    building_id: null,
    context: null,
    ...overrides,
  };
}

describe('search hits', () => {
  it('opens each level’s own page under its company, property and building', () => {
    expect(searchHitPath({ ...hit(3, { company_id: 3 }), level: 'companies' })).toBe(
      '/companies/3',
    );
    expect(
      searchHitPath({ ...hit(12, { company_id: 3, property_id: 12 }), level: 'properties' }),
    ).toBe('/companies/3/properties/12');
    expect(
      searchHitPath({
        ...hit(40, { company_id: 3, property_id: 12, building_id: 40 }),
        level: 'buildings',
      }),
    ).toBe('/companies/3/properties/12/buildings/40');
    expect(
      searchHitPath({
        ...hit(501, { company_id: 3, property_id: 12, building_id: 40 }),
        level: 'units',
      }),
    ).toBe('/companies/3/properties/12/buildings/40/units/501');
  });

  it('lists companies, properties, buildings, then units, at most 5 of each', () => {
    const many = Array.from({ length: 7 }, (_, index) => hit(index + 1));
    const options = searchOptions({
      units: many,
      buildings: [hit(20)],
      properties: [],
      companies: [hit(30)],
    });
    expect(options.map((option) => option.level)).toEqual([
      'companies',
      'buildings',
      'units',
      'units',
      'units',
      'units',
      'units',
    ]);
    expect(searchOptions(undefined)).toEqual([]);
  });
});
