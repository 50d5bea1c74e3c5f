// The address's query as a page's state (filters, ranges, the open record). `useSearchParams` with
// one difference: a change is rendered at once (`flushSync`) instead of as a transition. A
// transition can be held back behind other rendering for seconds on a busy phone, and the next
// click or the next field's report would then read the query of the render before it and undo
// the change (two dates typed one after the other, or three statuses picked in a row, kept only the
// last). Every page that keeps state in its address goes through this hook.
import { useCallback } from 'react';
import { type NavigateOptions, type SetURLSearchParams, useSearchParams } from 'react-router';

export function useAddressSearch(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setSearch = useCallback<SetURLSearchParams>(
    (next, options?: NavigateOptions) => setSearchParams(next, { ...options, flushSync: true }),
    [setSearchParams],
  );
  return [searchParams, setSearch];
}
