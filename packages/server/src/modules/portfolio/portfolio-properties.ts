// The property level's calls: the property itself, its buildings (list, counts, names) and its
// move to another company, each after the property was found in the caller's scope.

import type { PropertyValues } from '@flowsight/domain/portfolio';
import { Invalid } from '../../lib/errors.ts';
import type { ListQueryInput } from '../../lib/list-query.ts';
import { requireActsAt, type Scope } from '../../lib/tenant-scope.ts';
import { propertyCsv } from './portfolio.csv.ts';
import { buildingList, propertyList } from './portfolio.repository.ts';
import type { MoveResult } from './portfolio.schemas.ts';
import type { PortfolioCore } from './portfolio.service.ts';

export function propertyCalls(core: PortfolioCore) {
  const { repository, writes, company, property, deleteOf, exportOf, count } = core;
  const { propertyPage, buildingPage } = core;
  return {
    listProperties: (scope: Scope, input: ListQueryInput, url: string) =>
      propertyList.page(input, url, (q) => propertyPage(scope, q)),
    getProperty: property,
    async createProperty(scope: Scope, input: PropertyValues) {
      await company(scope, input.company_id);
      requireActsAt(scope, 'company');
      const id = await writes.createProperty(scope, input);
      return property(scope, id);
    },
    async updateProperty(
      scope: Scope,
      id: number,
      input: Partial<Omit<PropertyValues, 'company_id'>>,
    ) {
      const row = await property(scope, id);
      requireActsAt(scope, 'property');
      await writes.updateProperty(scope, id, row.company_id, input);
      return property(scope, id);
    },
    deleteProperty: deleteOf('property'),
    async propertyBuildings(scope: Scope, id: number, input: ListQueryInput, url: string) {
      await property(scope, id);
      return buildingList.page(input, url, (q) =>
        buildingPage(scope, q, { level: 'property', id }),
      );
    },
    async propertyCount(scope: Scope, id: number, level: 'building' | 'unit') {
      await property(scope, id);
      return count(level, scope, { level: 'property', id });
    },
    async buildingNamesOf(scope: Scope, id: number) {
      await property(scope, id);
      return repository.names('building', scope, { level: 'property', id });
    },
    async moveProperty(
      scope: Scope,
      id: number,
      companyId: number,
      transfer: boolean,
    ): Promise<MoveResult> {
      const row = await property(scope, id);
      const target = await company(scope, companyId);
      requireActsAt(scope, 'company');
      if (row.company_id === target.id)
        throw new Invalid(`${row.name} already belongs to ${target.name}`);
      const moved = await writes.move(
        scope,
        { kind: 'property', id },
        { companyId: target.id },
        transfer,
        { companyId: row.company_id },
      );
      return { message: `${row.name} moved to ${target.name}`, moved };
    },
    exportProperties: exportOf('property', 'properties', propertyCsv.columns, propertyCsv.row),
  };
}
