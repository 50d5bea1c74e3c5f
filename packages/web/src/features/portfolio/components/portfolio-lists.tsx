// The four portfolio lists, each a declaration for the one list (`portfolio-table.tsx`): all of a
// level the caller may see (the /companies, /properties and /buildings pages) or one parent's
// children (the record pages' tabs). Each names its columns, sort fields and filters once.

import { buildingPath, companyPath, propertyPath, unitPath } from '@flowsight/domain/paths';
import { isSystemRole } from '@flowsight/domain/roles';
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/data-table/list-column';
import { useCompanyNames } from '@/lib/place-names';
import { useSignedInSession } from '@/lib/session';
import { useUnitTitle } from '@/lib/unit-title';
import { type BuildingRow, buildingsQueryOptions } from '../api/get-buildings';
import { type CompanyRow, companiesQueryOptions } from '../api/get-companies';
import { type PropertyRow, propertiesQueryOptions } from '../api/get-properties';
import { type UnitRow, unitsQueryOptions } from '../api/get-units';
import { useFormatters } from '../utils/format';
import type { PortfolioListParams } from '../utils/list-params';
import {
  buildingListSpec,
  companyListSpec,
  propertyListSpec,
  unitListSpec,
} from '../utils/list-specs';
import { useLookupLabel, useLookupOptions } from '../utils/lookup-labels';
import { ChangeText, cityColumn, countColumn, nameColumn, textColumn } from './portfolio-columns';
import { type PortfolioListDeclaration, PortfolioTable } from './portfolio-table';
import { SurveyChip } from './survey-chip';

type PlaceActivityRow = {
  open_leaks: number;
  open_leaks_monthly_cost: number;
  month_gallons: number;
  month_change_percent: number | null;
  sensors_not_transmitting: number;
};

/**
 * A property's or building's "where to act" columns: its open leaks and what they cost a month,
 * this month's use with the change against the same days of last month, and its micrometers not
 * transmitting.
 */
function usePlaceActivityColumns<Row extends PlaceActivityRow>(): ListColumn<Row>[] {
  const { t } = useTranslation();
  const format = useFormatters();
  return [
    countColumn(
      'openLeaks',
      t('portfolio.columns.openLeaks'),
      (row: Row) => format.count(row.open_leaks),
      { sortField: 'open_leaks' },
    ),
    countColumn(
      'leakCost',
      t('portfolio.columns.leakCost'),
      (row: Row) => (row.open_leaks === 0 ? '—' : format.price(row.open_leaks_monthly_cost)),
      {
        sortField: 'open_leaks_monthly_cost',
        from: 'sm',
        help: t('portfolio.columns.leakCostHelp'),
      },
    ),
    countColumn(
      'monthUse',
      t('portfolio.columns.monthUse'),
      (row: Row) => format.gallons(row.month_gallons),
      { sortField: 'month_gallons', from: 'md', help: t('portfolio.columns.monthUseHelp') },
    ),
    countColumn(
      'monthChange',
      t('portfolio.columns.monthChange'),
      (row: Row) => <ChangeText percent={row.month_change_percent} format={format.change} />,
      { sortField: 'month_change', from: 'md', help: t('portfolio.columns.monthChangeHelp') },
    ),
    countColumn(
      'notTransmitting',
      t('portfolio.columns.notTransmitting'),
      (row: Row) => format.count(row.sensors_not_transmitting),
      {
        sortField: 'sensors_not_transmitting',
        from: 'sm',
        help: t('portfolio.columns.notTransmittingHelp'),
      },
    ),
  ];
}

type NewButtonProps = { label: string; onClick: () => void };

/** The list's "New …" button, beside its search. */
export function NewRecordButton({ label, onClick }: NewButtonProps) {
  return (
    <Button
      variant="contained"
      startIcon={<AddRounded />}
      onClick={onClick}
      data-testid="new-record"
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}

type Page = { data: { id: number; name: string }[]; meta: { totalItems: number } };

/** Keeps a declaration's page and query key types for `PortfolioTable`. */
const declare = <TPage extends Page, TKey extends QueryKey>(
  declaration: PortfolioListDeclaration<TPage, TKey>,
) => declaration;

export type ListProps = { newButton?: NewButtonProps | undefined };

const actionsOf = ({ newButton }: ListProps) => newButton && <NewRecordButton {...newButton} />;

function useCompanyList() {
  const { t } = useTranslation();
  const label = useLookupLabel();
  const format = useFormatters();
  const rowPath = (row: CompanyRow) => companyPath(row.id);
  return declare({
    spec: companyListSpec,
    listQuery: companiesQueryOptions,
    columns: [
      nameColumn(t('portfolio.columns.name'), (row: CompanyRow) => row.name, rowPath),
      textColumn(
        'type',
        t('portfolio.columns.type'),
        (row: CompanyRow) => label('companyTypes', row.company_type_id),
        { sortField: 'company_type_id', from: 'sm' },
      ),
      cityColumn<CompanyRow>(t('portfolio.columns.city')),
      countColumn(
        'properties',
        t('portfolio.columns.properties'),
        (row: CompanyRow) => format.count(row.properties_count),
        { sortField: 'properties_count' },
      ),
      countColumn(
        'buildings',
        t('portfolio.columns.buildings'),
        (row: CompanyRow) => format.count(row.buildings_count),
        { from: 'lg' },
      ),
      countColumn(
        'units',
        t('portfolio.columns.units'),
        (row: CompanyRow) => format.count(row.units_count),
        { sortField: 'units_count', from: 'sm' },
      ),
    ],
    filters: [
      {
        field: 'company_type_id',
        label: t('portfolio.filters.companyType'),
        options: useLookupOptions('companyTypes'),
      },
    ],
    rowPath,
    label: t('portfolio.companies'),
    searchLabel: t('portfolio.list.searchCompanies'),
    emptyText: t('portfolio.list.emptyCompanies'),
  });
}

export function CompanyList(props: ListProps) {
  return <PortfolioTable {...useCompanyList()} actions={actionsOf(props)} />;
}

export type PropertyListProps = ListProps & { companyId: number | null };

function usePropertyList(companyId: number | null) {
  const { t } = useTranslation();
  const activity = usePlaceActivityColumns<PropertyRow>();
  const { activeRole } = useSignedInSession();
  const format = useFormatters();
  // Across companies only: within one company the company column and filter say nothing.
  const acrossCompanies = companyId === null;
  const companyNames = useCompanyNames(
    acrossCompanies && isSystemRole(activeRole.user_role_type_id),
  );
  const rowPath = (row: PropertyRow) => propertyPath(row.company_id, row.id);
  const company = textColumn(
    'company',
    t('portfolio.columns.company'),
    (row: PropertyRow) => row.company_name,
    { sortField: 'company_name', from: 'sm' },
  );
  return declare({
    spec: propertyListSpec,
    listQuery: (params: PortfolioListParams) => propertiesQueryOptions(companyId, params),
    columns: [
      nameColumn(t('portfolio.columns.name'), (row: PropertyRow) => row.name, rowPath),
      ...(acrossCompanies ? [company] : []),
      cityColumn<PropertyRow>(t('portfolio.columns.city'), 'xl'),
      textColumn(
        'timezone',
        t('portfolio.columns.timezone'),
        (row: PropertyRow) => row.timezone_name,
        {
          sortField: 'timezone_name',
          from: 'xl',
        },
      ),
      countColumn(
        'buildings',
        t('portfolio.columns.buildings'),
        (row: PropertyRow) => format.count(row.buildings_count),
        { sortField: 'buildings_count', from: 'xl' },
      ),
      countColumn(
        'units',
        t('portfolio.columns.units'),
        (row: PropertyRow) => format.count(row.units_count),
        { sortField: 'units_count', from: 'xl' },
      ),
      ...activity,
    ],
    filters: [
      ...(acrossCompanies && companyNames.data !== undefined
        ? [
            {
              field: 'company_id',
              label: t('portfolio.filters.company'),
              options: companyNames.data.map((row) => ({ id: row.id, label: row.name })),
            },
          ]
        : []),
      {
        field: 'property_type_id',
        label: t('portfolio.filters.propertyType'),
        options: useLookupOptions('propertyTypes'),
      },
    ],
    rowPath,
    label: t('portfolio.properties'),
    searchLabel: t('portfolio.list.searchProperties'),
    emptyText: t('portfolio.list.emptyProperties'),
  });
}

export function PropertyList({ companyId, ...props }: PropertyListProps) {
  return <PortfolioTable {...usePropertyList(companyId)} actions={actionsOf(props)} />;
}

export type BuildingListProps = ListProps & { propertyId: number | null };

function PropertyWithCompany({ row }: { row: BuildingRow }) {
  return (
    <>
      {row.property_name}
      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
        {row.company_name}
      </Typography>
    </>
  );
}

function useBuildingList(propertyId: number | null) {
  const { t } = useTranslation();
  const activity = usePlaceActivityColumns<BuildingRow>();
  const format = useFormatters();
  const rowPath = (row: BuildingRow) => buildingPath(row.company_id, row.property_id, row.id);
  const property = textColumn(
    'property',
    t('portfolio.columns.property'),
    (row: BuildingRow) => <PropertyWithCompany row={row} />,
    { sortField: 'property_name', from: 'sm' },
  );
  return declare({
    spec: buildingListSpec,
    listQuery: (params: PortfolioListParams) => buildingsQueryOptions(propertyId, params),
    columns: [
      nameColumn(t('portfolio.columns.name'), (row: BuildingRow) => row.name, rowPath),
      ...(propertyId === null ? [property] : []),
      cityColumn<BuildingRow>(t('portfolio.columns.city'), 'xl'),
      textColumn(
        'survey',
        t('portfolio.columns.survey'),
        (row: BuildingRow) => <SurveyChip status={row.survey_status} size="small" />,
        { sortField: 'survey_status', from: 'xl', card: 'badge' },
      ),
      countColumn(
        'units',
        t('portfolio.columns.units'),
        (row: BuildingRow) => format.count(row.units_count),
        { sortField: 'units_count', from: 'xl' },
      ),
      countColumn(
        'tenants',
        t('portfolio.columns.tenants'),
        (row: BuildingRow) => format.count(row.tenants_count),
        { from: 'xl', card: 'hidden' },
      ),
      ...activity,
    ],
    filters: [
      {
        field: 'survey_status',
        label: t('portfolio.filters.surveyStatus'),
        options: useLookupOptions('surveyStatuses'),
      },
      {
        field: 'building_type_id',
        label: t('portfolio.filters.buildingType'),
        options: useLookupOptions('buildingTypes'),
      },
    ],
    rowPath,
    label: t('portfolio.buildings'),
    searchLabel: t('portfolio.list.searchBuildings'),
    emptyText: t('portfolio.list.emptyBuildings'),
  });
}

export function BuildingList({ propertyId, ...props }: BuildingListProps) {
  return <PortfolioTable {...useBuildingList(propertyId)} actions={actionsOf(props)} />;
}

export type UnitListProps = ListProps & { buildingId: number };

function useUnitList(buildingId: number) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const label = useLookupLabel();
  const format = useFormatters();
  const rowPath = (row: UnitRow) =>
    unitPath(row.company_id, row.property_id, row.building_id, row.id);
  return declare({
    spec: unitListSpec,
    listQuery: (params: PortfolioListParams) => unitsQueryOptions(buildingId, params),
    columns: [
      nameColumn(t('portfolio.columns.name'), (row: UnitRow) => unitTitle(row.name), rowPath),
      countColumn(
        'floor',
        t('portfolio.columns.floor'),
        (row: UnitRow) => (row.floor === null ? '—' : format.count(row.floor)),
        { sortField: 'floor', from: 'xl', card: 'hidden' },
      ),
      textColumn(
        'category',
        t('portfolio.columns.category'),
        (row: UnitRow) => label('unitCategories', row.unit_category_id),
        { sortField: 'unit_category_id', from: 'xl' },
      ),
      textColumn(
        'state',
        t('portfolio.columns.state'),
        (row: UnitRow) =>
          row.unit_state_id === null ? (
            '—'
          ) : (
            <Chip size="small" variant="outlined" label={label('unitStates', row.unit_state_id)} />
          ),
        { from: 'md', card: 'badge' },
      ),
      countColumn(
        'tenants',
        t('portfolio.columns.tenants'),
        (row: UnitRow) => format.count(row.tenants),
        {
          sortField: 'tenants',
          from: 'xl',
          card: 'hidden',
        },
      ),
      countColumn(
        'micrometers',
        t('portfolio.columns.micrometers'),
        (row: UnitRow) => format.count(row.sensors_count),
        { sortField: 'sensors_count', from: 'xl', card: 'hidden' },
      ),
      countColumn(
        'openAlerts',
        t('portfolio.columns.openAlerts'),
        (row: UnitRow) => format.count(row.open_alerts),
        { sortField: 'open_alerts' },
      ),
      countColumn(
        'monthGallons',
        t('portfolio.columns.monthGallons'),
        (row: UnitRow) => format.gallons(row.month_gallons),
        { sortField: 'month_gallons', help: t('portfolio.columns.monthGallonsHelp') },
      ),
      countColumn(
        'monthCost',
        t('portfolio.columns.monthCost'),
        (row: UnitRow) => format.price(row.month_cost),
        { sortField: 'month_cost', from: 'sm', help: t('portfolio.columns.monthCostHelp') },
      ),
      countColumn(
        'monthChange',
        t('portfolio.columns.monthChange'),
        (row: UnitRow) => <ChangeText percent={row.month_change_percent} format={format.change} />,
        { sortField: 'month_change', help: t('portfolio.columns.monthChangeHelp') },
      ),
      countColumn(
        'lastReading',
        t('portfolio.columns.lastReading'),
        (row: UnitRow) =>
          row.last_reading === null ? (
            t('portfolio.columns.never')
          ) : (
            <span title={format.dateTime(row.last_reading)}>{format.ago(row.last_reading)}</span>
          ),
        { sortField: 'last_reading', from: 'sm' },
      ),
    ],
    filters: [
      {
        field: 'unit_category_id',
        label: t('portfolio.filters.unitCategory'),
        options: useLookupOptions('unitCategories'),
      },
      {
        field: 'unit_state_id',
        label: t('portfolio.filters.unitState'),
        options: useLookupOptions('unitStates'),
      },
    ],
    rowPath,
    label: t('portfolio.units'),
    searchLabel: t('portfolio.list.searchUnits'),
    emptyText: t('portfolio.list.emptyUnits'),
  });
}

export function UnitList({ buildingId, ...props }: UnitListProps) {
  return <PortfolioTable {...useUnitList(buildingId)} actions={actionsOf(props)} />;
}
