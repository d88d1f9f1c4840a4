/**
 * The vocabulary of the one list engine (docs/lists.md), shared by the definitions
 * (server/resources) and the kit that draws them (views/ui/DataTable.tsx).
 */

/**
 * How a list cell shows its value (and, on the API, its scalar: money and numbers are Int). A
 * `person` is a person's name: shown as written, never machine-translated by the browser (a name
 * such as 林 or Hoa read as a word and "translated" is a wrong name), linked to their record where
 * the column says where that is.
 */
export type CellKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'badge' | 'link' | 'person' | 'boolean' | 'choice';

/** The colour of a badge: what the state means to the reader, not a colour name. */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';
