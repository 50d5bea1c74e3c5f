// A repository is a set of module-level functions that each take the database first; its factory
// hands them the database once, so a service receives `repository.place(scope, …)` and a test can
// build one on its own database. Keeping the functions at module level keeps each one named,
// short and readable on its own, instead of one closure holding them all.

/** `fn` without its first parameter. */
type WithoutFirst<F> = F extends (first: never, ...rest: infer A) => infer R
  ? (...rest: A) => R
  : never;

/**
 * The parameters of `fn` after the database. A generic function loses its type parameters when
 * bound through `withDatabase`, so a factory binds it by hand with these:
 * `page: <Row>(...args: ParametersAfterDb<typeof page>) => page<Row>(db, ...args)`.
 */
export type ParametersAfterDb<F> = F extends (first: never, ...rest: infer A) => unknown
  ? A
  : never;

/** Each function of `functions`, given `db` as its first argument. */
export function withDatabase<D, M extends Record<string, (db: D, ...rest: never[]) => unknown>>(
  db: D,
  functions: M,
): { [K in keyof M]: WithoutFirst<M[K]> } {
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(functions)) {
    bound[name] = (...rest: never[]) => fn(db, ...rest);
  }
  return bound as { [K in keyof M]: WithoutFirst<M[K]> };
}
