import { describe, expect, it } from 'vitest';
import { deepestPlacePath, placePath, recordId, unitPath } from './paths.ts';
import { levelIdField, levelIdKey, levelsAbove } from './portfolio.ts';

describe('record page addresses', () => {
  it('nest each level under the ones above it', () => {
    const ids = { companyId: 1, propertyId: 7, buildingId: 9, unitId: 11 };
    expect(placePath('company', ids)).toBe('/companies/1');
    expect(placePath('property', ids)).toBe('/companies/1/properties/7');
    expect(placePath('building', ids)).toBe('/companies/1/properties/7/buildings/9');
    expect(placePath('unit', ids)).toBe('/companies/1/properties/7/buildings/9/units/11');
    expect(unitPath(1, 7, 9, 11)).toBe(placePath('unit', ids));
  });

  it('name the deepest place given (an alert about a building, a property, a company)', () => {
    expect(deepestPlacePath({ companyId: 1, propertyId: 7, buildingId: 9, unitId: 11 })).toBe(
      '/companies/1/properties/7/buildings/9/units/11',
    );
    expect(deepestPlacePath({ companyId: 1, propertyId: 7, buildingId: 9, unitId: null })).toBe(
      '/companies/1/properties/7/buildings/9',
    );
    expect(deepestPlacePath({ companyId: 1, propertyId: 7, buildingId: null })).toBe(
      '/companies/1/properties/7',
    );
    expect(deepestPlacePath({ companyId: 1, propertyId: null })).toBe('/companies/1');
  });

  it('read an id from the address only when it is one', () => {
    expect(recordId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'x1', '1234567890']) {
      expect(recordId(bad)).toBeNull();
    }
  });
});

describe('the levels of the hierarchy', () => {
  it('list the places above a level, top down, and name each level’s id', () => {
    expect(levelsAbove('company')).toEqual([]);
    expect(levelsAbove('building')).toEqual(['company', 'property']);
    expect(levelsAbove('unit')).toEqual(['company', 'property', 'building']);
    expect(levelIdField.building).toBe('building_id');
    expect(levelIdKey.unit).toBe('unitId');
  });
});
