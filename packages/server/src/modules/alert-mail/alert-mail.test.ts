// Alert emails and signed actions end to end on a database, mail read from a real SMTP server: an
// alert the engine opens is emailed to exactly the contacts covering it (company-wide and its
// unit's; not another building's, another company's, a disabled contact, a disabled person or an
// SMS contact, which is texted into the SMS outbox instead); reminders come after
// ALERT_REMINDER_HOURS while it stays New and stop after
// "On it"; reading a link changes nothing; the confirming POST works once, as the recipient; a
// reused link, another alert's or another status's token, an expired token and a closed alert
// are refused.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import {
  NotificationMethod,
  NotificationStatus,
  RoleType,
  UserStatus,
} from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/secrets.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import type { ReceivedMail } from '../../testing/mailbox.ts';
import { insertSitePerson } from '../../testing/site-staff.ts';
import type { Uplink } from '../ingest/ingest.service.ts';
import { createAlertMailRepository } from './alert-mail.repository.ts';

const HOUR = 3_600_000;
const QUARTER = 900_000;

type Link = { alertId: number; status: number; token: string; path: string };

/** The confirmation links of a mail, "On it" first (text and HTML parts carry the same ones). */
function linksIn(mail: ReceivedMail): Link[] {
  const found = new Map<string, Link>();
  for (const match of mail.text.matchAll(
    /http:\/\/flowsight\.test(\/confirmation\/(\d+)\/([23])\/([A-Za-z0-9_-]+))/g,
  )) {
    const [, path = '', id = '', status = '', token = ''] = match;
    found.set(path, { alertId: Number(id), status: Number(status), token, path });
  }
  return [...found.values()].sort((a, b) => a.status - b.status);
}

/** 15-minute usage reports of a running toilet (30 gal/h, flowing all the time) ending now. */
function runningToilet(mac: string, endMs: number, hours: number): Uplink[] {
  const list: Uplink[] = [];
  for (let end = endMs - hours * HOUR + QUARTER; end <= endMs; end += QUARTER) {
    const { bytes } = encodeUplink({
      kind: 'usage',
      version: 2,
      seq: Math.floor(end / QUARTER) % 65_536,
      volumeMgal: 7500,
      intervalS: 900,
      flowTimeS: 900,
      peakFlowMgpm: 600,
      battery: 90,
    });
    list.push({
      mac,
      port: 1,
      payload: bytes,
      receivedAt: new Date(end),
      fCnt: Math.floor(end / QUARTER),
      transport: 'http',
    });
  }
  return list;
}

describe('alert emails and signed actions', () => {
  let t: TestApp;
  let toilet: {
    id: number;
    mac: string;
    company: number;
    property: number;
    building: number;
    unit: number;
  };
  let alertId: number;
  let firstMails: ReceivedMail[];
  let reminderMails: ReceivedMail[];
  const userIds = new Map<string, number>();
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: `/api${path}`, ...(payload ? { payload } : {}) });
  const mailsTo = (address: string, since: number) =>
    t.mailbox?.messages.slice(since).filter((m) => m.to.includes(address)) ?? [];
  const alertState = async (id: number) => {
    const [row] = await rows<{ status: number; note: string | null; by: number | null }>(sql`
      select notification_status_id as status, note, status_changed_by as by from notifications where id = ${id}`);
    return row;
  };
  const eventCount = async (id: number) => {
    const [row] = await rows<{ n: number }>(sql`
      select count(*)::int as n from events where entity_type = 'alert' and entity_id = ${id}`);
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true, env: { ALERT_REMINDER_HOURS: '2' } });
    const [found] = await rows<typeof toilet>(sql`
      select s.id, s.mac_address as mac, s.company_id as company, s.property_id as property,
             s.building_id as building, s.unit_id as unit
      from sensors s where s.appliance_type_id = 5 and not s.notification_excluded and s.company_id = (
        select r.company_id from user_roles r join users u on u.id = r.user_id
        where u.email = 'manager@flowsight.test' order by r.id limit 1)
      order by s.id limit 1`);
    if (!found) throw new Error('no toilet in the manager’s company');
    toilet = found;
    // The demo's open alerts (its present's device health) were reminded just now: the reminders
    // this test counts are its own alert's.
    await t.database.db.execute(sql`
      update notifications set last_reminded_at = now()
      where notification_status_id = ${NotificationStatus.New}`);
    await t.database.db.execute(sql`delete from notifications where sensor_id = ${toilet.id}`);
    await t.database.db.execute(
      sql`update sensors set last_submission = null where id = ${toilet.id}`,
    );
    // Only the continuous-flow rule: a high own threshold keeps high usage out of it.
    await t.database.db.execute(sql`
      insert into sensor_gallon_thresholds (sensor_id, company_id, value) values (${toilet.id}, ${toilet.company}, 100000)`);

    for (const email of [
      'manager@flowsight.test',
      'company.admin@flowsight.test',
      'other.admin@flowsight.test',
    ]) {
      const [user] = await rows<{ id: number }>(sql`select id from users where email = ${email}`);
      if (!user) throw new Error(`no user ${email}`);
      userIds.set(email, user.id);
    }
    const [disabled] = await rows<{ id: number }>(sql`
      insert into users (email, first_name, last_name, user_status_id)
      values ('gone@flowsight.test', 'Gone', 'Person', ${UserStatus.Disabled}) returning id`);
    const [foreignCompany] = await rows<{ id: number }>(sql`
      select company_id as id from user_roles r join users u on u.id = r.user_id
      where u.email = 'other.admin@flowsight.test' order by r.id limit 1`);
    const [otherBuilding] = await rows<{ id: number; property_id: number }>(sql`
      select id, property_id from buildings where company_id = ${toilet.company} and id <> ${toilet.building}
      order by id limit 1`);
    if (!disabled || !foreignCompany || !otherBuilding) throw new Error('fixtures missing');
    const manager = userIds.get('manager@flowsight.test') ?? 0;
    const companyAdmin = userIds.get('company.admin@flowsight.test') ?? 0;
    await t.database.db.execute(sql`
      insert into notification_contacts (user_id, company_id, property_id, building_id, unit_id,
        notification_method_id, destination, enabled) values
        (${manager}, ${toilet.company}, null, null, null, ${NotificationMethod.Email}, 'company-wide@contacts.test', true),
        (${companyAdmin}, ${toilet.company}, ${toilet.property}, ${toilet.building}, ${toilet.unit}, ${NotificationMethod.Email}, 'unit@contacts.test', true),
        (${companyAdmin}, ${toilet.company}, ${otherBuilding.property_id}, ${otherBuilding.id}, null, ${NotificationMethod.Email}, 'other-building@contacts.test', true),
        (${userIds.get('other.admin@flowsight.test') ?? 0}, ${foreignCompany.id}, null, null, null, ${NotificationMethod.Email}, 'foreign@contacts.test', true),
        (${manager}, ${toilet.company}, null, null, null, ${NotificationMethod.Email}, 'switched-off@contacts.test', false),
        (${disabled.id}, ${toilet.company}, null, null, null, ${NotificationMethod.Email}, 'disabled-person@contacts.test', true),
        (${manager}, ${toilet.company}, null, null, null, ${NotificationMethod.Sms}, '+1 617 555 0100', true)`);
  });
  afterAll(() => t.close());

  it('emails an opened alert to exactly the contacts covering it, with its facts and two signed links', async () => {
    const before = t.mailbox?.messages.length ?? 0;
    await t.app.ingest.ingest(runningToilet(toilet.mac, Date.now(), 3));
    const changes = await t.app.alerts.evaluate([toilet.id]);
    const opened = changes.filter((c) => c.kind === 'opened');
    expect(opened).toHaveLength(1);
    alertId = opened[0]?.alertId ?? 0;
    await t.app.alertMail.idle();

    const sent = t.mailbox?.messages.slice(before) ?? [];
    expect(sent.map((m) => m.to).sort()).toEqual([
      'company-wide@contacts.test',
      'unit@contacts.test',
    ]);
    // The SMS contact is texted instead, into the outbox (no SMS provider is configured).
    await t.app.alertSms.idle();
    const outbox = join(t.app.config.dataDir, 'sms-outbox');
    const texts = readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8'));
    expect(texts).toEqual([
      expect.stringMatching(
        new RegExp(
          `^To: \\+16175550100\n\nFlowsight: Continuous flow at .*http://flowsight\\.test/alerts\\?alert=${alertId}\n$`,
        ),
      ),
    ]);
    for (const mail of sent) {
      expect(mail.subject).toMatch(/^Flowsight alert: Continuous flow at /);
      expect(mail.text).toContain('Alert: Continuous flow');
      expect(mail.text).toContain('Fixture: Main toilet');
      expect(mail.text).toContain('Rate: 21,600 gal/month');
      expect(mail.text).toMatch(/Monthly cost: \$\d[\d,]*\.\d\d/);
      expect(mail.text).toMatch(/First detected: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M/);
      expect(mail.text).toContain(
        `See it in Flowsight: http://flowsight.test/companies/${toilet.company}/properties/${toilet.property}/buildings/${toilet.building}/units/${toilet.unit}/alerts`,
      );
      expect(mail.raw).toMatch(/text\/html/);
      const links = linksIn(mail);
      expect(links.map((l) => [l.alertId, l.status])).toEqual([
        [alertId, NotificationStatus.Acknowledged],
        [alertId, NotificationStatus.Closed],
      ]);
      for (const link of links) expect(link.token.length).toBeGreaterThanOrEqual(43);
    }
    // One token per recipient and status, stored hashed, expiring in 7 days.
    const tokens = await rows<{
      status_id: number;
      recipient_user_id: number;
      token_hash: string;
      days: number;
    }>(sql`
      select status_id, recipient_user_id, token_hash,
             extract(epoch from expires_at - created_at)::float8 / 86400 as days
      from notification_action_tokens where notification_id = ${alertId}`);
    expect(tokens).toHaveLength(4);
    expect(new Set(tokens.map((r) => r.recipient_user_id))).toEqual(
      new Set([userIds.get('manager@flowsight.test'), userIds.get('company.admin@flowsight.test')]),
    );
    const plain = sent.flatMap(linksIn).map((l) => l.token);
    for (const row of tokens) {
      expect(plain).not.toContain(row.token_hash);
      expect(row.days).toBeCloseTo(7, 1);
    }
    firstMails = sent;
  });

  it('answers what a link is about without changing anything', async () => {
    const [, fixedIt] = linksIn(firstMails[0] as ReceivedMail);
    if (!fixedIt) throw new Error('no Fixed it link');
    const events = await eventCount(alertId);
    const response = await call('GET', fixedIt.path);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      notification_id: alertId,
      status_id: NotificationStatus.Closed,
      valid: true,
      reason: null,
      alert: {
        notification_status_id: NotificationStatus.New,
        appliance: 'main toilet',
        rate: 21_600,
      },
    });
    // Read twice, as a mail scanner might: still New, token unused, no event.
    await call('GET', fixedIt.path);
    expect((await alertState(alertId))?.status).toBe(NotificationStatus.New);
    expect(await eventCount(alertId)).toBe(events);
    const [unused] = await rows<{ n: number }>(sql`
      select count(*)::int as n from notification_action_tokens where notification_id = ${alertId} and used_at is not null`);
    expect(unused?.n).toBe(0);

    const wrong = await call('GET', `/confirmation/${alertId}/3/not-a-real-token`);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ valid: false, reason: 'invalid', alert: null });
  });

  it('reminds after the interval while the alert is New, and stops once someone is on it', async () => {
    let since = t.mailbox?.messages.length ?? 0;
    // Fresh: nothing due.
    expect(await t.app.alertMail.sendReminders()).toEqual({ alerts: 0, emails: 0 });
    // One hour old with a 2-hour interval: still nothing.
    await t.database.db.execute(sql`
      update notifications set first_detected_at = now() - interval '1 hour' where id = ${alertId}`);
    expect(await t.app.alertMail.sendReminders()).toEqual({ alerts: 0, emails: 0 });
    // Past the interval: both contacts are reminded, with fresh links.
    await t.database.db.execute(sql`
      update notifications set first_detected_at = now() - interval '121 minutes' where id = ${alertId}`);
    expect(await t.app.alertMail.sendReminders()).toEqual({ alerts: 1, emails: 2 });
    reminderMails = t.mailbox?.messages.slice(since) ?? [];
    expect(reminderMails.map((m) => m.to).sort()).toEqual([
      'company-wide@contacts.test',
      'unit@contacts.test',
    ]);
    for (const mail of reminderMails) {
      expect(mail.subject).toMatch(/^Reminder: Flowsight alert: Continuous flow/);
      expect(linksIn(mail).map((l) => l.token)).not.toContain(
        linksIn(firstMails[0] as ReceivedMail)[0]?.token,
      );
    }
    const [stamped] = await rows<{ reminded: boolean }>(sql`
      select last_reminded_at > now() - interval '1 minute' as reminded from notifications where id = ${alertId}`);
    expect(stamped?.reminded).toBe(true);
    // Just reminded: not again until another interval has passed.
    expect(await t.app.alertMail.sendReminders()).toEqual({ alerts: 0, emails: 0 });

    // "On it" from the reminder: acknowledged as that recipient, and no more reminders.
    const reminder = reminderMails.find((m) => m.to.includes('unit@contacts.test'));
    const [onIt] = linksIn(reminder as ReceivedMail);
    if (!onIt) throw new Error('no On it link');
    const confirmed = await call('POST', onIt.path, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      notification_id: alertId,
      notification_status_id: NotificationStatus.Acknowledged,
    });
    expect(await alertState(alertId)).toMatchObject({
      status: NotificationStatus.Acknowledged,
      by: userIds.get('company.admin@flowsight.test'),
    });
    await t.database.db.execute(sql`
      update notifications set first_detected_at = now() - interval '3 days', last_reminded_at = now() - interval '3 days'
      where id = ${alertId}`);
    since = t.mailbox?.messages.length ?? 0;
    expect(await t.app.alertMail.sendReminders()).toEqual({ alerts: 0, emails: 0 });
    expect(mailsTo('@contacts.test', since)).toEqual([]);
  });

  it('closes the alert once with the confirmed note, as the recipient, and refuses the link again', async () => {
    const companyWide = firstMails.find((m) => m.to.includes('company-wide@contacts.test'));
    const [, fixedIt] = linksIn(companyWide as ReceivedMail);
    if (!fixedIt) throw new Error('no Fixed it link');
    const response = await call('POST', fixedIt.path, { note: '  Replaced the flapper  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      notification_id: alertId,
      notification_status_id: NotificationStatus.Closed,
    });
    expect(await alertState(alertId)).toEqual({
      status: NotificationStatus.Closed,
      note: 'Replaced the flapper',
      by: userIds.get('manager@flowsight.test'),
    });
    const [event] = await rows<{ actor: number | null; note: string | null }>(sql`
      select actor_user_id as actor, note from events
      where entity_type = 'alert' and entity_id = ${alertId} and action = 'status' order by id desc limit 1`);
    expect(event).toEqual({
      actor: userIds.get('manager@flowsight.test'),
      note: 'Replaced the flapper',
    });

    const again = await call('POST', fixedIt.path, { note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This link has already been used' });
    expect((await call('GET', fixedIt.path)).json()).toMatchObject({
      valid: false,
      reason: 'used',
      alert: null,
    });
  });

  it('refuses another alert’s token, another status, an expired token and a closed alert', async () => {
    const [onIt, fixedIt] = linksIn(
      firstMails.find((m) => m.to.includes('unit@contacts.test')) as ReceivedMail,
    );
    if (!onIt || !fixedIt) throw new Error('links missing');
    const [otherAlert] = await rows<{ id: number }>(sql`
      insert into notifications (company_id, property_id, building_id, unit_id, appliance_type_id,
        notification_type_id, notification_category_id, rate, first_detected_at, last_detected_at)
      values (${toilet.company}, ${toilet.property}, ${toilet.building}, ${toilet.unit}, 5, 1, 1, 1000, now(), now())
      returning id`);
    if (!otherAlert) throw new Error('no second alert');

    const foreign = await call('POST', `/confirmation/${otherAlert.id}/3/${fixedIt.token}`, {});
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: 'This link is not valid' });
    const otherStatus = await call('POST', `/confirmation/${alertId}/3/${onIt.token}`, {});
    expect(otherStatus.statusCode).toBe(400);
    const garbage = await call('POST', `/confirmation/${alertId}/2/garbage`, {});
    expect(garbage.statusCode).toBe(400);
    expect((await alertState(otherAlert.id))?.status).toBe(NotificationStatus.New);

    // The alert is closed: "On it" is refused with the service's message and stays unused.
    const closed = await call('POST', onIt.path, {});
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: 'This alert is already closed' });
    expect((await call('GET', onIt.path)).json()).toMatchObject({ valid: false, reason: 'closed' });

    // Expired: refused with 410 whatever the alert's state.
    await t.database.db.execute(sql`
      update notification_action_tokens set expires_at = now() - interval '1 second'
      where notification_id = ${alertId} and used_at is null`);
    const expired = await call('POST', onIt.path, {});
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: 'This link has expired' });
    // An expired link shows nothing of the alert.
    expect((await call('GET', onIt.path)).json()).toMatchObject({
      valid: false,
      reason: 'expired',
      alert: null,
    });
    const [unusedLeft] = await rows<{ n: number }>(sql`
      select count(*)::int as n from notification_action_tokens
      where notification_id = ${alertId} and used_at is null`);
    expect(unusedLeft?.n).toBe(6);
  });
  it('acts only while its recipient could do the same signed in', async () => {
    const [person] = await rows<{ id: number }>(sql`
      insert into users (email, first_name, last_name, user_status_id)
      values ('leaving@flowsight.test', 'Lee', 'Leaving', ${UserStatus.Active}) returning id`);
    const [fresh] = await rows<{ id: number }>(sql`
      insert into notifications (company_id, property_id, building_id, unit_id, appliance_type_id,
        notification_type_id, notification_category_id, rate, first_detected_at, last_detected_at)
      values (${toilet.company}, ${toilet.property}, ${toilet.building}, ${toilet.unit}, 5, 1, 1, 900, now(), now())
      returning id`);
    if (!person || !fresh) throw new Error('fixtures missing');
    await t.database.db.execute(sql`
      insert into user_roles (user_id, user_role_type_id, company_id)
      values (${person.id}, ${RoleType.CompanyManager}, ${toilet.company})`);
    const token = 'leaving-link-token-0123456789';
    await t.database.db.execute(sql`
      insert into notification_action_tokens (notification_id, status_id, recipient_user_id, token_hash, expires_at)
      values (${fresh.id}, ${NotificationStatus.Acknowledged}, ${person.id}, ${hashSecret(token)}, now() + interval '7 days')`);
    const path = `/confirmation/${fresh.id}/${NotificationStatus.Acknowledged}/${token}`;
    const before = (await call('GET', path)).json();
    expect(before).toMatchObject({ valid: true, reason: null });
    expect(before.alert).not.toBeNull();

    // Their role in the company ends (a role elsewhere does not count).
    await t.database.db.execute(sql`
      update user_roles set company_id = (select id from companies where id <> ${toilet.company} order by id limit 1)
      where user_id = ${person.id}`);
    const after = (await call('GET', path)).json();
    expect(after).toMatchObject({
      valid: false,
      reason: 'no-access',
      message: 'You can no longer act on this alert: your access to its place has ended',
      alert: null,
    });
    const refused = await call('POST', path, {});
    expect(refused.statusCode).toBe(403);
    expect((await alertState(fresh.id))?.status).toBe(NotificationStatus.New);
    const [unused] = await rows<{ used: boolean }>(sql`
      select used_at is not null as used from notification_action_tokens where token_hash = ${hashSecret(token)}`);
    expect(unused?.used).toBe(false);

    // A role over another building of the company is not one over this alert's place either.
    const [other] = await rows<{ id: number; property_id: number }>(sql`
      select id, property_id from buildings where company_id = ${toilet.company} and id <> ${toilet.building}
      order by id limit 1`);
    if (!other) throw new Error('the company has one building');
    await t.database.db.execute(sql`
      update user_roles set company_id = ${toilet.company}, property_id = ${other.property_id},
        building_id = ${other.id}
      where user_id = ${person.id}`);
    expect((await call('GET', path)).json()).toMatchObject({ reason: 'no-access' });
    // Given back a role over the company, the link acts again.
    await t.database.db.execute(sql`
      update user_roles set property_id = null, building_id = null where user_id = ${person.id}`);
    const confirmed = await call('POST', path, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await alertState(fresh.id))?.status).toBe(NotificationStatus.Acknowledged);
  });
  it('mails a person of one property about that property only, whatever their contact names', async () => {
    const [elsewhere] = await rows<{ id: number }>(sql`
      select min(id)::int as id from properties
      where company_id = ${toilet.company} and id <> ${toilet.property}`);
    const people = [
      ['site.here@flowsight.test', toilet.property, 'site-here@contacts.test'],
      ['site.elsewhere@flowsight.test', elsewhere?.id ?? 0, 'site-elsewhere@contacts.test'],
    ] as const;
    for (const [email, propertyId, destination] of people) {
      const { userId } = await insertSitePerson(t, email, RoleType.CompanyManager, {
        companyId: toilet.company,
        propertyId,
      });
      // A company-wide contact, as one made before the role was narrowed.
      await t.database.db.execute(sql`
        insert into notification_contacts (user_id, company_id, notification_method_id, destination, enabled)
        values (${userId}, ${toilet.company}, ${NotificationMethod.Email}, ${destination}, true)`);
    }
    const recipients = await createAlertMailRepository(t.database.db).recipientsOf(alertId);
    const addresses = recipients.map((r) => r.email);
    expect(addresses).toContain('site-here@contacts.test');
    expect(addresses).not.toContain('site-elsewhere@contacts.test');
    expect(addresses).toContain('company-wide@contacts.test');
  });
});
