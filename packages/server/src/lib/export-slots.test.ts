import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TooManyRequests } from './errors.ts';
import { createExportSlots } from './export-slots.ts';

const download = () => ({ body: new PassThrough() });
const closed = (stream: PassThrough) =>
  new Promise((resolve) => {
    stream.once('close', resolve);
  });

describe('export slots', () => {
  it('lets each user run a few downloads at once and refuses one more with 429', async () => {
    const slots = createExportSlots({ perUser: 2 });
    await slots.run({ userId: 1 }, async () => download());
    await slots.run({ userId: 1 }, async () => download());
    const refused = slots.run({ userId: 1 }, async () => download());
    await expect(refused).rejects.toBeInstanceOf(TooManyRequests);
    await expect(refused).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 5 });
    // Someone else's downloads do not count.
    await slots.run({ userId: 2 }, async () => download());
    expect(slots.held(1)).toBe(2);
    expect(slots.held(2)).toBe(1);
  });

  it('frees a slot when its stream ends, fails or is dropped by a client that hung up', async () => {
    const slots = createExportSlots({ perUser: 3 });
    const ended = await slots.run({ userId: 1 }, async () => download());
    const failed = await slots.run({ userId: 1 }, async () => download());
    const dropped = await slots.run({ userId: 1 }, async () => download());
    expect(slots.held(1)).toBe(3);

    ended.body.resume();
    ended.body.end('done');
    await closed(ended.body);
    failed.body.destroy(new Error('the database went away'));
    failed.body.on('error', () => {});
    await closed(failed.body);
    // Fastify destroys a reply's stream when its connection closes early.
    dropped.body.destroy();
    await closed(dropped.body);
    expect(slots.held(1)).toBe(0);
  });

  it('frees the slot at once when the download cannot be opened', async () => {
    const slots = createExportSlots({ perUser: 1 });
    await expect(
      slots.run({ userId: 1 }, async () => {
        throw new Error('bad first read');
      }),
    ).rejects.toThrow('bad first read');
    expect(slots.held(1)).toBe(0);
    await slots.run({ userId: 1 }, async () => download());
    expect(slots.held(1)).toBe(1);
  });

  it('caps a company’s people together and the server as a whole', async () => {
    const slots = createExportSlots({ perUser: 2, perCompany: 3, total: 4 });
    const a = { userId: 1, companyId: 10 };
    const b = { userId: 2, companyId: 10 };
    const staff = { userId: 3, companyId: null };
    const mine = [
      await slots.run(a, async () => download()),
      await slots.run(a, async () => download()),
    ];
    await slots.run(b, async () => download());
    // The third of company 10 is its last: its next person is refused, whoever they are.
    const companyFull = slots.run({ userId: 4, companyId: 10 }, async () => download());
    await expect(companyFull).rejects.toMatchObject({
      statusCode: 429,
      message:
        'Your company already has 3 exports running; at most 3 run at once for one company. Try again when one has finished.',
    });
    // Another company's, or staff with no company, count towards the server's cap only.
    await slots.run(staff, async () => download());
    expect(slots.running()).toBe(4);
    const serverFull = slots.run({ userId: 5, companyId: 20 }, async () => download());
    await expect(serverFull).rejects.toMatchObject({
      statusCode: 429,
      message:
        'The server is running 4 exports, as many as it runs at once. Try again in a moment.',
    });
    // One ends: room for one more, company 10's again.
    const [first] = mine;
    first?.body.destroy();
    if (first) await closed(first.body);
    expect(slots.running()).toBe(3);
    await slots.run({ userId: 4, companyId: 10 }, async () => download());
    expect(slots.running()).toBe(4);
  });
});
