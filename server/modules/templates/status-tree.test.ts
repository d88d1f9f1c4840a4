import { describe, expect, it } from 'vitest';
import { statusMoves, statusPath, statusPathLabel, statusRoots, wouldCycle, type ListedStatus, type StatusNode } from './status-tree.ts';

const s = (id: string, parent_id: string | null, name_ja: string, name_en: string): StatusNode => ({ id, parent_id, name_ja, name_en });
const TREE = [
  s('apply', null, '応募', 'Applied'),
  s('docs', 'apply', '書類確認', 'Document check'),
  s('interview', 'docs', '面接', 'Interview'),
  s('offer', 'interview', '内定', 'Offer'),
  s('reject', 'apply', '不採用', 'Rejected'),
];

describe('statusRoots', () => {
  it('returns the path from the root to the status with ja and en names', () => {
    expect(statusRoots(TREE, 'interview')).toEqual([
      {
        status_id: 'apply',
        translate: [
          { language_key: 'ja', name: '応募' },
          { language_key: 'en', name: 'Applied' },
        ],
      },
      {
        status_id: 'docs',
        translate: [
          { language_key: 'ja', name: '書類確認' },
          { language_key: 'en', name: 'Document check' },
        ],
      },
      {
        status_id: 'interview',
        translate: [
          { language_key: 'ja', name: '面接' },
          { language_key: 'en', name: 'Interview' },
        ],
      },
    ]);
  });

  it('gives a root status a one-entry path', () => {
    expect(statusRoots(TREE, 'apply').map((r) => r.status_id)).toEqual(['apply']);
  });

  it('follows the branch the status is on', () => {
    expect(statusRoots(TREE, 'reject').map((r) => r.status_id)).toEqual(['apply', 'reject']);
  });

  it('returns nothing for an unknown status', () => {
    expect(statusRoots(TREE, 'nope')).toEqual([]);
    expect(statusRoots([], 'apply')).toEqual([]);
  });

  it('stops at a missing parent (the path starts at the first known ancestor)', () => {
    expect(statusRoots([s('a', 'gone', 'A', 'A')], 'a').map((r) => r.status_id)).toEqual(['a']);
  });

  it('terminates on cycles, listing each status once', () => {
    const cyclic = [s('a', 'c', 'A', 'A'), s('b', 'a', 'B', 'B'), s('c', 'b', 'C', 'C')];
    expect(statusRoots(cyclic, 'b').map((r) => r.status_id)).toEqual(['c', 'a', 'b']);
    expect(statusRoots([s('self', 'self', 'S', 'S')], 'self').map((r) => r.status_id)).toEqual(['self']);
  });

  it('does not depend on the order of the input', () => {
    expect(statusRoots([...TREE].reverse(), 'offer')).toEqual(statusRoots(TREE, 'offer'));
  });
});

describe('wouldCycle', () => {
  it('refuses the status itself as its parent', () => {
    expect(wouldCycle(TREE, 'docs', 'docs')).toBe(true);
  });

  it('refuses a descendant as the parent', () => {
    expect(wouldCycle(TREE, 'docs', 'offer')).toBe(true);
    expect(wouldCycle(TREE, 'apply', 'reject')).toBe(true);
  });

  it('allows an ancestor, a sibling branch, no parent and a new status', () => {
    expect(wouldCycle(TREE, 'offer', 'apply')).toBe(false);
    expect(wouldCycle(TREE, 'reject', 'interview')).toBe(false);
    expect(wouldCycle(TREE, 'docs', null)).toBe(false);
    expect(wouldCycle(TREE, 'new-id', 'offer')).toBe(false);
  });

  it('terminates on existing cycles that do not involve the status', () => {
    const data = [s('a', 'b', 'A', 'A'), s('b', 'a', 'B', 'B'), s('x', null, 'X', 'X')];
    expect(wouldCycle(data, 'x', 'a')).toBe(false);
  });
});

describe('statusPath / statusPathLabel', () => {
  it('labels a status with its path in the language asked for', () => {
    expect(statusPathLabel(TREE, 'offer', 'ja')).toBe('応募 › 書類確認 › 面接 › 内定');
    expect(statusPathLabel(TREE, 'offer', 'en')).toBe('Applied › Document check › Interview › Offer');
    expect(statusPath(TREE, 'docs').map((x) => x.id)).toEqual(['apply', 'docs']);
  });
});

describe('statusMoves: the moves a tree declares', () => {
  const l = (id: string, parent_id: string | null, list: ListedStatus['list'], sort: number): ListedStatus => ({ id, parent_id, name_ja: id, name_en: id, list, sort });
  // The default tree: applied › screening › interview › offer › kakunin › shukkin, and the closing
  // statuses rejected and withdrawn under applied; plus a second company's small tree.
  const DEFAULTS = [
    l('applied', null, 'candidate', 10),
    l('screening', 'applied', 'candidate', 20),
    l('interview', 'screening', 'candidate', 30),
    l('offer', 'interview', 'candidate', 40),
    l('kakunin', 'offer', 'kakunin', 50),
    l('shukkin', 'kakunin', 'shukkin', 60),
    l('rejected', 'applied', 'candidate', 80),
    l('withdrawn', 'applied', 'candidate', 90),
    l('other-root', null, 'candidate', 10),
    l('other-no', 'other-root', 'candidate', 20),
  ];
  const from = (id: string) =>
    statusMoves(DEFAULTS)
      .filter((m) => m.from === id)
      .map((m) => `${m.kind}:${m.to}`);

  it('goes forward to the children, back to the parent, and closes from anywhere', () => {
    expect(from('applied')).toEqual(['forward:screening', 'close:rejected', 'close:withdrawn']);
    expect(from('offer')).toEqual(['forward:kakunin', 'back:interview', 'close:rejected', 'close:withdrawn']);
    expect(from('kakunin')).toEqual(['forward:shukkin', 'back:offer', 'close:rejected', 'close:withdrawn']);
    expect(from('shukkin')).toEqual(['back:kakunin', 'close:rejected', 'close:withdrawn']);
  });

  it('reopens a closed application at the root, and never closes it twice', () => {
    expect(from('rejected')).toEqual(['back:applied']);
    expect(from('withdrawn')).toEqual(['back:applied']);
  });

  it('names the list entered (who may move is who works that list) and never crosses trees', () => {
    const moves = statusMoves(DEFAULTS);
    expect(moves.find((m) => m.to === 'kakunin')?.list).toBe('kakunin');
    expect(moves.find((m) => m.to === 'shukkin')?.list).toBe('shukkin');
    expect(from('other-root')).toEqual(['close:other-no']);
    expect(moves.some((m) => m.from.startsWith('other') !== m.to.startsWith('other'))).toBe(false);
  });

  it('survives a cycle in the data', () => {
    const cyclic = [l('a', 'b', 'candidate', 1), l('b', 'a', 'candidate', 2)];
    expect(() => statusMoves(cyclic)).not.toThrow();
  });
});
