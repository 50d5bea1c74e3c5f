// The list kit's search box: the text a person types, kept apart from the list's address state
// so each key does not reload the list, and written to the address once typing pauses (spec
// section 9: 400 ms).

import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import { useEffect, useState } from 'react';

/** A search box's state: the text typed so far, and how typing changes it. */
export type ListSearch = { text: string; setText: (text: string) => void };

/**
 * The search box's text, starting from the address's `search`; `write` puts the text into the
 * address when it has rested for the debounce time.
 */
export function useListSearch(search: string, write: (text: string) => void): ListSearch {
  const [text, setText] = useState(search);
  // Without dependencies the timer restarts on every render, so it fires only after a pause and
  // always calls the newest `write` (which keeps the list's current filters).
  useEffect(() => {
    if (text === search) return;
    const timer = window.setTimeout(() => write(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });
  return { text, setText };
}
