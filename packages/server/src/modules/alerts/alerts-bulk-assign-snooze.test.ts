// The alerts list work (bulk status, assignment, snooze) end to end on a database (beyond the specification, docs/api.md):
// the status change of many alerts with one note (each its own event and publish, refusals
// reported per alert in the single call's words), the ids matching a list's filters, the
// assignee (a colleague emailed, an outsider refused, filters "assigned to me" and "unassigned",
// each alert's last action), the snooze of a leak alert (reminders stop, the system ends it on a
// fake clock: back to New with its event and note, reminders resume; refused for a device-health
// alert; ended early by a person) and the other open alerts of the same micrometer.
import {
  NotificationCategory,
  NotificationMethod,
  NotificationStatus,
  NotificationType,
  notificationTypes,
  RoleType,
} from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { insertSitePerson } from '../../testing/site-staff.ts';
import type { AlertChange } from './alerts.status.ts';

const HOUR = 3_600_000;
type Placed = {
  id: number;
  company: number;
  property: number;
  building: number;
  unit: number;
};
type AlertBody = {
  id: number;
  notification_status_id: number;
  assigned_to_user_id: number | null;
  assigned_to_name: string | null;
  last_action: { kind: string; at: string; by: string | null } | null;
  snoozed_until: string | null;
  snooze_reason: string | null;
  device_open_alerts: { id: number; notification_type_id: number }[];
  address: string;
  link: string;
};

describe('bulk status, assignment, snooze and grouping of alerts', () => {
  let t: TestApp;
  let manager: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let s1: Placed;
  let s2: Placed;
  let foreignSensor: Placed;
  const users = new Map<string, number>();
  const published: AlertChange[] = [];
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const userId = (email: string) => users.get(email) ?? 0;

  /** A new alert on the sensor's place (status New unless said). */
  async function alertOn(
    sensor: Placed,
    type: number,
    options: { status?: number; sensorId?: number | null } = {},
  ) {
    const category =
      notificationTypes.find((t) => t.id === type)?.categoryId ?? NotificationCategory.Leak;
    const status = options.status ?? NotificationStatus.New;
    const [row] = await rows<{ id: number }>(sql`
      insert into notifications (company_id, property_id, building_id, unit_id, sensor_id,
        notification_type_id, notification_category_id, notification_status_id, rate,
        first_detected_at, last_detected_at, closed_at)
      values (${sensor.company}, ${sensor.property}, ${sensor.building}, ${sensor.unit},
        ${options.sensorId === undefined ? sensor.id : options.sensorId}, ${type}, ${category},
        ${status}, 1000, now(), now(),
        ${status === NotificationStatus.Closed ? sql`now()` : null})
      returning id`);
    if (!row) throw new Error('no alert');
    return row.id;
  }
  const eventsOf = (id: number) =>
    rows<{
      action: string;
      from_value: unknown;
      to_value: unknown;
      note: string | null;
      actor: number | null;
    }>(sql`
      select action, from_value, to_value, note, actor_user_id as actor from events
      where entity_type = 'alert' and entity_id = ${id} order by id`);
  const stateOf = async (id: number) => {
    const [row] = await rows<{
      status: number;
      snoozed: string | null;
      reason: string | null;
      reminded: string | null;
    }>(sql`
      select notification_status_id as status, snoozed_until as snoozed, snooze_reason as reason,
        last_reminded_at as reminded
      from notifications where id = ${id}`);
    return row;
  };
  const mailsTo = (address: string, since: number) =>
    t.mailbox?.messages.slice(since).filter((m) => m.to.includes(address)) ?? [];
  const mailCount = () => t.mailbox?.messages.length ?? 0;

  const sensorsOf = async (email: string) =>
    rows<Placed>(sql`
      select s.id, s.company_id as company, s.property_id as property, s.building_id as building,
        s.unit_id as unit
      from sensors s where s.unit_id is not null and s.company_id = (
        select r.company_id from user_roles r join users u on u.id = r.user_id
        where u.email = ${email} order by r.id limit 1)
      order by s.id limit 2`);

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true, env: { ALERT_REMINDER_HOURS: '2' } });
    manager = await t.as('manager@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    for (const { id, email } of await rows<{ id: number; email: string }>(
      sql`select id, email from users`,
    )) {
      users.set(email, id);
    }
    const [first, second] = await sensorsOf('manager@flowsight.test');
    const [foreign] = await sensorsOf('other.admin@flowsight.test');
    if (!first || !second || !foreign) throw new Error('sensors missing');
    [s1, s2, foreignSensor] = [first, second, foreign];
    await t.database.db.execute(
      sql`delete from notifications where sensor_id in (${s1.id}, ${s2.id}, ${foreignSensor.id})`,
    );
    // A contact of s2's unit only: its reminders are the snoozed alert's.
    await t.database.db.execute(sql`
      insert into notification_contacts (user_id, company_id, property_id, building_id, unit_id,
        notification_method_id, destination, enabled)
      values (${userId('company.admin@flowsight.test')}, ${s2.company}, ${s2.property},
        ${s2.building}, ${s2.unit}, ${NotificationMethod.Email}, 'snooze@contacts.test', true)`);
    // The demo's alerts due a reminder are reminded now, so later rounds are about ours alone.
    await t.app.alertMail.sendReminders();
    await t.app.alertMail.idle();
    t.app.alerts.onChange((changes) => published.push(...changes));
  });
  afterAll(() => t.close());

  it('acknowledges and closes several alerts with one note, each with its event, failures by alert', async () => {
    const a1 = await alertOn(s1, NotificationType.ContinuousFlow);
    const a2 = await alertOn(s2, NotificationType.NightFlow);
    const closed = await alertOn(s1, NotificationType.NightFlow, {
      status: NotificationStatus.Closed,
    });
    const foreign = await alertOn(foreignSensor, NotificationType.ContinuousFlow);
    published.length = 0;

    const acknowledged = await manager('/api/notifications/bulk-status', {
      method: 'POST',
      payload: { ids: [a1, closed, a2, foreign], status_id: 2, note: 'Plumber booked' },
    });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toEqual({
      changed: [a1, a2],
      failed: [
        { id: closed, message: 'This alert is already closed' },
        { id: foreign, message: 'Alert not found' },
      ],
    });
    for (const id of [a1, a2]) {
      expect((await stateOf(id))?.status).toBe(NotificationStatus.Acknowledged);
      expect(await eventsOf(id)).toEqual([
        {
          action: 'status',
          from_value: NotificationStatus.New,
          to_value: NotificationStatus.Acknowledged,
          note: 'Plumber booked',
          actor: userId('manager@flowsight.test'),
        },
      ]);
    }
    // Each change is published on its own, as the single call does; the refused ones are not.
    expect(published.map((c) => [c.alertId, c.kind, c.statusId])).toEqual([
      [a1, 'status', NotificationStatus.Acknowledged],
      [a2, 'status', NotificationStatus.Acknowledged],
    ]);
    expect((await stateOf(foreign))?.status).toBe(NotificationStatus.New);
    expect(await eventsOf(foreign)).toEqual([]);
    expect(await eventsOf(closed)).toEqual([]);

    const fixed = await manager('/api/notifications/bulk-status', {
      method: 'POST',
      payload: { ids: [a1, a2], status_id: 3, note: 'Flappers replaced' },
    });
    expect(fixed.json()).toEqual({ changed: [a1, a2], failed: [] });
    for (const id of [a1, a2]) {
      expect((await stateOf(id))?.status).toBe(NotificationStatus.Closed);
      expect((await eventsOf(id)).map((e) => [e.action, e.to_value, e.note])).toEqual([
        ['status', NotificationStatus.Acknowledged, 'Plumber booked'],
        ['status', NotificationStatus.Closed, 'Flappers replaced'],
      ]);
    }
    const one = (await manager(`/api/notifications/${a1}`)).json() as AlertBody;
    expect(one.last_action).toMatchObject({ kind: 'closed', by: 'Daniel Okafor' });

    for (const payload of [
      { ids: [], status_id: 2 },
      { ids: [a1, a1], status_id: 2 },
      { ids: [a1], status_id: 1 },
      { ids: [a1], status_id: 3, note: 'x'.repeat(2001) },
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1), status_id: 2 },
      { ids: ['1'], status_id: 2 },
    ]) {
      const refused = await manager('/api/notifications/bulk-status', { method: 'POST', payload });
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
  });

  it('answers the ids matching the filters, with how many', async () => {
    const open1 = await alertOn(s1, NotificationType.HighUsage);
    const open2 = await alertOn(s2, NotificationType.HighUsage);
    const query = `filter.sensor_id=$in:${s1.id},${s2.id}&filter.notification_status_id=$in:1,2`;
    const response = await manager(`/api/notifications/ids?${query}&sortBy=first_detected:ASC`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { ids: number[]; total: number };
    expect([...body.ids].sort((a, b) => a - b)).toEqual([open1, open2]);
    expect(body.total).toBe(2);
    const listed = (await manager(`/api/notifications?${query}`)).json() as {
      meta: { totalItems: number };
    };
    expect(listed.meta.totalItems).toBe(body.total);
    // The caller's scope: another company's admin gets none of them.
    const other = await t.as('other.admin@flowsight.test');
    expect((await other(`/api/notifications/ids?${query}`)).json()).toEqual({ ids: [], total: 0 });
    expect((await manager('/api/notifications/ids?assigned=someone')).statusCode).toBe(400);
    expect((await manager('/api/notifications/ids?filter.bogus=$eq:1')).statusCode).toBe(400);
    await manager('/api/notifications/bulk-status', {
      method: 'POST',
      payload: { ids: [open1, open2], status_id: 3 },
    });
  });

  it('offers as assignees only the people whose role covers the alert’s place', async () => {
    const [elsewhere] = await rows<{ id: number }>(sql`
      select min(id)::int as id from properties where company_id = ${s1.company} and id <> ${s1.property}`);
    const here = await insertSitePerson(t, 'assign.here@flowsight.test', RoleType.CompanyManager, {
      companyId: s1.company,
      propertyId: s1.property,
    });
    const away = await insertSitePerson(t, 'assign.away@flowsight.test', RoleType.CompanyManager, {
      companyId: s1.company,
      propertyId: elsewhere?.id ?? 0,
    });
    const alert = await alertOn(s1, NotificationType.ContinuousFlow, { sensorId: null });
    const offered = (
      (await manager(`/api/notifications/${alert}/assignable-users`)).json() as { id: number }[]
    ).map((u) => u.id);
    expect(offered).toContain(here.userId);
    expect(offered).not.toContain(away.userId);
    const refused = await manager(`/api/notifications/${alert}/assignee`, {
      method: 'PUT',
      payload: { user_id: away.userId },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('assigns an alert to a colleague (emailed), refuses an outsider, unassigns, filters by assignee', async () => {
    const b1 = await alertOn(s1, NotificationType.ContinuousFlow);
    const b2 = await alertOn(s2, NotificationType.ContinuousFlow);
    type Assignable = { id: number; name: string; email: string | null };
    const assignable = (
      await manager(`/api/notifications/${b1}/assignable-users`)
    ).json() as Assignable[];
    const emails = assignable.map((u) => u.email);
    for (const email of [
      'company.admin@flowsight.test',
      'manager@flowsight.test',
      'installer@flowsight.test',
      'multi@flowsight.test',
    ]) {
      expect(emails).toContain(email);
    }
    for (const email of ['other.admin@flowsight.test', 'resident@flowsight.test']) {
      expect(emails).not.toContain(email);
    }
    // The provider's staff are offered by name; a tenant never sees their addresses.
    const staff = assignable.find((u) => u.id === userId('admin@flowsight.test'));
    expect(staff).toEqual({
      id: userId('admin@flowsight.test'),
      name: 'Avery Collins',
      email: null,
    });
    for (const email of [
      'admin@flowsight.test',
      'support@flowsight.test',
      'technician@flowsight.test',
    ]) {
      expect(emails).not.toContain(email);
    }
    // Provider staff asking see everyone's address.
    const admin = await t.as('admin@flowsight.test');
    const forStaff = (
      await admin(`/api/notifications/${b1}/assignable-users`)
    ).json() as Assignable[];
    expect(forStaff.map((u) => u.email)).toContain('admin@flowsight.test');
    const names = assignable.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const since = mailCount();
    const assigned = await manager(`/api/notifications/${b1}/assignee`, {
      method: 'PUT',
      payload: { user_id: userId('company.admin@flowsight.test') },
    });
    expect(assigned.statusCode).toBe(200);
    const body = assigned.json() as AlertBody;
    expect(body).toMatchObject({
      assigned_to_user_id: userId('company.admin@flowsight.test'),
      assigned_to_name: 'Olivia Hartman',
      last_action: { kind: 'assigned', by: 'Daniel Okafor' },
    });
    expect((await eventsOf(b1)).at(-1)).toEqual({
      action: 'assigned',
      from_value: null,
      to_value: userId('company.admin@flowsight.test'),
      note: null,
      actor: userId('manager@flowsight.test'),
    });
    await t.app.alertMail.idle();
    const [mail, ...more] = mailsTo('company.admin@flowsight.test', since);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Alert assigned to you: Continuous flow at ${body.address}`);
    expect(mail?.text).toContain('Daniel Okafor assigned this continuous flow alert to you.');
    expect(mail?.text).toContain(`See it in Flowsight: http://flowsight.test${body.link}`);

    const outsider = await manager(`/api/notifications/${b1}/assignee`, {
      method: 'PUT',
      payload: { user_id: userId('other.admin@flowsight.test') },
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({
      message: "This person cannot act on this alert's company",
    });
    const resident = await manager(`/api/notifications/${b1}/assignee`, {
      method: 'PUT',
      payload: { user_id: userId('resident@flowsight.test') },
    });
    expect(resident.statusCode).toBe(400);
    expect(
      (await manager(`/api/notifications/${b1}/assignee`, { method: 'PUT', payload: {} }))
        .statusCode,
    ).toBe(400);
    // Another company's alert is not found for the manager.
    const foreign = await alertOn(foreignSensor, NotificationType.NightFlow);
    const foreignAssign = await manager(`/api/notifications/${foreign}/assignee`, {
      method: 'PUT',
      payload: { user_id: userId('manager@flowsight.test') },
    });
    expect(foreignAssign.statusCode).toBe(404);

    // Self-assignment: no email.
    const selfSince = mailCount();
    const self = await manager(`/api/notifications/${b2}/assignee`, {
      method: 'PUT',
      payload: { user_id: userId('manager@flowsight.test') },
    });
    expect(self.statusCode).toBe(200);
    await t.app.alertMail.idle();
    expect(mailsTo('manager@flowsight.test', selfSince)).toEqual([]);

    const place = `filter.sensor_id=$in:${s1.id},${s2.id}&filter.notification_status_id=$in:1,2`;
    const idsOf = async (call: AuthorizedRequest, url: string) =>
      ((await call(url)).json() as { data: AlertBody[] }).data.map((a) => a.id).sort();
    expect(await idsOf(companyAdmin, `/api/notifications?assigned=me&${place}`)).toEqual([b1]);
    expect(await idsOf(manager, `/api/notifications?assigned=me&${place}`)).toEqual([b2]);
    expect(await idsOf(manager, `/api/notifications?assigned=none&${place}`)).toEqual([]);
    const unit = await idsOf(
      manager,
      `/api/units/${s1.unit}/alerts?assigned=me&filter.notification_status_id=$in:1,2`,
    );
    expect(unit).not.toContain(b1);
    const counted = await companyAdmin(`/api/notifications/count?assigned=me&${place}`);
    expect(counted.json()).toEqual({ count: 1 });
    expect((await manager('/api/notifications?assigned=all')).statusCode).toBe(400);

    const unassignSince = mailCount();
    const unassigned = await manager(`/api/notifications/${b1}/assignee`, {
      method: 'PUT',
      payload: { user_id: null },
    });
    expect(unassigned.statusCode).toBe(200);
    expect(unassigned.json()).toMatchObject({
      assigned_to_user_id: null,
      assigned_to_name: null,
      last_action: { kind: 'unassigned', by: 'Daniel Okafor' },
    });
    await t.app.alertMail.idle();
    expect(t.mailbox?.messages.length).toBe(unassignSince);
    expect(await idsOf(manager, `/api/notifications?assigned=none&${place}`)).toEqual([b1]);
    expect(await idsOf(companyAdmin, `/api/notifications?assigned=me&${place}`)).toEqual([]);
  });

  it('snoozes a leak alert: no reminders, then the system ends it (back to New) and they resume', async () => {
    await t.database.db.execute(
      sql`update notifications set notification_status_id = 3, closed_at = now() where sensor_id = ${s2.id}`,
    );
    const c1 = await alertOn(s2, NotificationType.ContinuousFlow);
    // Due a reminder: detected three hours ago with a 2-hour interval.
    await t.database.db.execute(
      sql`update notifications set first_detected_at = now() - interval '3 hours' where id = ${c1}`,
    );
    const until = new Date(Date.now() + HOUR).toISOString();
    const reason = 'Tenant away, plumber Tuesday';
    const snoozed = await manager(`/api/notifications/${c1}/snooze`, {
      method: 'PUT',
      payload: { until, reason },
    });
    expect(snoozed.statusCode).toBe(200);
    expect(snoozed.json()).toMatchObject({
      notification_status_id: NotificationStatus.New,
      snoozed_until: until,
      snooze_reason: reason,
      last_action: { kind: 'snoozed', by: 'Daniel Okafor' },
    });
    expect((await eventsOf(c1)).at(-1)).toMatchObject({
      action: 'snoozed',
      to_value: until,
      note: reason,
      actor: userId('manager@flowsight.test'),
    });

    // While snoozed: no reminder, and the alert stays open ("On it" still works).
    let since = mailCount();
    await t.app.alertMail.sendReminders();
    await t.app.alertMail.idle();
    expect(mailsTo('snooze@contacts.test', since)).toEqual([]);
    expect((await stateOf(c1))?.reminded).toBeNull();
    const list = async (snoozedFilter: string) =>
      (
        (
          await manager(`/api/notifications?snoozed=${snoozedFilter}&filter.sensor_id=$eq:${s2.id}`)
        ).json() as { data: AlertBody[] }
      ).data.map((a) => a.id);
    expect(await list('1')).toEqual([c1]);
    expect(await list('0')).not.toContain(c1);
    expect((await manager(`/api/notifications?snoozed=yes`)).statusCode).toBe(400);
    await manager(`/api/notifications/${c1}/status/2`, { method: 'PUT', payload: {} });
    expect((await stateOf(c1))?.status).toBe(NotificationStatus.Acknowledged);

    // Not over yet: nothing ends.
    expect(await t.app.alerts.endSnoozes(new Date())).toEqual([]);
    expect((await stateOf(c1))?.snoozed).not.toBeNull();

    // Two hours on (a fake clock): the system ends it — back to New, event and note, published.
    published.length = 0;
    const ended = await t.app.alerts.endSnoozes(new Date(Date.now() + 2 * HOUR));
    expect(ended?.map((c) => [c.alertId, c.kind, c.statusId])).toEqual([
      [c1, 'status', NotificationStatus.New],
    ]);
    expect(published.map((c) => [c.alertId, c.statusId])).toEqual([[c1, NotificationStatus.New]]);
    expect(await stateOf(c1)).toMatchObject({
      status: NotificationStatus.New,
      snoozed: null,
      reason: null,
    });
    expect((await eventsOf(c1)).at(-1)).toEqual({
      action: 'snooze-ended',
      from_value: NotificationStatus.Acknowledged,
      to_value: NotificationStatus.New,
      note: `Snooze ended: ${reason}`,
      actor: null,
    });
    const after = (await manager(`/api/notifications/${c1}`)).json() as AlertBody & {
      note: string | null;
    };
    expect(after).toMatchObject({
      notification_status_id: NotificationStatus.New,
      snoozed_until: null,
      last_action: { kind: 'snooze-ended', by: null },
      note: `Snooze ended: ${reason}`,
    });

    // Reminders resume.
    since = mailCount();
    await t.app.alertMail.sendReminders();
    await t.app.alertMail.idle();
    const reminders = mailsTo('snooze@contacts.test', since);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toMatch(/^Reminder: Flowsight alert: Continuous flow/);
  });

  it('refuses to snooze what is no open leak alert, or for a bad time; a person ends a snooze early', async () => {
    const battery = await alertOn(s1, NotificationType.LowBattery);
    const until = new Date(Date.now() + HOUR).toISOString();
    const health = await manager(`/api/notifications/${battery}/snooze`, {
      method: 'PUT',
      payload: { until, reason: 'Battery ordered' },
    });
    expect(health.statusCode).toBe(409);
    expect(health.json()).toMatchObject({ message: 'Only open leak alerts can be snoozed' });
    const closedLeak = await alertOn(s1, NotificationType.NightFlow, {
      status: NotificationStatus.Closed,
    });
    expect(
      (
        await manager(`/api/notifications/${closedLeak}/snooze`, {
          method: 'PUT',
          payload: { until, reason: 'x' },
        })
      ).statusCode,
    ).toBe(409);

    const leak = await alertOn(s1, NotificationType.NightFlow);
    for (const payload of [
      { until: new Date(Date.now() + 60_000).toISOString(), reason: 'too soon' },
      { until: new Date(Date.now() + 31 * 24 * HOUR).toISOString(), reason: 'too far' },
      { until: 'next Tuesday', reason: 'not a date' },
      { until, reason: '   ' },
      { until, reason: 'x'.repeat(501) },
      { until },
    ]) {
      const refused = await manager(`/api/notifications/${leak}/snooze`, {
        method: 'PUT',
        payload,
      });
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    const tooSoon = await manager(`/api/notifications/${leak}/snooze`, {
      method: 'PUT',
      payload: { until: new Date(Date.now() + 60_000).toISOString(), reason: 'soon' },
    });
    expect(tooSoon.json()).toMatchObject({
      message: 'The snooze must end more than 5 minutes and at most 30 days from now',
    });

    expect(
      (
        await manager(`/api/notifications/${leak}/snooze`, {
          method: 'PUT',
          payload: { until, reason: 'Tenant away' },
        })
      ).statusCode,
    ).toBe(200);
    const ended = await manager(`/api/notifications/${leak}/snooze`, { method: 'DELETE' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      notification_status_id: NotificationStatus.New,
      snoozed_until: null,
      snooze_reason: null,
      last_action: { kind: 'snooze-ended', by: 'Daniel Okafor' },
    });
    expect((await eventsOf(leak)).at(-1)).toMatchObject({
      action: 'snooze-ended',
      note: 'Snooze ended: Tenant away',
      actor: userId('manager@flowsight.test'),
    });
    const again = await manager(`/api/notifications/${leak}/snooze`, { method: 'DELETE' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This alert is not snoozed' });

    // Closing a snoozed alert ends its snooze: the system never reopens it.
    expect(
      (
        await manager(`/api/notifications/${leak}/snooze`, {
          method: 'PUT',
          payload: { until, reason: 'Tenant away' },
        })
      ).statusCode,
    ).toBe(200);
    await manager(`/api/notifications/${leak}/status/3`, {
      method: 'PUT',
      payload: { note: 'Fixed' },
    });
    expect(await stateOf(leak)).toMatchObject({ status: NotificationStatus.Closed, snoozed: null });
    expect(await t.app.alerts.endSnoozes(new Date(Date.now() + 2 * HOUR))).toEqual([]);
    expect((await stateOf(leak))?.status).toBe(NotificationStatus.Closed);
  });

  it('lists the other open alerts of the same micrometer with each alert', async () => {
    await t.database.db.execute(sql`
      update notifications set notification_status_id = 3, closed_at = now()
      where sensor_id in (${s1.id}, ${s2.id}) or (building_id = ${s1.building} and notification_type_id = 7)`);
    const leak = await alertOn(s1, NotificationType.ContinuousFlow);
    const battery = await alertOn(s1, NotificationType.LowBattery);
    const offline = await alertOn(s1, NotificationType.SensorOffline);
    await alertOn(s1, NotificationType.NightFlow, { status: NotificationStatus.Closed });
    const lone = await alertOn(s2, NotificationType.LowBattery);
    const building = await alertOn(s1, NotificationType.UnaccountedWater, { sensorId: null });

    const page = (
      (
        await manager(`/api/notifications?filter.building_id=$eq:${s1.building}&limit=100`)
      ).json() as { data: AlertBody[] }
    ).data;
    const of = (id: number) => page.find((a) => a.id === id)?.device_open_alerts;
    expect(of(leak)).toEqual([
      { id: battery, notification_type_id: NotificationType.LowBattery },
      { id: offline, notification_type_id: NotificationType.SensorOffline },
    ]);
    expect(of(battery)).toEqual([
      { id: leak, notification_type_id: NotificationType.ContinuousFlow },
      { id: offline, notification_type_id: NotificationType.SensorOffline },
    ]);
    expect(of(building)).toEqual([]);
    const one = (await manager(`/api/notifications/${lone}`)).json() as AlertBody;
    expect(one.device_open_alerts).toEqual([]);
    expect(one.last_action).toMatchObject({ kind: 'opened', by: null });
  });
});
