// One computation for callers who ask for the same answer at the same time: while a call is in
// flight, later callers share its promise instead of starting their own; once it settles (answer
// or error), the next call computes afresh. Nothing is kept after that, so an answer is never
// older than the computation that was already running when its caller asked.

/** `compute`, shared by the callers that overlap one run of it. */
export function singleFlight<T>(compute: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    if (running) return running;
    const run = compute().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
}
