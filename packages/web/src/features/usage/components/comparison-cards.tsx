// Which units (or properties, or unit categories) used the most water over the chosen dates:
// a building lists all its units and its categories, a property its units, a company its top
// units of one unit category and top properties. Unit figures count the units' fixture
// micrometers; a building's list shows the building's use and its unaccounted water beside them.

import { unitPath } from '@flowsight/domain/paths';
import { RESIDENTIAL_UNIT_CATEGORY, type UseSource } from '@flowsight/domain/water-accounting';
import Box from '@mui/material/Box';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BarList,
  type BarListItem,
  ChartCard,
  ChartError,
  ChartLoading,
} from '@/components/charts';
import type { DateRangeQuery } from '@/lib/place-usage';
import { useUnitTitle } from '@/lib/unit-title';
import {
  TOP_LIMIT,
  useBuildingCategoriesGallons,
  useBuildingUnitsGallons,
  usePropertyUnitsGallons,
  useTopProperties,
  useTopUnits,
} from '../api/get-comparisons';
import {
  useRankedCategoryLabel,
  useUnitCategoryLabel,
  useUsageFormat,
} from '../utils/usage-format';
import { SourceNote } from './source-note';
import { UnitCategorySelect } from './unit-category-select';

/** Rows a comparison shows before "show all" (a building may have hundreds of units). */
const COMPARISON_ROWS = 10;

type QueryState<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
};

type ComparisonCardProps<T> = {
  title: string;
  subtitle?: ReactNode;
  /** Names the list when the card's title alone does not (e.g. with its unit category). */
  listTitle?: string;
  /** Above the list, e.g. which unit category it ranks. */
  controls?: ReactNode;
  /** Under the list, e.g. where the figures came from. */
  footer?: (answer: T) => ReactNode;
  query: QueryState<T>;
  enabled: boolean;
  items: (answer: T) => BarListItem[];
  emptyText: string;
  testId: string;
};

function ComparisonCard<T>({
  title,
  subtitle,
  listTitle,
  controls,
  footer,
  query,
  enabled,
  items,
  emptyText,
  testId,
}: ComparisonCardProps<T>) {
  const { t } = useTranslation();
  const format = useUsageFormat();
  return (
    <ChartCard title={title} subtitle={subtitle} data-testid={testId}>
      {controls}
      {!enabled ? (
        <ChartError message={t('usage.range.fixFirst')} />
      ) : query.isPending ? (
        <ChartLoading height={160} />
      ) : query.isError || query.data === undefined ? (
        <ChartError onRetry={() => void query.refetch()} />
      ) : (
        <>
          <BarList
            title={listTitle ?? title}
            items={items(query.data)}
            formatValue={format.gallons}
            emptyText={emptyText}
            limit={COMPARISON_ROWS}
            data-testid={`${testId}-list`}
          />
          {footer?.(query.data)}
        </>
      )}
    </ChartCard>
  );
}

type RangeProps = { range: DateRangeQuery; enabled: boolean };

export type BuildingComparisonProps = RangeProps & {
  buildingId: number;
  /** A unit's page, for the links. */
  unitPath: (unitId: number) => string;
};

export function BuildingComparison({
  buildingId,
  unitPath,
  range,
  enabled,
}: BuildingComparisonProps) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const format = useUsageFormat();
  const categoryLabel = useUnitCategoryLabel();
  const units = useBuildingUnitsGallons(buildingId, range, enabled);
  const categories = useBuildingCategoriesGallons(buildingId, range, enabled);
  const building = units.data;
  const subtitle = (
    <>
      {t('usage.water.perUnitFixtures')}
      {building !== undefined && (
        <Box component="span" sx={{ display: 'block' }} data-testid="building-use">
          {building.source === 'fixture-meters-only'
            ? t('usage.water.buildingUseOnly', { use: format.gallons(building.building_gallons) })
            : t('usage.water.buildingUse', {
                use: format.gallons(building.building_gallons),
                unaccounted: format.gallons(Math.max(0, building.unaccounted_gallons)),
                share: format.share(
                  building.building_gallons > 0
                    ? Math.max(0, building.unaccounted_gallons) / building.building_gallons
                    : 0,
                ),
              })}
        </Box>
      )}
    </>
  );
  const footer = (answer: { source: UseSource }) => <SourceNote source={answer.source} />;
  return (
    <>
      <ComparisonCard
        title={t('usage.comparison.units')}
        subtitle={subtitle}
        footer={footer}
        query={units}
        enabled={enabled}
        items={(answer) =>
          answer.data.map((unit) => ({
            key: String(unit.unit_id),
            label: unitTitle(unit.unit_name),
            value: unit.gallons,
            secondary: categoryLabel(unit.unit_category_id),
            to: `${unitPath(unit.unit_id)}/charts`,
          }))
        }
        emptyText={t('usage.comparison.noUnits')}
        testId="units-comparison"
      />
      <ComparisonCard
        title={t('usage.comparison.categories')}
        subtitle={t('usage.water.perUnitFixtures')}
        query={categories}
        enabled={enabled}
        items={(answer) =>
          answer.data.map((category) => ({
            key: String(category.unit_category_id),
            label: categoryLabel(category.unit_category_id),
            value: category.gallons,
            secondary: t('usage.comparison.perUnit', {
              units: format.count(category.units),
              perUnit: format.gallons(category.gallons_per_unit),
            }),
          }))
        }
        emptyText={t('usage.comparison.noUnits')}
        testId="categories-comparison"
      />
    </>
  );
}

export type PropertyComparisonProps = RangeProps & {
  propertyId: number;
  unitPath: (buildingId: number, unitId: number) => string;
};

export function PropertyComparison({
  propertyId,
  unitPath,
  range,
  enabled,
}: PropertyComparisonProps) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const report = usePropertyUnitsGallons(propertyId, range, enabled);
  return (
    <ComparisonCard
      title={t('usage.comparison.topUnits', { limit: TOP_LIMIT })}
      query={report}
      enabled={enabled}
      items={(answer) =>
        [...answer.data]
          .sort(
            (a, b) => b.total_gallons - a.total_gallons || a.unit_name.localeCompare(b.unit_name),
          )
          .slice(0, TOP_LIMIT)
          .map((unit) => ({
            key: String(unit.unit_id),
            label: unitTitle(unit.unit_name),
            value: unit.total_gallons,
            secondary: unit.building_name,
            to: `${unitPath(unit.building_id, unit.unit_id)}/charts`,
          }))
      }
      emptyText={t('usage.comparison.noUnits')}
      testId="units-comparison"
    />
  );
}

export type CompanyComparisonProps = RangeProps & {
  companyId: number;
  propertyPath: (propertyId: number) => string;
};

export function CompanyComparison({
  companyId,
  propertyPath,
  range,
  enabled,
}: CompanyComparisonProps) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const format = useUsageFormat();
  const categoryLabel = useRankedCategoryLabel();
  const [category, setCategory] = useState<number>(RESIDENTIAL_UNIT_CATEGORY);
  const units = useTopUnits(companyId, range, enabled, TOP_LIMIT, category);
  const properties = useTopProperties(companyId, range, enabled);
  const topUnits = t('usage.comparison.topUnits', { limit: TOP_LIMIT });
  return (
    <>
      <ComparisonCard
        title={topUnits}
        subtitle={categoryLabel(category)}
        listTitle={t('usage.water.rankedTitle', {
          title: topUnits,
          category: categoryLabel(category),
        })}
        controls={<UnitCategorySelect value={category} onChange={setCategory} />}
        query={units}
        enabled={enabled}
        items={(answer) => topUnitItems(answer.data, unitTitle)}
        emptyText={t('usage.comparison.noUnits')}
        testId="units-comparison"
      />
      <ComparisonCard
        title={t('usage.comparison.topProperties', { limit: TOP_LIMIT })}
        query={properties}
        enabled={enabled}
        items={(answer) =>
          answer.data.map((property) => ({
            key: String(property.property_id),
            label: property.property_name,
            value: property.gallons,
            secondary: t('usage.comparison.unitCount', { units: format.count(property.units) }),
            to: `${propertyPath(property.property_id)}/charts`,
          }))
        }
        emptyText={t('usage.comparison.noProperties')}
        testId="properties-comparison"
      />
    </>
  );
}

export type TopUnit = {
  unit_id: number;
  unit_name: string;
  building_name: string;
  property_name: string;
  gallons: number;
  company_id: number;
  property_id: number;
  building_id: number;
};

/** A company's top units as list rows linking to each unit's charts, titled by `unitTitle`. */
export function topUnitItems(
  units: readonly TopUnit[],
  unitTitle: (name: string) => string,
): BarListItem[] {
  return units.map((unit) => ({
    key: String(unit.unit_id),
    label: unitTitle(unit.unit_name),
    value: unit.gallons,
    secondary: `${unit.building_name} · ${unit.property_name}`,
    to: `${unitPath(unit.company_id, unit.property_id, unit.building_id, unit.unit_id)}/charts`,
  }));
}
