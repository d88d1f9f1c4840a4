import { sql, type RawBuilder } from 'kysely';
/**
 * Candidate statuses form a tree (candidate_statuses.parent_id). A candidate row carries the
 * path from the root to its status as `roots` (SPEC §3): each entry a status id with its name
 * in both languages. Pure functions over a tenant's statuses, safe against cycles in the data.
 */
import { pickLang, type Lang, type Text } from '../../../shared/i18n.ts';
import type { MessageKey } from '../../../shared/messages.ts';
import { msg } from '../../../shared/texts/index.ts';
import { inBoth } from '../../resources/define.ts';

/**
 * True while an application's status (the column named) is not a closing one: a leaf right under a
 * root of its company's tree (rejected, withdrawn). Shifts of closed applications are nobody's work.
 */
export const notClosed = (statusColumn: string): RawBuilder<boolean> =>
  sql<boolean>`not exists (select 1 from candidate_statuses as st inner join candidate_statuses as p on p.id = st.parent_id where st.id = ${sql.ref(statusColumn)} and p.parent_id is null and not exists (select 1 from candidate_statuses as c where c.parent_id = st.id))`;

export interface StatusNode {
  id: string;
  parent_id: string | null;
  name_ja: string;
  name_en: string;
}

export interface StatusRoot {
  status_id: string;
  translate: [{ language_key: 'ja'; name: string }, { language_key: 'en'; name: string }];
}

/** The statuses from the root down to `id` (inclusive); [] for an unknown id. A cycle ends the walk. */
export function statusPath<T extends StatusNode>(statuses: readonly T[], id: string): T[] {
  const byId = new Map(statuses.map((s) => [s.id, s]));
  const path: T[] = [];
  const seen = new Set<string>();
  for (let node = byId.get(id); node && !seen.has(node.id); node = node.parent_id === null ? undefined : byId.get(node.parent_id)) {
    seen.add(node.id);
    path.push(node);
  }
  return path.reverse();
}

/** The `roots` of SPEC §3 for a status: the path from the root to it, names in ja and en. */
export function statusRoots(statuses: readonly StatusNode[], id: string): StatusRoot[] {
  return statusPath(statuses, id).map((s) => ({
    status_id: s.id,
    translate: [
      { language_key: 'ja', name: s.name_ja },
      { language_key: 'en', name: s.name_en },
    ],
  }));
}

/**
 * True when giving status `id` the parent `parentId` would make it its own ancestor: the parent
 * is the status itself or one of its descendants. Existing cycles in the data end the walk.
 */
export function wouldCycle(statuses: readonly Pick<StatusNode, 'id' | 'parent_id'>[], id: string, parentId: string | null): boolean {
  if (parentId === null) return false;
  const parentOf = new Map(statuses.map((s) => [s.id, s.parent_id]));
  const seen = new Set<string>();
  for (let cur: string | null | undefined = parentId; cur != null && !seen.has(cur); cur = parentOf.get(cur)) {
    if (cur === id) return true;
    seen.add(cur);
  }
  return false;
}

/** A status's label with its path, e.g. 応募 › 面接 › 内定 (for choosing a parent). */
export function statusPathLabel(statuses: readonly StatusNode[], id: string, lang: Lang): string {
  return statusPath(statuses, id)
    .map((s) => pickLang(lang, s.name_ja, s.name_en))
    .join(' › ');
}

/**
 * A status as the platform names it among every company's trees, where names repeat ("Applied" in
 * each): `label (the tree's company)`, or `label (Default)` for the platform's own tree (no company).
 */
export function withTreeOwner(label: Text, company: { name: string | null; name_en: string | null } | null): Text {
  return inBoth((lang) => msg(lang, 'res.common.parenthesised', { text: label[lang], note: company ? pickLang(lang, company.name, company.name_en) : msg(lang, 'res.templates.platformDefault') }));
}

export type CandidateList = 'candidate' | 'kakunin' | 'shukkin';

export interface ListedStatus extends StatusNode {
  list: CandidateList;
  sort: number;
}

export interface StatusMove {
  from: string;
  to: string;
  /** The list the application enters: who may make the move is who may work that list. */
  list: CandidateList;
  kind: 'forward' | 'back' | 'close';
}

/**
 * What a person is asked before making a move of this kind (the status's name as `{state}`): a
 * close tells the candidate by chat and mail that the application ended, which cannot be taken
 * back (announce.ts); forward moves are the day's work and a step back says nothing, so they ask nothing.
 */
export const askedBefore = (kind: StatusMove['kind']): MessageKey | undefined => (kind === 'close' ? 'applicant.closeConfirm' : undefined);

/**
 * True for a closing status: a leaf directly under a root (by default 不採用 Rejected and 辞退
 * Withdrawn under 応募 Applied). An application can be closed from anywhere, and reopened.
 */
function closing(byParent: Map<string | null, ListedStatus[]>, s: ListedStatus): boolean {
  return s.parent_id !== null && !byParent.get(s.id)?.length && byParent.get(null)!.some((r) => r.id === s.parent_id);
}

/**
 * The moves the tree declares (docs/pipeline.md). From a status: forward to each child, back to
 * its parent (undoing a step, or reopening a closed application), and to every closing status of
 * the same tree. Statuses are one tree per company (or the platform's defaults); several trees may
 * be passed at once, and moves never cross from one tree to another. Sorted for display: forward
 * first, then back, then close, each by the target's sort.
 */
export function statusMoves(statuses: readonly ListedStatus[]): StatusMove[] {
  const byId = new Map(statuses.map((s) => [s.id, s]));
  const byParent = new Map<string | null, ListedStatus[]>([[null, []]]);
  for (const s of statuses) {
    const parent = s.parent_id !== null && byId.has(s.parent_id) ? s.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), s]);
  }
  const rootOf = (id: string) => statusPath(statuses, id)[0]?.id;
  const moves: StatusMove[] = [];
  const seen = new Set<string>();
  const add = (from: ListedStatus, to: ListedStatus, kind: StatusMove['kind']) => {
    const key = `${from.id}>${to.id}`;
    if (from.id === to.id || seen.has(key)) return;
    seen.add(key);
    moves.push({ from: from.id, to: to.id, list: to.list, kind });
  };
  const closers = statuses.filter((s) => closing(byParent, s));
  const order = (a: ListedStatus, b: ListedStatus) => a.sort - b.sort || a.name_ja.localeCompare(b.name_ja);
  for (const s of statuses) {
    const isClosing = closing(byParent, s);
    for (const child of [...(byParent.get(s.id) ?? [])].sort(order)) if (!closing(byParent, child)) add(s, child, 'forward');
    const parent = s.parent_id !== null ? byId.get(s.parent_id) : undefined;
    if (parent && !wouldCycle(statuses, s.id, parent.id)) add(s, parent, 'back');
    if (!isClosing) for (const c of [...closers].sort(order)) if (rootOf(c.id) === rootOf(s.id)) add(s, c, 'close');
  }
  return moves;
}
