import { fixtureDefaults } from '@flowsight/domain/fixtures';
import {
  ApplianceType,
  CompanyType,
  GatewayStatus,
  RoleType,
  RoomType,
  SensorState,
  SensorStatus,
  UnitCategory,
  WaterType,
} from '@flowsight/domain/lookups';
import { describe, expect, it } from 'vitest';
import { demoPassword, demoUsers, generateDemoPortfolio } from './demo-portfolio.ts';

const portfolio = generateDemoPortfolio();
const placed = portfolio.sensors.flatMap((s) => (s.placement ? [{ ...s, at: s.placement }] : []));
const stock = portfolio.sensors.filter((s) => s.placement === null);

describe('generateDemoPortfolio', () => {
  it('gives the same portfolio for the same seed and another one for another seed', () => {
    expect(generateDemoPortfolio()).toEqual(portfolio);
    expect(generateDemoPortfolio(portfolio.seed)).toEqual(portfolio);
    const other = generateDemoPortfolio(7);
    expect(other.sensors.map((s) => s.macAddress)).not.toEqual(
      portfolio.sensors.map((s) => s.macAddress),
    );
  });

  it('meets every minimum of the demo requirement', () => {
    expect(portfolio.companies).toHaveLength(3);
    expect(
      portfolio.companies.filter((c) => c.companyTypeId === CompanyType.Restricted),
    ).toHaveLength(1);
    expect(portfolio.properties.length).toBeGreaterThanOrEqual(5);
    for (const zone of ['America/New_York', 'America/Chicago', 'America/Los_Angeles']) {
      expect(portfolio.properties.some((p) => p.timezone === zone)).toBe(true);
    }
    expect(portfolio.buildings.length).toBeGreaterThanOrEqual(10);
    expect(portfolio.units.length).toBeGreaterThanOrEqual(200);
    expect(new Set(portfolio.units.map((u) => u.unitCategoryId))).toEqual(
      new Set([
        UnitCategory.Internal,
        UnitCategory.CommonArea,
        UnitCategory.Commercial,
        UnitCategory.Building,
      ]),
    );
    expect(placed.length).toBeGreaterThanOrEqual(800);
    expect(portfolio.gateways.length).toBeGreaterThanOrEqual(12);
    expect(stock.length).toBeGreaterThanOrEqual(35);
  });

  it('keeps the restricted company small and lets only the first company assign', () => {
    const restricted = portfolio.companies.findIndex(
      (c) => c.companyTypeId === CompanyType.Restricted,
    );
    expect(portfolio.properties.filter((p) => p.companyIndex === restricted)).toHaveLength(1);
    expect(portfolio.companies.map((c) => c.allowAssignment)).toEqual([true, false, false]);
  });

  it('prices water per 1,000 gal realistically and differently by property', () => {
    for (const { waterPricePerKgal } of portfolio.properties) {
      expect(waterPricePerKgal).toBeGreaterThanOrEqual(8.5);
      expect(waterPricePerKgal).toBeLessThanOrEqual(14);
    }
    expect(new Set(portfolio.properties.map((p) => p.waterPricePerKgal)).size).toBeGreaterThan(4);
  });

  it('gives every sensor a unique, well-formed DevEUI', () => {
    const macs = portfolio.sensors.map((s) => s.macAddress);
    for (const mac of macs) expect(mac).toMatch(/^[0-9A-F]{16}$/);
    expect(new Set(macs).size).toBe(macs.length);
  });

  it('puts at most one sensor on each fixture slot of a unit', () => {
    const slots = placed.map((s) => `${s.at.unitIndex}:${s.at.applianceTypeId}`);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('places sensors consistently with the hierarchy and the fixture they sit on', () => {
    for (const sensor of placed) {
      const unit = portfolio.units[sensor.at.unitIndex];
      const building = portfolio.buildings[sensor.at.buildingIndex];
      const property = portfolio.properties[sensor.at.propertyIndex];
      expect(unit).toMatchObject({
        companyIndex: sensor.at.companyIndex,
        propertyIndex: sensor.at.propertyIndex,
        buildingIndex: sensor.at.buildingIndex,
      });
      expect(building).toMatchObject({
        companyIndex: sensor.at.companyIndex,
        propertyIndex: sensor.at.propertyIndex,
      });
      expect(property?.companyIndex).toBe(sensor.at.companyIndex);
      expect(sensor.at.applianceTypeId).not.toBe(ApplianceType.Notes);
      expect(sensor.at).toMatchObject(fixtureDefaults[sensor.at.applianceTypeId]);
      expect(sensor.sensorStateId).toBe(SensorState.Installed);
      expect(sensor.installDate >= '2025-01-01' && sensor.installDate < '2027-01-01').toBe(true);
    }
  });

  it('measures the main line of every building in its building-services unit', () => {
    portfolio.buildings.forEach((_, buildingIndex) => {
      const services = portfolio.units.filter(
        (u) => u.buildingIndex === buildingIndex && u.unitCategoryId === UnitCategory.Building,
      );
      expect(services).toHaveLength(1);
      const mainLines = placed.filter(
        (s) =>
          s.at.buildingIndex === buildingIndex && s.at.applianceTypeId === ApplianceType.MainLine,
      );
      expect(mainLines).toHaveLength(1);
      expect(portfolio.units[mainLines[0]?.at.unitIndex ?? -1]?.unitCategoryId).toBe(
        UnitCategory.Building,
      );
    });
  });

  it('keeps toilets on cold water and kitchens in the kitchen', () => {
    const toilets = [
      ApplianceType.MainToilet,
      ApplianceType.SecondToilet,
      ApplianceType.ThirdToilet,
    ];
    for (const id of toilets) expect(fixtureDefaults[id].waterTypeId).toBe(WaterType.Cold);
    expect(fixtureDefaults[ApplianceType.KitchenHot].roomTypeId).toBe(RoomType.Kitchen);
    expect(fixtureDefaults[ApplianceType.KitchenHot].waterTypeId).toBe(WaterType.Hot);
  });

  it('reports most installed sensors transmitting and a few not', () => {
    const transmitting = placed.filter((s) => s.sensorStatusId === SensorStatus.Transmitting);
    const silent = placed.filter((s) => s.sensorStatusId === SensorStatus.NotTransmitting);
    expect(transmitting.length / placed.length).toBeGreaterThan(0.9);
    expect(silent.length).toBeGreaterThan(0);
    for (const sensor of transmitting) expect(sensor.lastSubmissionMinutesAgo).toBeLessThan(60);
  });

  it('keeps stock sensors unassigned and in stock', () => {
    for (const sensor of stock) {
      expect(sensor.sensorStateId).toBe(SensorState.Stock);
      expect(sensor.lastKeepaliveMinutesAgo).toBeNull();
    }
  });

  it('spreads gateways over buildings with unique serials, mostly online', () => {
    const serials = portfolio.gateways.map((g) => g.serialNumber);
    expect(new Set(serials).size).toBe(serials.length);
    expect(new Set(portfolio.gateways.map((g) => g.buildingIndex)).size).toBe(
      portfolio.buildings.length,
    );
    const online = portfolio.gateways.filter((g) => g.gatewayStatusId === GatewayStatus.Online);
    expect(online.length / portfolio.gateways.length).toBeGreaterThan(0.8);
    expect(online.length).toBeLessThan(portfolio.gateways.length);
  });

  it('creates every demo user with the role types of the requirement', () => {
    const rolesOf = (email: string) =>
      portfolio.users
        .find((u) => u.email === email)
        ?.roles.map((r) => [r.roleTypeId, r.companyIndex]);
    expect(demoPassword).toBe('Demo!2026flow');
    expect(portfolio.users.map((u) => u.email)).toEqual(demoUsers.map((u) => u.email));
    expect(rolesOf('admin@flowsight.test')).toEqual([[RoleType.SystemAdmin, null]]);
    expect(rolesOf('support@flowsight.test')).toEqual([[RoleType.SystemSupport, null]]);
    expect(rolesOf('technician@flowsight.test')).toEqual([[RoleType.SystemTechnician, null]]);
    expect(rolesOf('company.admin@flowsight.test')).toEqual([[RoleType.CompanyAdmin, 0]]);
    expect(rolesOf('manager@flowsight.test')).toEqual([[RoleType.CompanyManager, 0]]);
    expect(rolesOf('tester@flowsight.test')).toEqual([[RoleType.SensorTester, null]]);
    expect(rolesOf('installer@flowsight.test')).toEqual([[RoleType.CompanyInstaller, 0]]);
    expect(rolesOf('other.admin@flowsight.test')).toEqual([[RoleType.CompanyAdmin, 1]]);
    expect(rolesOf('restricted.admin@flowsight.test')).toEqual([[RoleType.CompanyAdmin, 2]]);
    expect(portfolio.companies[2]?.companyTypeId).toBe(CompanyType.Restricted);
    expect(rolesOf('multi@flowsight.test')).toEqual([
      [RoleType.CompanyAdmin, 0],
      [RoleType.CompanyManager, 1],
    ]);
    expect(rolesOf('resident@flowsight.test')).toEqual([[RoleType.Resident, 0]]);
  });

  it('scopes the resident to a fitted apartment of the first company, the others to no unit', () => {
    const [resident] =
      portfolio.users.find((u) => u.email === 'resident@flowsight.test')?.roles ?? [];
    const unit = portfolio.units[resident?.unitIndex ?? -1];
    expect(unit).toMatchObject({
      companyIndex: 0,
      propertyIndex: resident?.propertyIndex,
      buildingIndex: resident?.buildingIndex,
      unitCategoryId: UnitCategory.Internal,
    });
    expect(placed.some((s) => s.at.unitIndex === resident?.unitIndex)).toBe(true);
    const others = portfolio.users.filter((u) => u.email !== 'resident@flowsight.test');
    for (const role of others.flatMap((u) => u.roles)) expect(role.unitIndex).toBeNull();
  });

  it('sets high-usage thresholds for the first two companies', () => {
    const of = (companyIndex: number, id: number) =>
      portfolio.applianceThresholds.find(
        (t) => t.companyIndex === companyIndex && t.applianceTypeId === id,
      )?.gallonsPerDay;
    for (const companyIndex of [0, 1]) {
      expect(of(companyIndex, ApplianceType.MainToilet)).toBe(60);
      expect(of(companyIndex, ApplianceType.KitchenCold)).toBe(40);
      expect(of(companyIndex, ApplianceType.MainShower)).toBe(80);
      expect(of(companyIndex, ApplianceType.MainLine)).toBe(3000);
    }
    expect(portfolio.applianceThresholds.some((t) => t.companyIndex === 2)).toBe(false);
  });
});
