// What the list kit's table and phone cards share about a row: its attributes (test ids, data
// attributes), and how it opens and what its open button is called.
export type RowRendering<T> = {
  /** Attributes on the row or card, e.g. `data-testid` and `data-alert-id`. */
  rowProps?: (row: T) => Record<`data-${string}`, string | number>;
  /** Opening a row (a click on it, or its open button). */
  onOpen?: (row: T) => void;
  /** The open button's accessible name. */
  openLabel?: (row: T) => string;
};
