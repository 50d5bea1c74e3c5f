import { apiAccess } from '@flowsight/domain/access';
import {
  CompanyType,
  NotificationStatus,
  NotificationType,
  SensorStatus,
} from '@flowsight/domain/lookups';
import { describe, expect, it } from 'vitest';
import {
  ALERT_HISTORY_DAYS,
  generateDemoAlertHistory,
  generateDemoAlerts,
  generateDemoPresentAlerts,
} from './demo-alert-history.ts';
import { generateDemoPortfolio } from './demo-portfolio.ts';

const portfolio = generateDemoPortfolio();
const now = new Date('2026-11-21T12:00:00Z');
const history = generateDemoAlertHistory(portfolio, { now });
const DAY_MIN = 24 * 60;
const monthOf = (minutesAgo: number) =>
  new Date(now.getTime() - minutesAgo * 60_000).toISOString().slice(0, 7);

describe('generateDemoAlertHistory', () => {
  it('gives the same history for the same seed and clock, and another for another seed', () => {
    expect(generateDemoAlertHistory(portfolio, { now })).toEqual(history);
    expect(generateDemoAlertHistory(portfolio, { now, seed: 7 })).not.toEqual(history);
  });

  it('spreads a few hundred alerts of every type over the past twelve months', () => {
    expect(history.length).toBeGreaterThanOrEqual(100);
    expect(history.length).toBeLessThanOrEqual(400);
    expect(
      new Set(history.map((a) => monthOf(a.firstDetectedMinutesAgo))).size,
    ).toBeGreaterThanOrEqual(12);
    // Every type but the Flume meter's: the demo has no Flume account.
    expect(new Set(history.map((a) => a.notificationTypeId))).toEqual(
      new Set(
        Object.values(NotificationType).filter((id) => id !== NotificationType.FlumeNotSyncing),
      ),
    );
  });

  it('closes every alert a week or more before the clock, most of them by a person with a note', () => {
    for (const alert of history) {
      const last = alert.changes.at(-1);
      expect(last?.to).toBe(NotificationStatus.Closed);
      expect(last?.minutesAgo).toBeGreaterThanOrEqual(7 * DAY_MIN);
      expect(alert.firstDetectedMinutesAgo).toBeLessThanOrEqual(ALERT_HISTORY_DAYS * DAY_MIN);
      // Times run forward: opened, last seen and each change in order.
      expect(alert.lastDetectedMinutesAgo).toBeLessThanOrEqual(alert.firstDetectedMinutesAgo);
      let previous = alert.firstDetectedMinutesAgo;
      for (const change of alert.changes) {
        expect(change.minutesAgo).toBeLessThanOrEqual(previous);
        previous = change.minutesAgo;
      }
    }
    const byPeople = history.filter((a) => a.changes.every((c) => c.actor !== null));
    expect(byPeople.length / history.length).toBeGreaterThan(0.7);
    expect(byPeople.every((a) => a.changes.at(-1)?.note)).toBe(true);
    const acknowledged = history.filter((a) =>
      a.changes.some((c) => c.to === NotificationStatus.Acknowledged),
    );
    expect(acknowledged.length / history.length).toBeGreaterThan(0.5);
  });

  it('is acted on only by demo users whose role may change the alerts of its company', () => {
    const mayAct = apiAccess['PUT /notifications/:id/status/:statusId'];
    for (const alert of history) {
      for (const change of alert.changes) {
        if (!change.actor) continue;
        const role = portfolio.users[change.actor.userIndex]?.roles[change.actor.roleIndex];
        expect(role && (mayAct as readonly number[]).includes(role.roleTypeId)).toBe(true);
        expect([null, alert.companyIndex]).toContain(role?.companyIndex);
      }
    }
  });

  it('places each alert on a device installed before it, in a company that sees water data', () => {
    for (const alert of history) {
      const openedMs = now.getTime() - alert.firstDetectedMinutesAgo * 60_000;
      expect(portfolio.companies[alert.companyIndex]?.companyTypeId).not.toBe(
        CompanyType.Restricted,
      );
      if (alert.sensorIndex !== null) {
        const sensor = portfolio.sensors[alert.sensorIndex];
        expect(sensor?.placement?.unitIndex).toBe(alert.unitIndex);
        expect(sensor?.placement?.applianceTypeId).toBe(alert.applianceTypeId);
        expect(Date.parse(sensor?.installDate ?? '')).toBeLessThan(openedMs);
      }
      if (alert.gatewayIndex !== null) {
        const gateway = portfolio.gateways[alert.gatewayIndex];
        expect(gateway?.buildingIndex).toBe(alert.buildingIndex);
        expect(Date.parse(gateway?.assignedAt ?? '')).toBeLessThan(openedMs);
      }
      const building = portfolio.buildings[alert.buildingIndex];
      expect(building?.companyIndex).toBe(alert.companyIndex);
      expect(building?.propertyIndex).toBe(alert.propertyIndex);
    }
  });
});

describe('generateDemoPresentAlerts', () => {
  const present = generateDemoPresentAlerts(portfolio, { now });
  const keyOf = (a: { notificationTypeId: number; sensorIndex: number | null }) =>
    `${a.notificationTypeId}|${a.sensorIndex}`;

  it('opens every installed micrometer never heard three keep-alive intervals after it was fitted', () => {
    const neverHeard = portfolio.sensors.flatMap((sensor, index) =>
      sensor.placement && sensor.sensorStatusId === SensorStatus.NeverHeard ? [index] : [],
    );
    expect(neverHeard.length).toBeGreaterThan(0);
    for (const index of neverHeard) {
      const alert = present.find(
        (a) => a.sensorIndex === index && a.notificationTypeId === NotificationType.SensorOffline,
      );
      const fittedMs = Date.parse(portfolio.sensors[index]?.installDate ?? '');
      expect(now.getTime() - (alert?.firstDetectedMinutesAgo ?? 0) * 60_000).toBe(
        fittedMs + 3 * 3_600_000,
      );
    }
  });

  it('leaves every alert open, opened before the clock, New or taken on by a person', () => {
    expect(present.length).toBeGreaterThan(0);
    expect(new Set(present.map(keyOf)).size).toBe(present.length);
    for (const alert of present) {
      expect(alert.firstDetectedMinutesAgo).toBeGreaterThanOrEqual(0);
      expect(alert.changes.every((c) => c.to === NotificationStatus.Acknowledged && c.actor)).toBe(
        true,
      );
    }
  });

  it('keeps no closed alert of the history on a micrometer never heard, nor overlapping an open one', () => {
    const all = generateDemoAlerts(portfolio, { now });
    const openSince = new Map(present.map((a) => [keyOf(a), a.firstDetectedMinutesAgo]));
    for (const alert of all.slice(0, all.length - present.length)) {
      const sensor = alert.sensorIndex === null ? undefined : portfolio.sensors[alert.sensorIndex];
      expect(sensor?.sensorStatusId).not.toBe(SensorStatus.NeverHeard);
      const since = openSince.get(keyOf(alert));
      if (since !== undefined) expect(alert.changes.at(-1)?.minutesAgo).toBeGreaterThan(since);
    }
  });
});
