import { describe, expect, it } from 'vitest';
import { crumbsOf } from './shell-breadcrumbs';

describe('breadcrumb trail', () => {
  it('reads ids after company, property, building and unit segments as those entities', () => {
    expect(crumbsOf('/companies/1/properties/2/buildings/3/units/4')).toEqual([
      { kind: 'section', segment: 'companies', path: '/companies' },
      { kind: 'entity', level: 'company', id: '1', path: '/companies/1' },
      { kind: 'section', segment: 'properties', path: '/companies/1/properties' },
      { kind: 'entity', level: 'property', id: '2', path: '/companies/1/properties/2' },
      { kind: 'section', segment: 'buildings', path: '/companies/1/properties/2/buildings' },
      { kind: 'entity', level: 'building', id: '3', path: '/companies/1/properties/2/buildings/3' },
      { kind: 'section', segment: 'units', path: '/companies/1/properties/2/buildings/3/units' },
      {
        kind: 'entity',
        level: 'unit',
        id: '4',
        path: '/companies/1/properties/2/buildings/3/units/4',
      },
    ]);
  });

  it('keeps other segments as sections', () => {
    expect(crumbsOf('/micrometers/testing').map((crumb) => crumb.kind)).toEqual([
      'section',
      'section',
    ]);
    expect(crumbsOf('/')).toEqual([]);
  });
});
