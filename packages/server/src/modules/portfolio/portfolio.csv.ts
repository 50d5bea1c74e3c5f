// The CSV exports of the four levels: each one's columns, and a stored row as an export row.

import {
  buildingTypes,
  companyTypes,
  propertyTypes,
  surveyStatuses,
  unitCategories,
  unitStates,
  unitTypes,
} from '@flowsight/domain/lookups';
import { type CsvColumn, placeNameColumns } from '../../lib/csv.ts';
import type { BuildingRow, CompanyRow, PropertyRow, UnitRow } from './portfolio.schemas.ts';

type Dated<T> = Omit<T, 'created_at'> & { created_at: Date };
const named = (rows: readonly { id: number; name: string }[], id: number | null) =>
  id === null ? null : (rows.find((row) => row.id === id)?.name ?? String(id));

const addressCsv = [
  { key: 'street', header: 'Street', kind: 'text' },
  { key: 'city_name', header: 'City', kind: 'text' },
  { key: 'state_name', header: 'State', kind: 'text' },
  { key: 'postal', header: 'Postal code', kind: 'text' },
] as const;

type CompanyCsv = Dated<CompanyRow> & { company_type: string | null; assignment: string };
const companyColumns: readonly CsvColumn<CompanyCsv>[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'name', header: 'Name', kind: 'text' },
  { key: 'company_type', header: 'Type', kind: 'text' },
  { key: 'assignment', header: 'Allows assignment', kind: 'text' },
  ...addressCsv,
  { key: 'phone', header: 'Phone', kind: 'text' },
  { key: 'email', header: 'Email', kind: 'text' },
  { key: 'properties_count', header: 'Properties', kind: 'number' },
  { key: 'buildings_count', header: 'Buildings', kind: 'number' },
  { key: 'units_count', header: 'Units', kind: 'number' },
  { key: 'created_at', header: 'Created', kind: 'date' },
];

type PropertyCsv = Dated<PropertyRow> & { property_type: string | null };
const propertyColumns: readonly CsvColumn<PropertyCsv>[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'name', header: 'Name', kind: 'text' },
  ...placeNameColumns('company'),
  { key: 'property_type', header: 'Type', kind: 'text' },
  ...addressCsv,
  { key: 'timezone_name', header: 'Time zone', kind: 'text' },
  { key: 'water_price_per_kgal', header: 'Water price per 1,000 gal (USD)', kind: 'number' },
  { key: 'buildings_count', header: 'Buildings', kind: 'number' },
  { key: 'units_count', header: 'Units', kind: 'number' },
  { key: 'created_at', header: 'Created', kind: 'date' },
];

type BuildingCsv = Dated<BuildingRow> & { building_type: string | null; survey: string | null };
const buildingColumns: readonly CsvColumn<BuildingCsv>[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'name', header: 'Name', kind: 'text' },
  ...placeNameColumns('company', 'property'),
  { key: 'building_type', header: 'Type', kind: 'text' },
  ...addressCsv,
  { key: 'floors', header: 'Floors', kind: 'number' },
  { key: 'survey', header: 'Survey', kind: 'text' },
  { key: 'units_count', header: 'Units', kind: 'number' },
  { key: 'tenants_count', header: 'Tenants', kind: 'number' },
  { key: 'created_at', header: 'Created', kind: 'date' },
];

type UnitCsv = Dated<UnitRow> & {
  category: string | null;
  unit_type: string | null;
  state: string | null;
};
const unitColumns: readonly CsvColumn<UnitCsv>[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'name', header: 'Name', kind: 'text' },
  ...placeNameColumns('company', 'property', 'building'),
  { key: 'floor', header: 'Floor', kind: 'number' },
  { key: 'category', header: 'Category', kind: 'text' },
  { key: 'unit_type', header: 'Type', kind: 'text' },
  { key: 'state', header: 'State', kind: 'text' },
  { key: 'tenants', header: 'Tenants', kind: 'number' },
  { key: 'sensors_count', header: 'Micrometers', kind: 'number' },
  { key: 'created_at', header: 'Created', kind: 'date' },
];

/** Each level's export: its columns and how a stored row becomes an export row. */
export const companyCsv = {
  columns: companyColumns,
  row: (row: Dated<CompanyRow>): CompanyCsv => ({
    ...row,
    company_type: named(companyTypes, row.company_type_id),
    assignment: row.allow_assignment ? 'Yes' : 'No',
  }),
};
export const propertyCsv = {
  columns: propertyColumns,
  row: (row: Dated<PropertyRow>): PropertyCsv => ({
    ...row,
    property_type: named(propertyTypes, row.property_type_id),
  }),
};
export const buildingCsv = {
  columns: buildingColumns,
  row: (row: Dated<BuildingRow>): BuildingCsv => ({
    ...row,
    building_type: named(buildingTypes, row.building_type_id),
    survey: named(surveyStatuses, row.survey_status),
  }),
};
export const unitCsv = {
  columns: unitColumns,
  row: (row: Dated<UnitRow>): UnitCsv => ({
    ...row,
    category: named(unitCategories, row.unit_category_id),
    unit_type: named(unitTypes, row.unit_type_id),
    state: named(unitStates, row.unit_state_id),
  }),
};
