// Background work of one service, run one piece after another: a failure is logged, not thrown,
// and tests and shutdown can wait until everything asked for so far has run.
type WarnLog = { warn(details: object, message: string): void };

export function createSerialQueue(log: WarnLog) {
  let pending: Promise<unknown> = Promise.resolve();
  return {
    /** Runs `work` after what was queued before it; `what` names it in the log when it fails. */
    run(work: () => Promise<unknown>, what: string) {
      const next = pending.then(work).catch((error: unknown) => log.warn({ err: error }, what));
      pending = next;
      return next;
    },
    /** Resolves when every piece queued so far (and any it queued) has run. */
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = pending;
        await seen;
      } while (seen !== pending);
    },
  };
}
