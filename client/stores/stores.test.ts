import { describe, expect, it } from 'vitest';
import { ENUM_STATE, reduceEnums } from './enums.ts';
import { INIT_STATE, reduceInit } from './init.ts';
import { LOADING_STATE, reduceLoading } from './loading.ts';
import { NOTIFICATION_STATE, reduceNotifications, type NotificationState } from './notifications.ts';

describe('init state (SPEC §3)', () => {
  it('sets the current and mysql users', () => {
    const s = reduceInit(reduceInit(INIT_STATE, { type: 'setCurrentUser', user: { role: 'admin' } }), { type: 'setMysqlUser', user: { id: 1 } });
    expect(s.currentUser).toEqual({ role: 'admin' });
    expect(s.mysqlUser).toEqual({ id: 1 });
    expect(s.initWorked).toBe(false);
  });
  it('marks init as worked once the roles are loaded', () => {
    const s = reduceInit(INIT_STATE, { type: 'rolesLoaded', pageRoles: { '110001': ['admin'] }, actionRoles: { '120001': ['client_staff'] } });
    expect(s).toMatchObject({ pageRoles: { '110001': ['admin'] }, actionRoles: { '120001': ['client_staff'] }, initWorked: true });
  });
});

describe('enumeration store (SPEC §4)', () => {
  const entry = { id: 1, type: 1, enum_job_translate_value: [], name: 'a', label: 'a', value: 1, enName: null };
  it('replaces the whole store on fetch-enums and keeps the languages', () => {
    const withLangs = reduceEnums(ENUM_STATE, { type: 'fetchLanguages', payload: [{ id: 1, code: 'vi', ja: 'ベトナム語', en: 'Vietnamese' }] });
    const first = reduceEnums(withLangs, { type: 'fetchEnums', payload: { ...ENUM_STATE, jobTypes: [entry], genders: [entry] } });
    const second = reduceEnums(first, { type: 'fetchEnums', payload: { ...ENUM_STATE, jobTypes: [{ ...entry, id: 2 }] } });
    expect(second.jobTypes.map((e) => e.id)).toEqual([2]);
    expect(second.genders).toEqual([]);
    expect(second.languages).toHaveLength(1);
  });
  it('replaces only the languages on fetch-languages', () => {
    const s = reduceEnums({ ...ENUM_STATE, jobTypes: [entry] }, { type: 'fetchLanguages', payload: [] });
    expect(s.jobTypes).toHaveLength(1);
    expect(s.languages).toEqual([]);
  });
});

describe('loading and error flags (SPEC §4)', () => {
  it('tracks a flag per action name through request, success and failure', () => {
    let s = reduceLoading(LOADING_STATE, { type: 'request', name: 'FETCH_JOBS' });
    s = reduceLoading(s, { type: 'request', name: 'FETCH_ENUMS' });
    expect(s.loading).toEqual({ FETCH_JOBS: true, FETCH_ENUMS: true });
    s = reduceLoading(s, { type: 'success', name: 'FETCH_JOBS' });
    expect(s.loading).toEqual({ FETCH_JOBS: false, FETCH_ENUMS: true });
  });
  it('keeps the failure payload message as the error text', () => {
    let s = reduceLoading(LOADING_STATE, { type: 'request', name: 'FETCH_ENUMS' });
    s = reduceLoading(s, { type: 'failure', name: 'FETCH_ENUMS', payload: { message: 'Response not successful: Received status code 500' } });
    expect(s.loading.FETCH_ENUMS).toBe(false);
    expect(s.errors.FETCH_ENUMS).toBe('Response not successful: Received status code 500');
    expect(s.error).toBe('Response not successful: Received status code 500');
    s = reduceLoading(s, { type: 'request', name: 'FETCH_ENUMS' });
    expect(s.errors.FETCH_ENUMS).toBeNull();
  });
});

describe('notifications (SPEC §4)', () => {
  const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `n${from + i}`, is_read: 0 }));
  const loaded = (s: NotificationState, current: number, n: number, size = 3) =>
    reduceNotifications(s, { type: 'recentLoaded', page: { current, size, data: items(current * 10, n) } });

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
});
