// Bodies of the Companies, Properties, Buildings and Units writes (spec sections 3 and 7), shared by
// the server's route schemas and the web's forms, and the wording of the portfolio's refusals.
import { z } from 'zod';
import { idSchema, optionalTextSchema as optionalText } from './input.ts';
import {
  buildingTypes,
  companyTypes,
  installationTypes,
  propertyTypes,
  unitCategories,
  unitStates,
  unitTypes,
} from './lookups.ts';
import { DEFAULT_WATER_PRICE_PER_KGAL } from './water-cost.ts';

export const portfolioMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must not exceed 120 characters',
  waterPrice: 'Water price must be between 0 and 10,000 dollars per 1,000 gallons',
  timezoneRequired: 'Time zone is required',
  tenants: 'Tenants must be a whole number between 0 and 100',
  floors: 'Floors must be a whole number between 0 and 300',
  floor: 'Floor must be a whole number between -10 and 300',
  email: 'Enter a valid email address',
  unknownValue: 'Choose one of the listed values',
} as const;

const ids = (rows: readonly { id: number }[]) => new Set(rows.map((row) => row.id));
/** A lookup id from its catalogue. */
const lookupId = (rows: readonly { id: number }[]) => {
  const known = ids(rows);
  return z
    .number()
    .int()
    .refine((id) => known.has(id), portfolioMessages.unknownValue);
};
const id = idSchema;

export const nameSchema = z
  .string()
  .trim()
  .min(1, portfolioMessages.nameRequired)
  .max(120, portfolioMessages.nameTooLong);

const address = {
  street: optionalText(200),
  city_id: id.nullable().optional(),
  postal: optionalText(20),
};

const companyFields = {
  name: nameSchema,
  company_type_id: lookupId(companyTypes),
  allow_assignment: z.boolean(),
  phone: optionalText(40),
  email: z
    .string()
    .trim()
    .max(254)
    .transform((text) => (text === '' ? null : text))
    .pipe(z.email(portfolioMessages.email).nullable())
    .nullable()
    .optional(),
  timezone_id: id.nullable().optional(),
  ...address,
};
export const companyInputSchema = z
  .object({ ...companyFields, allow_assignment: companyFields.allow_assignment.default(false) })
  .strict();
export type CompanyInput = z.input<typeof companyInputSchema>;
export type CompanyValues = z.output<typeof companyInputSchema>;

export const waterPriceSchema = z
  .number(portfolioMessages.waterPrice)
  .min(0, portfolioMessages.waterPrice)
  .max(10_000, portfolioMessages.waterPrice)
  .transform((price) => Math.round(price * 100) / 100);

const propertyFields = {
  company_id: id,
  name: nameSchema,
  timezone_id: id.describe('Id of an IANA time zone from /location/timezones'),
  property_type_id: lookupId(propertyTypes).nullable().optional(),
  water_price_per_kgal: waterPriceSchema,
  ...address,
};
export const propertyInputSchema = z
  .object({
    ...propertyFields,
    water_price_per_kgal: waterPriceSchema.default(DEFAULT_WATER_PRICE_PER_KGAL),
  })
  .strict();
export type PropertyInput = z.input<typeof propertyInputSchema>;
export type PropertyValues = z.output<typeof propertyInputSchema>;

const buildingFields = {
  property_id: id,
  name: nameSchema,
  floors: z
    .number(portfolioMessages.floors)
    .int(portfolioMessages.floors)
    .min(0, portfolioMessages.floors)
    .max(300, portfolioMessages.floors)
    .nullable()
    .optional(),
  building_type_id: lookupId(buildingTypes).nullable().optional(),
  installation_type_id: lookupId(installationTypes).nullable().optional(),
  ...address,
};
export const buildingInputSchema = z.object(buildingFields).strict();
export type BuildingInput = z.input<typeof buildingInputSchema>;
export type BuildingValues = z.output<typeof buildingInputSchema>;

export const tenantsSchema = z
  .number(portfolioMessages.tenants)
  .int(portfolioMessages.tenants)
  .min(0, portfolioMessages.tenants)
  .max(100, portfolioMessages.tenants);
/** The body of `PUT /units/{id}/tenants`: how many tenants live in the unit. */
export const unitTenantsSchema = z.object({ tenants: tenantsSchema }).strict();

const unitFields = {
  building_id: id,
  name: nameSchema,
  floor: z
    .number(portfolioMessages.floor)
    .int(portfolioMessages.floor)
    .min(-10, portfolioMessages.floor)
    .max(300, portfolioMessages.floor)
    .nullable()
    .optional(),
  unit_category_id: lookupId(unitCategories),
  unit_type_id: lookupId(unitTypes).nullable().optional(),
  unit_state_id: lookupId(unitStates).nullable().optional(),
  tenants: tenantsSchema,
};
export const unitInputSchema = z
  .object({ ...unitFields, tenants: tenantsSchema.default(0) })
  .strict();
export type UnitInput = z.input<typeof unitInputSchema>;
export type UnitValues = z.output<typeof unitInputSchema>;

/** Updates change only the fields they name; the parent is changed by a move, not an edit. */
export const companyUpdateSchema = z.object(companyFields).partial().strict();
export const propertyUpdateSchema = z
  .object(propertyFields)
  .omit({ company_id: true })
  .partial()
  .strict();
export const buildingUpdateSchema = z
  .object(buildingFields)
  .omit({ property_id: true })
  .partial()
  .strict();
export const unitUpdateSchema = z.object(unitFields).omit({ building_id: true }).partial().strict();

/** The levels of the tenant hierarchy, top down. */
export const portfolioLevels = ['company', 'property', 'building', 'unit'] as const;
export type PortfolioLevel = (typeof portfolioLevels)[number];
/** The levels a place of `level` sits in, top down (a building's: company, property). */
export const levelsAbove = (level: PortfolioLevel): readonly PortfolioLevel[] =>
  portfolioLevels.slice(0, portfolioLevels.indexOf(level));
/** Each level's id as the API's fields name it (`company_id`) and as code names it (`companyId`). */
export const levelIdField = {
  company: 'company_id',
  property: 'property_id',
  building: 'building_id',
  unit: 'unit_id',
} as const satisfies Record<PortfolioLevel, string>;
export const levelIdKey = {
  company: 'companyId',
  property: 'propertyId',
  building: 'buildingId',
  unit: 'unitId',
} as const satisfies Record<PortfolioLevel, string>;
/** How each level is named at the start of a message. */
export const portfolioLevelNames: Readonly<Record<PortfolioLevel, string>> = {
  company: 'Company',
  property: 'Property',
  building: 'Building',
  unit: 'Unit',
};
/** The 404 message for a place that does not exist or is outside the caller's scope. */
export const placeNotFound = (level: PortfolioLevel) => `${portfolioLevelNames[level]} not found`;

/** How a dependent table is named in a refusal (singular, plural), in the order they are listed. */
export const dependentNames: Readonly<Record<string, readonly [string, string]>> = {
  properties: ['property', 'properties'],
  buildings: ['building', 'buildings'],
  units: ['unit', 'units'],
  sensors: ['micrometer', 'micrometers'],
  gateways: ['gateway', 'gateways'],
  gateway_building_history: ['gateway history entry', 'gateway history entries'],
  user_roles: ['user role', 'user roles'],
  notifications: ['alert', 'alerts'],
  notification_contacts: ['alert contact', 'alert contacts'],
  billing_company_properties: ['billing link', 'billing links'],
  company_appliance_thresholds: ['fixture threshold', 'fixture thresholds'],
  sensor_gallon_thresholds: ['gallon threshold', 'gallon thresholds'],
  office_assignments: ['office assignment', 'office assignments'],
  downlinks: ['downlink', 'downlinks'],
  building_survey_items: ['survey item', 'survey items'],
  building_installers: ['installer', 'installers'],
  building_shipping: ['shipment', 'shipments'],
  building_shipping_contacts: ['shipping contact', 'shipping contacts'],
  external_flow_accounts: ['external flow account', 'external flow accounts'],
  submissions: ['reading', 'readings'],
  usage_daily: ['day of usage history', 'days of usage history'],
};
const dependentOrder = Object.keys(dependentNames);
const rank = (table: string) => {
  const index = dependentOrder.indexOf(table);
  return index === -1 ? dependentOrder.length : index;
};

/**
 * The 409 message when a record still has dependents, e.g. "This property still has 2 buildings
 * and 14 micrometers. Move or delete them first."
 */
export function dependentsMessage(
  level: PortfolioLevel,
  dependents: readonly { table: string; count: number }[],
): string {
  const parts = [...dependents]
    .sort((a, b) => rank(a.table) - rank(b.table) || a.table.localeCompare(b.table))
    .map(({ table, count }) => {
      const fallback = table.replaceAll('_', ' ');
      const [one, many] = dependentNames[table] ?? [fallback, fallback];
      return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
    });
  const listed =
    parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `This ${level} still has ${listed}. Move or delete them first.`;
}
