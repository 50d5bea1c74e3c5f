// The route behind each button of the portfolio pages; whether the active role may call it is
// answered by lib/permissions.ts (the domain's permission matrix, as the server's guard).
// A role narrowed to a property or building acts only from the levels it holds whole
// (`reachesToAct` in the domain's web-access rules): it neither edits its company nor creates a
// sibling of its own place.
import type { SessionRole } from '@flowsight/domain/auth';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { type RecordAct, reachesToAct, roleReach } from '@flowsight/domain/web-access';
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

/** What each action does to a record of which level. */
const actOf: Readonly<Record<PortfolioAction, readonly [PortfolioLevel, RecordAct]>> = {
  createCompany: ['company', 'create'],
  editCompany: ['company', 'edit'],
  deleteCompany: ['company', 'delete'],
  editCompanyTypeAndAssignment: ['company', 'edit'],
  createProperty: ['property', 'create'],
  editProperty: ['property', 'edit'],
  deleteProperty: ['property', 'delete'],
  moveProperty: ['property', 'move'],
  createBuilding: ['building', 'create'],
  editBuilding: ['building', 'edit'],
  deleteBuilding: ['building', 'delete'],
  moveBuilding: ['building', 'move'],
  createUnit: ['unit', 'create'],
  editUnit: ['unit', 'edit'],
  deleteUnit: ['unit', 'delete'],
  editTenants: ['unit', 'edit'],
  addBillingProperty: ['company', 'edit'],
  removeBillingProperty: ['company', 'edit'],
};

/** Whether the active role may take `action`: the permission matrix, then the role's reach. */
export function mayDo(activeRole: SessionRole, action: PortfolioAction): boolean {
  const [level, act] = actOf[action];
  return (
    mayCallRoute(routeOf[action], activeRole.user_role_type_id) &&
    reachesToAct(roleReach(activeRole), level, act)
  );
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
