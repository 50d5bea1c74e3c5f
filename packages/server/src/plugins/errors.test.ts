// The error plugin's backstop: when a bad value gets past validation and the database refuses it,
// the answer is 400 in the error shape, not 500; other failures stay 500 and hide their details.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_REFUSAL, errorsPlugin } from './errors.ts';

/** A driver error as Drizzle wraps it: the PostgreSQL code sits on its cause. */
const databaseError = (code: string) =>
  Object.assign(new Error('Failed query: select …'), {
    cause: Object.assign(new Error('database said no'), { code }),
  });

describe('database refusals', () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    await app.register(errorsPlugin);
    app.get('/fail/:code', async (request) => {
      throw databaseError((request.params as { code: string }).code);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['22P02', 'malformed text for its type'],
    ['22003', 'a number out of range'],
    ['22007', 'a malformed date'],
    ['22008', 'a date out of range'],
    ['22021', 'a character the encoding cannot hold'],
    ['22P05', 'a character that cannot be translated'],
    ['22001', 'text too long for its column'],
    ['2201B', 'an invalid regular expression'],
  ])('answers %s (%s) with 400', async (code) => {
    const response = await app.inject(`/fail/${code}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: DATABASE_REFUSAL,
    });
  });

  it('keeps other database failures a hidden 500', async () => {
    const response = await app.inject('/fail/53300');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
  });
});
