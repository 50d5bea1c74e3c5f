// How many long downloads each user has running: a user may hold a few slots at once, and one
// more call is refused with 429 until a download ends. A slot is freed when its stream closes,
// whether it was read to the end, failed or the client hung up.
import type { Readable } from 'node:stream';
import { TooManyRequests } from './errors.ts';

/** Seconds a refused caller is told to wait (Retry-After): about one chunk of a long export. */
const RETRY_AFTER_SECONDS = 5;

export type ExportSlots = ReturnType<typeof createExportSlots>;

export function createExportSlots(perUser: number, what = 'exports') {
  const running = new Map<number, number>();
  const release = (userId: number) => {
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  };

  return {
    /**
     * Takes a slot of `userId` for the stream `open` makes (429 when all are taken) and gives it
     * back when that stream closes, or at once when `open` fails.
     */
    async run<T extends { body: Readable }>(userId: number, open: () => Promise<T>): Promise<T> {
      const held = running.get(userId) ?? 0;
      if (held >= perUser) {
        throw new TooManyRequests(
          `You already have ${held} ${what} running; at most ${perUser} run at once. Try again when one has finished.`,
          RETRY_AFTER_SECONDS,
        );
      }
      running.set(userId, held + 1);
      let result: T;
      try {
        result = await open();
      } catch (error) {
        release(userId);
        throw error;
      }
      if (result.body.closed || result.body.destroyed) release(userId);
      else result.body.once('close', () => release(userId));
      return result;
    },
    /** Slots held now (tests and diagnostics). */
    held: (userId: number) => running.get(userId) ?? 0,
  };
}
