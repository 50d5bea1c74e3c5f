// What the active role may do on the portfolio pages: read from the domain's permission matrix
// (`apiAccess`), the same table the server's guard enforces, so a button shows exactly when the
// call behind it would be allowed.
import { apiAccess, mayCall } from '@flowsight/domain/access';

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
  | 'deleteUnit';

const routeOf: Record<PortfolioAction, string> = {
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
};

export function mayDo(roleTypeId: number, action: PortfolioAction): boolean {
  const access = apiAccess[routeOf[action]];
  return access !== undefined && mayCall(access, roleTypeId);
}
