/**
 * The vocabulary of the one list engine (docs/lists.md), shared by the definitions
 * (server/resources) and the kit that draws them (views/ui/DataTable.tsx).
 */
import type { Text } from './i18n.ts';
import { msgText, type TextKey } from './texts/index.ts';

/**
 * How a list cell shows its value (and, on the API, its scalar: money and numbers are Int). A
 * `person` is a person's name: shown as written, never machine-translated by the browser (a name
 * such as 林 or Hoa read as a word and "translated" is a wrong name), linked to their record where
 * the column says where that is.
 */
export type CellKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'badge' | 'link' | 'person' | 'boolean' | 'choice';

/** The colour of a badge: what the state means to the reader, not a colour name. */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A state a badge shows: the value stored, its label and its tone. */
export interface BadgeState {
  value: string;
  label: Text;
  tone: Tone;
  /** What the state belongs to, when states fall in groups (an applicant status: its list). */
  group?: string;
}

/**
 * A badge's states, declared by value in the order a filter lists them:
 * `badgeStates({ draft: ['payState.awaitingApproval', 'warning'], paid: ['payState.paid', 'success'] })`.
 * Every fixed list of states is declared this way, once per state machine (shared/states.ts holds
 * those that several pages show). A value that reads as a whole number is refused: JavaScript
 * would list it first, whatever order it was written in.
 */
export function badgeStates(decl: Readonly<Record<string, readonly [label: TextKey, tone: Tone]>>): BadgeState[] {
  return inOrder('badgeStates', decl).map(([value, [label, tone]]) => ({ value, label: msgText(label), tone }));
}

/**
 * The entries of a declaration keyed by name, in the order written (states, a table's columns). A
 * key that reads as a whole number is refused: JavaScript would list it first, whatever the order.
 */
export function inOrder<V>(what: string, decl: Readonly<Record<string, V>>): [string, V][] {
  const entries = Object.entries(decl);
  const numeric = entries.find(([key]) => /^\d+$/.test(key));
  if (numeric) throw new Error(`${what}: "${numeric[0]}" reads as a number; its order would be lost`);
  return entries;
}

/** The state of a value in a list of states, for a badge drawn outside a table. */
export const stateOf = <S extends { value: string }>(states: readonly S[], value: string | null | undefined): S | undefined => states.find((s) => s.value === value);
