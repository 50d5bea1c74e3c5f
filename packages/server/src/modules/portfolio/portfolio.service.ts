// The portfolio's rules (spec sections 3, 4, 7; DESIGN sections 4 and 6): who sees and changes
// which company, property, building and unit, where a new one may be created, the moves with their
// transfer flag, refusals while dependents remain, names, counts, searches and the CSV exports.

import { SEARCH_TOP_LIMIT } from '@flowsight/domain/constants';
import { unitCategories, unitStates, unitTypes } from '@flowsight/domain/lookups';
import {
  type BuildingValues,
  levelsAbove,
  type PortfolioLevel,
  placeNotFound,
  portfolioLevelNames,
  type UnitValues,
} from '@flowsight/domain/portfolio';
import { statisticsDays } from '@flowsight/domain/reports';
import { localDate } from '@flowsight/domain/wall-clock';
import { type CsvColumn, csvFile, keysetChunks } from '../../lib/csv.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { ListQuery, ListQueryInput } from '../../lib/list-query.ts';
import { placeCheck, requireActsAt, type Scope } from '../../lib/tenant-scope.ts';
import { buildingCsv, unitCsv } from './portfolio.csv.ts';
import { placeListRow, unitListRow } from './portfolio.figures.ts';
import {
  buildingList,
  companyList,
  type Parent,
  type PortfolioRepository,
  propertyList,
  unitList,
} from './portfolio.repository.ts';
import type { MoveResult } from './portfolio.schemas.ts';
import type { ZoneDays } from './portfolio-activity.repository.ts';
import { companyCalls } from './portfolio-companies.ts';
import { propertyCalls } from './portfolio-properties.ts';
import type { PortfolioWrites } from './portfolio-writes.repository.ts';

export const companyListQuerySchema = companyList.querySchema;
export const propertyListQuerySchema = propertyList.querySchema;
export const buildingListQuerySchema = buildingList.querySchema;
export const unitListQuerySchema = unitList.querySchema;

type Dependencies = {
  repository: PortfolioRepository;
  writes: PortfolioWrites;
  now?: () => Date;
};

/** What the level calls share: record checks, list and export helpers, pages with their figures. */
function portfolioCore({ repository, writes, now = () => new Date() }: Dependencies) {
  async function require<Row>(
    found: Promise<Row | undefined>,
    level: PortfolioLevel,
  ): Promise<Row> {
    const row = await found;
    if (!row) throw new NotFound(placeNotFound(level));
    return row;
  }
  const company = (scope: Scope, id: number) => require(repository.company(scope, id), 'company');
  const property = (scope: Scope, id: number) =>
    require(repository.property(scope, id), 'property');
  const building = (scope: Scope, id: number) =>
    require(repository.building(scope, id), 'building');
  const unit = (scope: Scope, id: number) => require(repository.unit(scope, id), 'unit');
  const placeOf = { property, building, unit };
  /** The delete of a place inside a company: found in the caller's scope, then removed. */
  const deleteOf = (level: keyof typeof placeOf) => async (scope: Scope, id: number) => {
    const row = await placeOf[level](scope, id);
    // Removing a place changes what its parent holds: an act at the parent's level.
    requireActsAt(scope, levelsAbove(level).at(-1) ?? 'company');
    await writes.remove(scope, level, id, row.company_id);
    return { message: `${portfolioLevelNames[level]} deleted` };
  };
  /** Other modules' "is this place within my scope" check. */
  const requirePlace = placeCheck((scope, level, id) => repository.one(level, scope, id));

  function exportOf<Raw extends { id: number }, Row>(
    level: PortfolioLevel,
    entity: string,
    columns: readonly CsvColumn<Row>[],
    shape: (row: Raw) => Row,
  ) {
    return (scope: Scope, timeZone: string) =>
      csvFile(
        entity,
        columns,
        keysetChunks(
          async (afterId, limit) =>
            (await repository.chunk<Raw>(level, scope, afterId, limit)).map(shape),
          (row) => (row as unknown as { id: number }).id,
        ),
        timeZone,
        now(),
      );
  }

  /** Each time zone a list page's records can sit in, with its local days compared. */
  async function zonesOf(scope: Scope, parent?: Parent): Promise<ZoneDays[]> {
    const at = now();
    return (await repository.zonesOf(scope, parent)).map((zone) => ({
      timezoneId: zone.id,
      days: statisticsDays(localDate(at, zone.name)),
    }));
  }
  const propertyPage = async (scope: Scope, query: ListQuery, parent?: Parent) => {
    const page = await repository.pageOfProperties(
      scope,
      query,
      parent,
      await zonesOf(scope, parent),
    );
    return { ...page, rows: page.rows.map(placeListRow) };
  };
  const buildingPage = async (scope: Scope, query: ListQuery, parent?: Parent) => {
    const page = await repository.pageOfBuildings(
      scope,
      query,
      parent,
      await zonesOf(scope, parent),
    );
    return { ...page, rows: page.rows.map(placeListRow) };
  };
  const unitPage = async (scope: Scope, query: ListQuery, parent?: Parent) => {
    const page = await repository.pageOfUnits(scope, query, parent, await zonesOf(scope, parent));
    return { ...page, rows: page.rows.map(unitListRow) };
  };

  const count = async (level: PortfolioLevel, scope: Scope, parent: Parent) => ({
    count: await repository.count(level, scope, parent),
  });

  return {
    repository,
    writes,
    now,
    company,
    property,
    building,
    unit,
    requirePlace,
    deleteOf,
    exportOf,
    zonesOf,
    propertyPage,
    buildingPage,
    unitPage,
    count,
  };
}
export type PortfolioCore = ReturnType<typeof portfolioCore>;

export function createPortfolioService(deps: Dependencies) {
  const core = portfolioCore(deps);
  const { repository, writes, property, building, unit, requirePlace } = core;
  const { deleteOf, exportOf, buildingPage, unitPage, count } = core;
  return {
    requirePlace,
    ...companyCalls(core),

    ...propertyCalls(core),

    // ── Buildings ──
    listBuildings: (scope: Scope, input: ListQueryInput, url: string) =>
      buildingList.page(input, url, (q) => buildingPage(scope, q)),
    getBuilding: building,
    async createBuilding(scope: Scope, input: BuildingValues) {
      const parent = await property(scope, input.property_id);
      requireActsAt(scope, 'property');
      const id = await writes.createBuilding(scope, input, parent.company_id);
      return building(scope, id);
    },
    async updateBuilding(
      scope: Scope,
      id: number,
      input: Partial<Omit<BuildingValues, 'property_id'>>,
    ) {
      const row = await building(scope, id);
      await writes.updateBuilding(scope, id, row.company_id, input);
      return building(scope, id);
    },
    deleteBuilding: deleteOf('building'),
    async buildingUnits(scope: Scope, id: number, input: ListQueryInput, url: string) {
      await building(scope, id);
      return unitList.page(input, url, (q) => unitPage(scope, q, { level: 'building', id }));
    },
    async buildingUnitsCount(scope: Scope, id: number) {
      await building(scope, id);
      return count('unit', scope, { level: 'building', id });
    },
    async buildingTenants(scope: Scope, id: number) {
      await building(scope, id);
      return { count: await repository.tenantsOfBuilding(scope, id) };
    },
    async unitNamesOf(scope: Scope, id: number) {
      await building(scope, id);
      return repository.names('unit', scope, { level: 'building', id });
    },
    async moveBuilding(
      scope: Scope,
      id: number,
      propertyId: number,
      transfer: boolean,
    ): Promise<MoveResult> {
      const row = await building(scope, id);
      const target = await property(scope, propertyId);
      requireActsAt(scope, 'property');
      if (row.property_id === target.id)
        throw new Invalid(`${row.name} is already in ${target.name}`);
      const moved = await writes.move(
        scope,
        { kind: 'building', id },
        { companyId: target.company_id, propertyId: target.id },
        transfer,
        { companyId: row.company_id, propertyId: row.property_id },
      );
      return { message: `${row.name} moved to ${target.name}`, moved };
    },
    exportBuildings: exportOf('building', 'buildings', buildingCsv.columns, buildingCsv.row),

    // ── Units ──
    listUnits: (scope: Scope, input: ListQueryInput, url: string) =>
      unitList.page(input, url, (q) => unitPage(scope, q)),
    getUnit: unit,
    async createUnit(scope: Scope, input: UnitValues) {
      const parent = await building(scope, input.building_id);
      const id = await writes.createUnit(scope, input, {
        companyId: parent.company_id,
        propertyId: parent.property_id,
      });
      return unit(scope, id);
    },
    async updateUnit(scope: Scope, id: number, input: Partial<Omit<UnitValues, 'building_id'>>) {
      const row = await unit(scope, id);
      await writes.updateUnit(scope, id, row.company_id, input);
      return unit(scope, id);
    },
    deleteUnit: deleteOf('unit'),
    unitCategories: () => unitCategories.map(({ id, name }) => ({ id, name })),
    unitTypes: () => unitTypes.map(({ id, name }) => ({ id, name })),
    unitStates: () => unitStates.map(({ id, name }) => ({ id, name })),
    exportUnits: exportOf('unit', 'units', unitCsv.columns, unitCsv.row),

    // ── Search ──
    searchTop: (scope: Scope, level: PortfolioLevel, text: string) =>
      repository.searchTop(level, scope, text.trim(), SEARCH_TOP_LIMIT),
    /** The header's search: at most 5 per level, each limited to the caller's scope. */
    async searchAll(scope: Scope, text: string) {
      const trimmed = text.trim();
      const [c, p, b, u] = await Promise.all(
        (['company', 'property', 'building', 'unit'] as const).map((level) =>
          repository.searchTop(level, scope, trimmed, SEARCH_TOP_LIMIT),
        ),
      );
      return { companies: c ?? [], properties: p ?? [], buildings: b ?? [], units: u ?? [] };
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
