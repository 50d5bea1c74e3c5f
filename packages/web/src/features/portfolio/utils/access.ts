// The route behind each button of the portfolio pages; whether the active role may call it is
// answered by lib/permissions.ts (the domain's permission matrix, as the server's guard).
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { type ApiRoute, mayCallRoute } from '@/lib/permissions';

export type PortfolioAction =
  | 'createCompany'
  | 'editCompany'
  | 'deleteCompany'
  | 'editCompanyTypeAndAssignment'
  | 'createProperty'
  | 'editProperty'
  | 'deleteProperty'
  | 'moveProperty'
  | 'createBuilding'
  | 'editBuilding'
  | 'deleteBuilding'
  | 'moveBuilding'
  | 'createUnit'
  | 'editUnit'
  | 'deleteUnit'
  | 'editTenants'
  | 'addBillingProperty'
  | 'removeBillingProperty';

const routeOf: Readonly<Record<PortfolioAction, ApiRoute>> = {
  createCompany: 'POST /companies',
  editCompany: 'PUT /companies/:id',
  deleteCompany: 'DELETE /companies/:id',
  // The server lets only those who create companies change their type and assignment flag.
  editCompanyTypeAndAssignment: 'POST /companies',
  createProperty: 'POST /properties',
  editProperty: 'PUT /properties/:id',
  deleteProperty: 'DELETE /properties/:id',
  moveProperty: 'PUT /properties/:property_id/change-company/:company_id/:transfer',
  createBuilding: 'POST /buildings',
  editBuilding: 'PUT /buildings/:id',
  deleteBuilding: 'DELETE /buildings/:id',
  moveBuilding: 'PUT /buildings/:id/change-property/:property_id/:transfer',
  createUnit: 'POST /units',
  editUnit: 'PUT /units/:id',
  deleteUnit: 'DELETE /units/:id',
  editTenants: 'PUT /units/:id/tenants',
  addBillingProperty: 'POST /companies/:id/billing-company-properties/:propertyId',
  removeBillingProperty: 'DELETE /companies/:id/billing-company-properties/:propertyId',
};

export function mayDo(roleTypeId: number, action: PortfolioAction): boolean {
  return mayCallRoute(routeOf[action], roleTypeId);
}

/** The overview's buttons of a record at each level (a company and a unit do not move). */
export const recordActions: Readonly<
  Record<PortfolioLevel, { edit: PortfolioAction; move?: PortfolioAction; delete: PortfolioAction }>
> = {
  company: { edit: 'editCompany', delete: 'deleteCompany' },
  property: { edit: 'editProperty', move: 'moveProperty', delete: 'deleteProperty' },
  building: { edit: 'editBuilding', move: 'moveBuilding', delete: 'deleteBuilding' },
  unit: { edit: 'editUnit', delete: 'deleteUnit' },
};
