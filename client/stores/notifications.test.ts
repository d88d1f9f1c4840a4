import { describe, expect, it } from 'vitest';
import { NOTIFICATION_STATE, reduceNotifications, type NotificationState } from './notifications.ts';

describe('notifications (SPEC §4)', () => {
  const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `n${from + i}`, is_read: 0 }));
  const loaded = (s: NotificationState, current: number, n: number, size = 3) => reduceNotifications(s, { type: 'recentLoaded', page: { current, size, data: items(current * 10, n) } });

  it('replaces the list with page 1 and appends later pages', () => {
    let s = loaded(NOTIFICATION_STATE, 1, 3);
    s = loaded(s, 2, 3);
    expect(s.recentList.map((n) => n.id)).toEqual(['n10', 'n11', 'n12', 'n20', 'n21', 'n22']);
    s = loaded(s, 1, 2);
    expect(s.recentList.map((n) => n.id)).toEqual(['n10', 'n11']);
    expect(s.recentPage).toBe(1);
  });
  it('finishes the list when a page is shorter than the page size', () => {
    expect(loaded(NOTIFICATION_STATE, 1, 3).recentFinished).toBe(false);
    expect(loaded(NOTIFICATION_STATE, 1, 2).recentFinished).toBe(true);
  });
  it('counts the recent list as worked unless page 1 came back empty', () => {
    expect(loaded(NOTIFICATION_STATE, 1, 0).recentWorked).toBe(false);
    expect(loaded(NOTIFICATION_STATE, 1, 1).recentWorked).toBe(true);
    expect(loaded(loaded(NOTIFICATION_STATE, 1, 3), 2, 0).recentWorked).toBe(true);
  });
  it('applies the same paging to the document list', () => {
    const s = reduceNotifications(NOTIFICATION_STATE, { type: 'documentLoaded', page: { current: 1, size: 5, data: items(0, 2) } });
    expect(s).toMatchObject({ documentPage: 1, documentFinished: true, documentWorked: true });
    expect(s.documentList).toHaveLength(2);
    expect(s.recentList).toHaveLength(0);
  });
  it('marks a recent item read with type 1 and a document with type 2, dropping the matching counter', () => {
    let s = reduceNotifications(loaded(NOTIFICATION_STATE, 1, 3), { type: 'countLoaded', notification: 2, document: 1 });
    s = reduceNotifications(s, { type: 'documentLoaded', page: { current: 1, size: 3, data: [{ id: 'd1', is_read: 0 }] } });
    s = reduceNotifications(s, { type: 'markRead', kind: 1, id: 'n11' });
    expect(s.recentList.find((n) => n.id === 'n11')?.is_read).toBe(1);
    expect(s).toMatchObject({ noti_count: 1, doc_count: 1, count: 2 });
    s = reduceNotifications(s, { type: 'markRead', kind: 2, id: 'd1' });
    expect(s.documentList[0]?.is_read).toBe(1);
    expect(s).toMatchObject({ noti_count: 1, doc_count: 0, count: 1 });
  });
  it('never lets a counter go below zero', () => {
    const s = reduceNotifications(NOTIFICATION_STATE, { type: 'markRead', kind: 2, id: 'x' });
    expect(s).toMatchObject({ doc_count: 0, count: 0 });
  });
  it('sets the total (never below 0) and both counters from the count result, and marks counting worked', () => {
    const s = reduceNotifications(NOTIFICATION_STATE, { type: 'countLoaded', notification: 4, document: -7 });
    expect(s).toMatchObject({ noti_count: 4, doc_count: 0, count: 4, count_worked: true });
  });
  it('puts a live notification on top of its list once, counting it when unread', () => {
    let s = reduceNotifications(loaded(NOTIFICATION_STATE, 1, 2), { type: 'countLoaded', notification: 1, document: 0 });
    s = reduceNotifications(s, { type: 'added', item: { id: 'new', type: 1, is_read: 0 } });
    expect(s.recentList[0]?.id).toBe('new');
    expect(s).toMatchObject({ noti_count: 2, doc_count: 0, count: 2 });
    expect(reduceNotifications(s, { type: 'added', item: { id: 'new', type: 1, is_read: 0 } })).toBe(s);
    s = reduceNotifications(s, { type: 'added', item: { id: 'doc', type: 2, is_read: 0 } });
    expect(s.documentList.map((n) => n.id)).toEqual(['doc']);
    expect(s).toMatchObject({ noti_count: 2, doc_count: 1, count: 3 });
  });
});
