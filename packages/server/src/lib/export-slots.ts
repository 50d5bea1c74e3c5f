// How many long downloads are running: a user may hold a few slots at once, their company a few
// more between its people, and the server a few more again, so one tenant's downloads cannot
// take every connection and core; one more call is refused with 429 until a download ends. A slot
// is freed when its stream closes, whether it was read to the end, failed or the client hung up.
import type { Readable } from 'node:stream';
import { TooManyRequests } from './errors.ts';

/** Seconds a refused caller is told to wait (Retry-After): about one chunk of a long export. */
const RETRY_AFTER_SECONDS = 5;

export type ExportSlots = ReturnType<typeof createExportSlots>;

export type ExportLimits = {
  readonly perUser: number;
  /** Between the people of one company (a caller with no company counts only towards `total`). */
  readonly perCompany?: number;
  /** On this server, whoever runs them. */
  readonly total?: number;
};

/** Who asks for a download. */
export type ExportHolder = { readonly userId: number; readonly companyId?: number | null };

export function createExportSlots(limits: ExportLimits, what = 'exports') {
  const {
    perUser,
    perCompany = Number.POSITIVE_INFINITY,
    total = Number.POSITIVE_INFINITY,
  } = limits;
  const byUser = new Map<number, number>();
  const byCompany = new Map<number, number>();
  let running = 0;
  const take = (map: Map<number, number>, key: number, step: 1 | -1) => {
    const next = (map.get(key) ?? 0) + step;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  const release = ({ userId, companyId }: ExportHolder) => {
    take(byUser, userId, -1);
    if (companyId != null) take(byCompany, companyId, -1);
    running -= 1;
  };

  return {
    /**
     * Takes a slot of the holder for the stream `open` makes (429 when the user's, the company's
     * or the server's are all taken) and gives it back when that stream closes, or at once when
     * `open` fails.
     */
    async run<T extends { body: Readable }>(
      holder: ExportHolder,
      open: () => Promise<T>,
    ): Promise<T> {
      const mine = byUser.get(holder.userId) ?? 0;
      if (mine >= perUser) {
        throw new TooManyRequests(
          `You already have ${mine} ${what} running; at most ${perUser} run at once. Try again when one has finished.`,
          RETRY_AFTER_SECONDS,
        );
      }
      const company = holder.companyId == null ? 0 : (byCompany.get(holder.companyId) ?? 0);
      if (company >= perCompany) {
        throw new TooManyRequests(
          `Your company already has ${company} ${what} running; at most ${perCompany} run at once for one company. Try again when one has finished.`,
          RETRY_AFTER_SECONDS,
        );
      }
      if (running >= total) {
        throw new TooManyRequests(
          `The server is running ${running} ${what}, as many as it runs at once. Try again in a moment.`,
          RETRY_AFTER_SECONDS,
        );
      }
      take(byUser, holder.userId, 1);
      if (holder.companyId != null) take(byCompany, holder.companyId, 1);
      running += 1;
      let result: T;
      try {
        result = await open();
      } catch (error) {
        release(holder);
        throw error;
      }
      if (result.body.closed || result.body.destroyed) release(holder);
      else result.body.once('close', () => release(holder));
      return result;
    },
    /** Slots a user holds now (tests and diagnostics). */
    held: (userId: number) => byUser.get(userId) ?? 0,
    /** Slots held on this server now. */
    running: () => running,
  };
}
