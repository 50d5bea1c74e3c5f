// A condition a query applies only when its caller gave the value: `and()` and `where()` leave an
// undefined condition out, so an optional filter reads as one call instead of a conditional.

import { type Column, eq, type SQL } from 'drizzle-orm';

/** `column = value`, or no condition when `value` is undefined. */
export const eqWhenGiven = <C extends Column>(
  column: C,
  value: C['_']['data'] | undefined,
): SQL | undefined => (value === undefined ? undefined : eq(column, value));
