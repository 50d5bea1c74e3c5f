// A value that follows another only once it has stopped changing for `delayMs` (search boxes,
// spec section 9: 400 ms), so typing does not fire a request per key.
import { useEffect, useState } from 'react';

/** `initial`, when given, is the settled value until the first delay has passed. */
export function useDebouncedValue<Value>(value: Value, delayMs: number, initial?: Value): Value {
  const [settled, setSettled] = useState(initial === undefined ? value : initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
