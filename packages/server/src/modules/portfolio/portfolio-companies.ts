// The company level's calls: the company itself, its billing properties, and what it holds
// (properties, buildings and units: lists, counts, names and search), each after the company was
// found in the caller's scope.
import { SEARCH_TOP_LIMIT } from '@flowsight/domain/constants';
import { companyTypes } from '@flowsight/domain/lookups';
import type { CompanyValues } from '@flowsight/domain/portfolio';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { ListQueryInput } from '../../lib/list-query.ts';
import { inScope, requireActsAt, type Scope, seesEverything } from '../../lib/tenant-scope.ts';
import { companyCsv } from './portfolio.csv.ts';
import { companyList, propertyList } from './portfolio.repository.ts';
import type { PortfolioCore } from './portfolio.service.ts';

/** Fields only provider staff may change on a company. */
const STAFF_ONLY_COMPANY_FIELDS = ['company_type_id', 'allow_assignment'] as const;

export function companyCalls(core: PortfolioCore) {
  const { repository, writes, company, property, exportOf, propertyPage, count } = core;
  return {
    listCompanies: (scope: Scope, input: ListQueryInput, url: string) =>
      companyList.page(input, url, (q) => repository.pageOfCompanies(scope, q)),
    async getCompany(scope: Scope, id: number) {
      const row = await company(scope, id);
      const billing = await repository.billingProperties(id);
      // Company roles see only the billed properties inside their scope.
      return {
        ...row,
        billing_properties: billing.filter((p) =>
          inScope(scope, { companyId: p.company_id, propertyId: p.id }),
        ),
      };
    },
    async createCompany(scope: Scope, input: CompanyValues) {
      const id = await writes.createCompany(scope, input);
      return company(scope, id);
    },
    async updateCompany(scope: Scope, id: number, input: Partial<CompanyValues>) {
      await company(scope, id);
      requireActsAt(scope, 'company');
      if (!seesEverything(scope)) {
        const refused = STAFF_ONLY_COMPANY_FIELDS.filter((field) => input[field] !== undefined);
        if (refused.length > 0) {
          throw new Forbidden(`Only provider staff can change ${refused.join(' and ')}`);
        }
      }
      await writes.updateCompany(scope, id, input);
      return company(scope, id);
    },
    async deleteCompany(scope: Scope, id: number) {
      await company(scope, id);
      await writes.remove(scope, 'company', id, id);
      return { message: 'Company deleted' };
    },
    companyNames: (scope: Scope) => repository.names('company', scope),
    companyTypes: () => companyTypes.map(({ id, name }) => ({ id, name })),
    async companyProperties(scope: Scope, id: number, input: ListQueryInput, url: string) {
      await company(scope, id);
      return propertyList.page(input, url, (q) => propertyPage(scope, q, { level: 'company', id }));
    },
    async companyCount(scope: Scope, id: number, level: 'property' | 'building' | 'unit') {
      await company(scope, id);
      return count(level, scope, { level: 'company', id });
    },
    async residentialUnits(scope: Scope, id: number) {
      await company(scope, id);
      return { count: await repository.residentialUnitsOf(scope, id) };
    },
    async propertyNamesOf(scope: Scope, id: number, limit?: number) {
      await company(scope, id);
      return repository.names('property', scope, { level: 'company', id }, limit);
    },
    async searchCompanyProperties(scope: Scope, id: number, text: string) {
      await company(scope, id);
      return repository.searchTop('property', scope, text, SEARCH_TOP_LIMIT, {
        level: 'company',
        id,
      });
    },
    async searchCompanyBuildings(scope: Scope, id: number, text: string) {
      await company(scope, id);
      return repository.searchTop('building', scope, text, SEARCH_TOP_LIMIT, {
        level: 'company',
        id,
      });
    },
    async companyTimezone(scope: Scope, id: number) {
      await company(scope, id);
      return repository.companyTimezone(id);
    },
    async addBillingProperty(scope: Scope, id: number, propertyId: number) {
      await company(scope, id);
      const billed = await property(scope, propertyId);
      if (billed.company_id === id) {
        throw new Invalid('A company is not billed separately for a property it owns');
      }
      await repository.addBillingProperty(id, propertyId);
      return { message: 'Billing property added' };
    },
    async removeBillingProperty(scope: Scope, id: number, propertyId: number) {
      await company(scope, id);
      if (!(await repository.removeBillingProperty(id, propertyId))) {
        throw new NotFound('This company is not billed for that property');
      }
      return { message: 'Billing property removed' };
    },
    exportCompanies: exportOf('company', 'companies', companyCsv.columns, companyCsv.row),
  };
}
