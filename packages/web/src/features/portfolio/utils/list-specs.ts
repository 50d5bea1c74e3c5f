// The address specs of the four portfolio lists (sort fields, default sort, filters): read by the
// lists (`components/portfolio-lists.tsx`) and by the route loaders that start a list's first page
// while its code loads, so both ask for the same page.
import type { ListSpec } from './list-params';

/** The server's sorts of the properties' and buildings' "where to act" columns. */
const placeActivitySorts = [
  'open_leaks',
  'open_leaks_monthly_cost',
  'month_gallons',
  'month_change',
  'sensors_not_transmitting',
];

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
    ...placeActivitySorts,
  ],
  defaultSort: 'name:ASC',
  filters: [
    { param: 'company', field: 'company_id' },
    { param: 'type', field: 'property_type_id' },
  ],
};
export const buildingListSpec: ListSpec = {
  sortable: [
    'name',
    'company_name',
    'property_name',
    'city_name',
    'survey_status',
    'units_count',
    ...placeActivitySorts,
  ],
  defaultSort: 'name:ASC',
  filters: [
    { param: 'survey', field: 'survey_status' },
    { param: 'type', field: 'building_type_id' },
  ],
};
export const unitListSpec: ListSpec = {
  sortable: [
    'name',
    'floor',
    'unit_category_id',
    'tenants',
    'sensors_count',
    'created_at',
    'open_alerts',
    'month_gallons',
    'month_cost',
    'month_change',
    'last_reading',
  ],
  defaultSort: 'name:ASC',
  filters: [
    { param: 'category', field: 'unit_category_id' },
    { param: 'state', field: 'unit_state_id' },
  ],
};
