// The four portfolio lists as tables: all of a level the caller may see (the /companies,
// /properties and /buildings pages) or one parent's children (the record pages' tabs). Each
// names its columns, sort fields and filters once.
import { isSystemRole } from '@flowsight/domain/roles';
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCompanyNames } from '@/lib/place-names';
import { useSignedInSession } from '@/lib/session';
import { useUnitTitle } from '@/lib/unit-title';
import { type BuildingRow, buildingsQueryOptions } from '../api/get-buildings';
import { type CompanyRow, companiesQueryOptions } from '../api/get-companies';
import { type PropertyRow, propertiesQueryOptions } from '../api/get-properties';
import { type UnitRow, unitsQueryOptions } from '../api/get-units';
import { placeOf, useFormatters } from '../utils/format';
import type { ListSpec, PortfolioListParams } from '../utils/list-params';
import { useLookupLabel, useLookupOptions } from '../utils/lookup-labels';
import { buildingPath, companyPath, propertyPath, unitPath } from '../utils/paths';
import { type PortfolioColumn, type PortfolioFilter, PortfolioTable } from './portfolio-table';
import { SurveyChip } from './survey-chip';

export const companyListSpec: ListSpec = {
  sortable: [
    'name',
    'company_type_id',
    'city_name',
    'properties_count',
    'units_count',
    'created_at',
  ],
  defaultSort: 'name:ASC',
  filters: [{ param: 'type', field: 'company_type_id' }],
};
export const propertyListSpec: ListSpec = {
  sortable: [
    'name',
    'company_name',
    'city_name',
    'timezone_name',
    'water_price_per_kgal',
    'buildings_count',
    'units_count',
    'created_at',
  ],
  defaultSort: 'name:ASC',
  filters: [
    { param: 'company', field: 'company_id' },
    { param: 'type', field: 'property_type_id' },
  ],
};
export const buildingListSpec: ListSpec = {
  sortable: ['name', 'company_name', 'property_name', 'city_name', 'survey_status', 'units_count'],
  defaultSort: 'name:ASC',
  filters: [
    { param: 'survey', field: 'survey_status' },
    { param: 'type', field: 'building_type_id' },
  ],
};
export const unitListSpec: ListSpec = {
  sortable: ['name', 'floor', 'unit_category_id', 'tenants', 'sensors_count', 'created_at'],
  defaultSort: 'name:ASC',
  filters: [
    { param: 'category', field: 'unit_category_id' },
    { param: 'state', field: 'unit_state_id' },
  ],
};

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

const dash = (text: string | null | undefined) =>
  text === null || text === undefined || text === '' ? '—' : text;

export type ListProps = { newButton?: NewButtonProps | undefined };

export function CompanyList({ newButton }: ListProps) {
  const { t } = useTranslation();
  const label = useLookupLabel();
  const format = useFormatters();
  const columns: PortfolioColumn<CompanyRow>[] = [
    {
      key: 'name',
      label: t('portfolio.columns.name'),
      sortField: 'name',
      render: (row) => row.name,
    },
    {
      key: 'type',
      label: t('portfolio.columns.type'),
      sortField: 'company_type_id',
      from: 'sm',
      render: (row) => label('companyTypes', row.company_type_id),
    },
    {
      key: 'city',
      label: t('portfolio.columns.city'),
      sortField: 'city_name',
      from: 'md',
      render: (row) => dash(placeOf(row)),
    },
    {
      key: 'properties',
      label: t('portfolio.columns.properties'),
      sortField: 'properties_count',
      align: 'right',
      render: (row) => format.count(row.properties_count),
    },
    {
      key: 'buildings',
      label: t('portfolio.columns.buildings'),
      from: 'lg',
      align: 'right',
      render: (row) => format.count(row.buildings_count),
    },
    {
      key: 'units',
      label: t('portfolio.columns.units'),
      sortField: 'units_count',
      from: 'sm',
      align: 'right',
      render: (row) => format.count(row.units_count),
    },
  ];
  const filters: PortfolioFilter[] = [
    {
      field: 'company_type_id',
      label: t('portfolio.filters.companyType'),
      options: useLookupOptions('companyTypes'),
    },
  ];
  return (
    <PortfolioTable
      spec={companyListSpec}
      listQuery={companiesQueryOptions}
      columns={columns}
      filters={filters}
      rowPath={(row) => companyPath(row.id)}
      label={t('portfolio.companies')}
      searchLabel={t('portfolio.list.searchCompanies')}
      emptyText={t('portfolio.list.emptyCompanies')}
      actions={newButton && <NewRecordButton {...newButton} />}
    />
  );
}

export type PropertyListProps = ListProps & { companyId: number | null };

export function PropertyList({ companyId, newButton }: PropertyListProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const format = useFormatters();
  // Across companies only: within one company the company column and filter say nothing.
  const acrossCompanies = companyId === null;
  const companyNames = useCompanyNames(
    acrossCompanies && isSystemRole(activeRole.user_role_type_id),
  );
  const columns: PortfolioColumn<PropertyRow>[] = [
    {
      key: 'name',
      label: t('portfolio.columns.name'),
      sortField: 'name',
      render: (row) => row.name,
    },
    ...(acrossCompanies
      ? [
          {
            key: 'company',
            label: t('portfolio.columns.company'),
            sortField: 'company_name',
            from: 'sm',
            render: (row) => row.company_name,
          } satisfies PortfolioColumn<PropertyRow>,
        ]
      : []),
    {
      key: 'city',
      label: t('portfolio.columns.city'),
      sortField: 'city_name',
      from: 'md',
      render: (row) => dash(placeOf(row)),
    },
    {
      key: 'timezone',
      label: t('portfolio.columns.timezone'),
      sortField: 'timezone_name',
      from: 'lg',
      render: (row) => row.timezone_name,
    },
    {
      key: 'buildings',
      label: t('portfolio.columns.buildings'),
      sortField: 'buildings_count',
      align: 'right',
      render: (row) => format.count(row.buildings_count),
    },
    {
      key: 'units',
      label: t('portfolio.columns.units'),
      sortField: 'units_count',
      from: 'sm',
      align: 'right',
      render: (row) => format.count(row.units_count),
    },
  ];
  const filters: PortfolioFilter[] = [
    ...(acrossCompanies && companyNames.data !== undefined
      ? [
          {
            field: 'company_id',
            label: t('portfolio.filters.company'),
            options: companyNames.data.map((company) => ({ id: company.id, label: company.name })),
          },
        ]
      : []),
    {
      field: 'property_type_id',
      label: t('portfolio.filters.propertyType'),
      options: useLookupOptions('propertyTypes'),
    },
  ];
  return (
    <PortfolioTable
      spec={propertyListSpec}
      listQuery={(params: PortfolioListParams) => propertiesQueryOptions(companyId, params)}
      columns={columns}
      filters={filters}
      rowPath={(row) => propertyPath(row.company_id, row.id)}
      label={t('portfolio.properties')}
      searchLabel={t('portfolio.list.searchProperties')}
      emptyText={t('portfolio.list.emptyProperties')}
      actions={newButton && <NewRecordButton {...newButton} />}
    />
  );
}

export type BuildingListProps = ListProps & { propertyId: number | null };

export function BuildingList({ propertyId, newButton }: BuildingListProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const acrossProperties = propertyId === null;
  const columns: PortfolioColumn<BuildingRow>[] = [
    {
      key: 'name',
      label: t('portfolio.columns.name'),
      sortField: 'name',
      render: (row) => row.name,
    },
    ...(acrossProperties
      ? ([
          {
            key: 'property',
            label: t('portfolio.columns.property'),
            sortField: 'property_name',
            from: 'sm',
            render: (row) => (
              <>
                {row.property_name}
                <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {row.company_name}
                </Typography>
              </>
            ),
          },
        ] satisfies PortfolioColumn<BuildingRow>[])
      : []),
    {
      key: 'city',
      label: t('portfolio.columns.city'),
      sortField: 'city_name',
      from: 'md',
      render: (row) => dash(placeOf(row)),
    },
    {
      key: 'survey',
      label: t('portfolio.columns.survey'),
      sortField: 'survey_status',
      from: 'sm',
      render: (row) => <SurveyChip status={row.survey_status} size="small" />,
    },
    {
      key: 'units',
      label: t('portfolio.columns.units'),
      sortField: 'units_count',
      align: 'right',
      render: (row) => format.count(row.units_count),
    },
    {
      key: 'tenants',
      label: t('portfolio.columns.tenants'),
      from: 'lg',
      align: 'right',
      render: (row) => format.count(row.tenants_count),
    },
  ];
  const filters: PortfolioFilter[] = [
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
  ];
  return (
    <PortfolioTable
      spec={buildingListSpec}
      listQuery={(params: PortfolioListParams) => buildingsQueryOptions(propertyId, params)}
      columns={columns}
      filters={filters}
      rowPath={(row) => buildingPath(row.company_id, row.property_id, row.id)}
      label={t('portfolio.buildings')}
      searchLabel={t('portfolio.list.searchBuildings')}
      emptyText={t('portfolio.list.emptyBuildings')}
      actions={newButton && <NewRecordButton {...newButton} />}
    />
  );
}

export type UnitListProps = ListProps & { buildingId: number };

export function UnitList({ buildingId, newButton }: UnitListProps) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const label = useLookupLabel();
  const format = useFormatters();
  const columns: PortfolioColumn<UnitRow>[] = [
    {
      key: 'name',
      label: t('portfolio.columns.name'),
      sortField: 'name',
      render: (row) => unitTitle(row.name),
    },
    {
      key: 'floor',
      label: t('portfolio.columns.floor'),
      sortField: 'floor',
      from: 'md',
      align: 'right',
      render: (row) => (row.floor === null ? '—' : format.count(row.floor)),
    },
    {
      key: 'category',
      label: t('portfolio.columns.category'),
      sortField: 'unit_category_id',
      from: 'sm',
      render: (row) => label('unitCategories', row.unit_category_id),
    },
    {
      key: 'state',
      label: t('portfolio.columns.state'),
      from: 'md',
      render: (row) =>
        row.unit_state_id === null ? (
          '—'
        ) : (
          <Chip size="small" variant="outlined" label={label('unitStates', row.unit_state_id)} />
        ),
    },
    {
      key: 'tenants',
      label: t('portfolio.columns.tenants'),
      sortField: 'tenants',
      from: 'sm',
      align: 'right',
      render: (row) => format.count(row.tenants),
    },
    {
      key: 'micrometers',
      label: t('portfolio.columns.micrometers'),
      sortField: 'sensors_count',
      align: 'right',
      render: (row) => format.count(row.sensors_count),
    },
  ];
  const filters: PortfolioFilter[] = [
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
  ];
  return (
    <PortfolioTable
      spec={unitListSpec}
      listQuery={(params: PortfolioListParams) => unitsQueryOptions(buildingId, params)}
      columns={columns}
      filters={filters}
      rowPath={(row) => unitPath(row.company_id, row.property_id, row.building_id, row.id)}
      label={t('portfolio.units')}
      searchLabel={t('portfolio.list.searchUnits')}
      emptyText={t('portfolio.list.emptyUnits')}
      actions={newButton && <NewRecordButton {...newButton} />}
    />
  );
}
