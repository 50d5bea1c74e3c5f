// Alert texts end to end on a database against a local fake of Twilio's Messages API: a leak
// alert the engine opens is texted once to each SMS contact covering it (not an email contact,
// not another building's), with the right number, words and Basic auth; the same alert is never
// texted twice; a 429 is tried again by the next retry round once its back-off has passed; a
// permanent refusal, and a text still refused after the last attempt, are recorded as failed and
// shown on the contact. The texts' clock is stepped by hand.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { NotificationMethod, NotificationStatus } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  type FakeTwilio,
  INVALID_TO_NUMBER,
  startFakeTwilio,
  TOO_MANY_REQUESTS,
} from '../../testing/fake-twilio.ts';
import { createAlertMailRepository } from '../alert-mail/alert-mail.repository.ts';
import type { Uplink } from '../ingest/ingest.service.ts';
import { createAlertSmsRepository } from './alert-sms.repository.ts';
import { FIRST_RETRY_MS, MAX_ATTEMPTS, retryDelayMs } from './alert-sms.service.ts';

const HOUR = 3_600_000;
const QUARTER = 900_000;
const FROM = '+15005550006';
/** The texts' clock: a fixed instant, stepped by the tests. */
const T0 = Date.parse('2026-03-04T15:00:00Z');

/** 15-minute usage reports of a running toilet (30 gal/h, flowing all the time) ending at `endMs`. */
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

type ContactAnswer = {
  id: number;
  destination: string;
  last_text: { status: string; attempts: number; error: string | null; at: string } | null;
};

describe('alert texts through Twilio', () => {
  let t: TestApp;
  let twilio: FakeTwilio;
  let clock = T0;
  let toilet: { id: number; mac: string; company: number; property: number; building: number };
  let managerId = 0;
  let smsContactId = 0;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const deliveries = (alertId: number) =>
    createAlertSmsRepository(t.database.db, createAlertMailRepository(t.database.db)).deliveriesOf(
      alertId,
    );

  /** Opens a fresh continuous-flow alert on the toilet and waits for its texts' first try. */
  async function openAlert(): Promise<number> {
    await t.database.db.execute(sql`delete from notifications where sensor_id = ${toilet.id}`);
    await t.app.ingest.ingest(runningToilet(toilet.mac, Date.now(), 3));
    const changes = await t.app.alerts.evaluate([toilet.id]);
    const opened = changes.filter((c) => c.kind === 'opened');
    expect(opened).toHaveLength(1);
    await t.app.alertSms.idle();
    return opened[0]?.alertId ?? 0;
  }

  async function contact(): Promise<ContactAnswer> {
    const manager = await t.as('manager@flowsight.test');
    const answer = await manager(`/api/notifications/contacts/${smsContactId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as ContactAnswer;
  }

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await buildTestApp({
      demo: true,
      smsClock: () => new Date(clock),
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_API_URL: twilio.url,
        TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
        TWILIO_FROM: FROM,
      },
    });
    const [found] = await rows<typeof toilet>(sql`
      select s.id, s.mac_address as mac, s.company_id as company, s.property_id as property,
             s.building_id as building
      from sensors s where s.appliance_type_id = 5 and not s.notification_excluded and s.company_id = (
        select r.company_id from user_roles r join users u on u.id = r.user_id
        where u.email = 'manager@flowsight.test' order by r.id limit 1)
      order by s.id limit 1`);
    if (!found) throw new Error('no toilet in the manager’s company');
    toilet = found;
    await t.database.db.execute(
      sql`update sensors set last_submission = null where id = ${toilet.id}`,
    );
    // Only the continuous-flow rule: a high own threshold keeps high usage out of it.
    await t.database.db.execute(sql`
      insert into sensor_gallon_thresholds (sensor_id, company_id, value) values (${toilet.id}, ${toilet.company}, 100000)`);
    const [manager] = await rows<{ id: number }>(
      sql`select id from users where email = 'manager@flowsight.test'`,
    );
    managerId = manager?.id ?? 0;
    const [otherBuilding] = await rows<{ id: number; property_id: number }>(sql`
      select id, property_id from buildings where company_id = ${toilet.company} and id <> ${toilet.building}
      order by id limit 1`);
    if (!otherBuilding) throw new Error('no other building');
    const [sms] = await rows<{ id: number }>(sql`
      insert into notification_contacts (user_id, company_id, property_id, building_id, unit_id,
        notification_method_id, destination, enabled) values
        (${managerId}, ${toilet.company}, null, null, null, ${NotificationMethod.Sms}, '+16175550100', true)
      returning id`);
    smsContactId = sms?.id ?? 0;
    await t.database.db.execute(sql`
      insert into notification_contacts (user_id, company_id, property_id, building_id, unit_id,
        notification_method_id, destination, enabled) values
        (${managerId}, ${toilet.company}, null, null, null, ${NotificationMethod.Email}, 'company-wide@contacts.test', true),
        (${managerId}, ${toilet.company}, ${otherBuilding.property_id}, ${otherBuilding.id}, null, ${NotificationMethod.Sms}, '+16175550199', true),
        (${managerId}, ${toilet.company}, null, null, null, ${NotificationMethod.Sms}, '+16175550188', false)`);
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });

  it('texts an opened leak alert once to the SMS contact covering it, with its facts and a link', async () => {
    const before = twilio.requests.length;
    const alertId = await openAlert();
    const sent = twilio.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.path).toBe(`/2010-04-01/Accounts/${FAKE_TWILIO_ACCOUNT_SID}/Messages.json`);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_TWILIO_ACCOUNT_SID}:${FAKE_TWILIO_AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request?.form.To).toBe('+16175550100');
    expect(request?.form.From).toBe(FROM);
    const body = request?.form.Body ?? '';
    expect(body).toMatch(/^Flowsight: Continuous flow at .+ \(main toilet\), 21,600 gal\/mo\. /);
    expect(body.endsWith(`http://flowsight.test/alerts?alert=${alertId}`)).toBe(true);
    expect(body.length).toBeLessThanOrEqual(160);

    const [delivery] = await deliveries(alertId);
    expect(delivery).toMatchObject({
      contactId: smsContactId,
      event: 'opened',
      status: 'sent',
      attempts: 1,
      lastError: null,
      providerMessageId: twilio.accepted.at(-1)?.sid,
      sentAt: new Date(T0),
    });
    expect((await contact()).last_text).toEqual({
      status: 'sent',
      attempts: 1,
      error: null,
      at: new Date(T0).toISOString(),
    });

    // The same event again (a replayed bus batch): nothing goes twice.
    t.app.alertSms.alertsChanged([
      {
        alertId,
        kind: 'opened',
        companyId: toilet.company,
        propertyId: toilet.property,
        buildingId: toilet.building,
        unitId: null,
        statusId: NotificationStatus.New,
      },
    ]);
    await t.app.alertSms.idle();
    expect(twilio.requests).toHaveLength(before + 1);
    expect(await deliveries(alertId)).toHaveLength(1);
  });

  it('tries a text Twilio rate-limited again once its back-off has passed', async () => {
    twilio.failNext(TOO_MANY_REQUESTS);
    const before = twilio.requests.length;
    const alertId = await openAlert();
    expect(twilio.requests).toHaveLength(before + 1);
    expect((await deliveries(alertId))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'Too Many Requests (Twilio 20429)',
      nextAttemptAt: new Date(T0 + FIRST_RETRY_MS),
    });
    expect((await contact()).last_text).toMatchObject({ status: 'queued', attempts: 1 });

    clock = T0 + FIRST_RETRY_MS - 1000;
    expect(await t.app.alertSms.retryDue()).toEqual({ texts: 0, sent: 0 });
    clock = T0 + FIRST_RETRY_MS;
    expect(await t.app.alertSms.retryDue()).toEqual({ texts: 1, sent: 1 });
    expect(twilio.requests).toHaveLength(before + 2);
    expect((await deliveries(alertId))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(await t.app.alertSms.retryDue()).toEqual({ texts: 0, sent: 0 });
    clock = T0;
  });

  it('records a permanent refusal as failed at once and shows it on the contact', async () => {
    twilio.failNext(INVALID_TO_NUMBER);
    const alertId = await openAlert();
    expect((await deliveries(alertId))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: "Invalid 'To' Phone Number (Twilio 21211)",
      nextAttemptAt: null,
      providerMessageId: null,
    });
    expect((await contact()).last_text).toEqual({
      status: 'failed',
      attempts: 1,
      error: "Invalid 'To' Phone Number (Twilio 21211)",
      at: new Date(T0).toISOString(),
    });
    const before = twilio.requests.length;
    clock = T0 + 24 * HOUR;
    expect(await t.app.alertSms.retryDue()).toEqual({ texts: 0, sent: 0 });
    expect(twilio.requests).toHaveLength(before);
    clock = T0;
  });

  it('gives up after the last attempt with the provider still refusing', async () => {
    twilio.failNext(...Array.from({ length: MAX_ATTEMPTS }, () => TOO_MANY_REQUESTS));
    const alertId = await openAlert();
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts += 1) {
      clock += retryDelayMs(attempts);
      expect(await t.app.alertSms.retryDue()).toEqual({ texts: 1, sent: 0 });
    }
    expect((await deliveries(alertId))[0]).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'Too Many Requests (Twilio 20429)',
    });
    clock += 24 * HOUR;
    expect(await t.app.alertSms.retryDue()).toEqual({ texts: 0, sent: 0 });
    clock = T0;
  });
});
