/**
 * Candidate statuses form a tree (candidate_statuses.parent_id). A candidate row carries the
 * path from the root to its status as `roots` (SPEC §3): each entry a status id with its name
 * in both languages. Pure functions over a tenant's statuses, safe against cycles in the data.
 */
import { pickLang, type Lang } from '../../../shared/i18n.ts';

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
