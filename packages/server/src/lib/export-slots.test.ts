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
    const slots = createExportSlots(2);
    await slots.run(1, async () => download());
    await slots.run(1, async () => download());
    const refused = slots.run(1, async () => download());
    await expect(refused).rejects.toBeInstanceOf(TooManyRequests);
    await expect(refused).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 5 });
    // Someone else's downloads do not count.
    await slots.run(2, async () => download());
    expect(slots.held(1)).toBe(2);
    expect(slots.held(2)).toBe(1);
  });

  it('frees a slot when its stream ends, fails or is dropped by a client that hung up', async () => {
    const slots = createExportSlots(3);
    const ended = await slots.run(1, async () => download());
    const failed = await slots.run(1, async () => download());
    const dropped = await slots.run(1, async () => download());
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
    const slots = createExportSlots(1);
    await expect(
      slots.run(1, async () => {
        throw new Error('bad first read');
      }),
    ).rejects.toThrow('bad first read');
    expect(slots.held(1)).toBe(0);
    await slots.run(1, async () => download());
    expect(slots.held(1)).toBe(1);
  });
});
