/**
 * The read-model engine (server/resources/read-model.ts) through its proof, the applicants lists
 * (server/modules/pipeline/defs/applications.ts): the API's rows, tenancy, the per-screen narrowing of
 * codes (a role with only 340001 sees only part-time applicants), declared transitions with their
 * audit, keyset paging, and the generated screens (typed cells, links, row and bulk moves with
 * post/redirect/get, CSV).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoleMaps, saveRoleMaps } from '../../server/modules/roles/role-maps.ts';
import { defineReadModel } from '../../server/resources/read-model.ts';
import { applicationsReadModel } from '../../server/modules/pipeline/defs/applications.ts';
import { startTestApp, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { getPage, postForm } from '../helpers/pages.ts';
import { companyOf, statusIds } from '../helpers/demo-data.ts';

let t: TestApp;
type Row = { id: string; candidateName: string; jobTitle: string; kind: string; status: string; clientName: string; createdAt: string; updatedAt: string; shiftDate: string | null; jobId: string };
const LIST = `query($size: Int, $page: Int, $after: String, $sort: String, $dir: String, $filter: ApplicantFilter) {
  applicants(size: $size, page: $page, after: $after, sort: $sort, dir: $dir, filter: $filter) { total page size next rows { id candidateName jobTitle kind status clientName createdAt updatedAt shiftDate jobId } }
}`;
const MOVE = 'mutation($ids: [ID!]!, $to: String!) { moveApplicant(ids: $ids, to: $to) { moved refused { id reason } } }';

async function list(who: DemoLogin, vars: Record<string, unknown> = {}) {
  const r = await t.gql(LIST, { size: 50, ...vars }, { as: who });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.applicants as { total: number; page: number; next: string | null; rows: Row[] };
}
const db = () => t.database.db;
const statusOf = async (id: string) => (await db().selectFrom('applications').select('candidate_status_id').where('id', '=', id).executeTakeFirstOrThrow()).candidate_status_id;
let maria: Row;
let aung: Row;
/** Sakura Staffing's statuses by English name (its own copy of the default tree). */
let S: Record<'Applied' | 'Rejected' | 'Offer' | 'Interview' | 'Withdrawn' | 'Attendance' | 'Document check' | 'Work confirmation', string>;

beforeAll(async () => {
  t = await startTestApp();
  S = await statusIds(t, await companyOf(t, 'company@demo.test'));
  const rows = (await list('company_admin')).rows;
  maria = rows.find((r) => r.candidateName === 'Maria Santos')!;
  aung = rows.find((r) => r.candidateName === 'Aung Kyaw')!;
});
afterAll(() => t?.close());

describe('the applicants read model (API)', () => {
  it('lists the company its own applicants, joined with job, client and shift, last changed first', async () => {
    const { rows, total } = await list('company_admin');
    expect(total).toBe(rows.length);
    expect(maria).toMatchObject({ kind: 'daily', status: S.Applied });
    expect(maria.shiftDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(aung).toMatchObject({ kind: 'other', status: S.Applied, shiftDate: null });
    const job = await db().selectFrom('jobs').select(['title_ja', 'client_id']).where('id', '=', maria.jobId).executeTakeFirstOrThrow();
    expect(maria.jobTitle).toBe(job.title_ja);
    const times = rows.map((r) => r.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows another company none of them, and refuses a role without any applicant code', async () => {
    const other = await list('company2');
    expect(other.rows.map((r) => r.id)).not.toContain(maria.id);
    expect(other.rows.map((r) => r.id)).not.toContain(aung.id);
    const refused = await t.gql(LIST, {}, { as: 'client_staff' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('narrows a role that may open only the part-time applicants screen (340001) to part-time rows, whatever it asks', async () => {
    const original = await loadRoleMaps(db());
    const narrowed = structuredClone(original);
    for (const map of [narrowed.pageRoles, narrowed.actionRoles]) for (const code of ['120001', '120012', '120013']) map[code] = (map[code] ?? []).filter((r) => r !== 'company_staff');
    try {
      await saveRoleMaps(db(), narrowed);
      t.services.roleMaps.invalidate();
      const all = await list('company_staff');
      expect(all.rows.length).toBeGreaterThan(0);
      expect(new Set(all.rows.map((r) => r.kind))).toEqual(new Set(['other']));
      expect((await list('company_staff', { filter: { kind: 'daily' } })).rows).toEqual([]);
      // Nor can it move a daily applicant it cannot see.
      const move = await t.gql(MOVE, { ids: [maria.id], to: S.Rejected }, { as: 'company_staff' });
      expect(move.data.moveApplicant).toEqual({ moved: [], refused: [{ id: maria.id, reason: 'missing' }] });
      expect(await statusOf(maria.id)).toBe(S.Applied);
      // And the screens follow the same maps: the daily list is closed to it.
      expect((await getPage(t, '/v3/admin/candidate/daily', await t.tokenOf('company_staff'))).status).not.toBe(200);
    } finally {
      await saveRoleMaps(db(), original);
      t.services.roleMaps.invalidate();
    }
  });

  it('filters by status, kind and job, and sorts by a column', async () => {
    expect((await list('company_admin', { filter: { kind: 'other' } })).rows.every((r) => r.kind === 'other')).toBe(true);
    expect((await list('company_admin', { filter: { job: maria.jobId } })).rows.every((r) => r.jobId === maria.jobId)).toBe(true);
    const byName = (await list('company_admin', { sort: 'candidateName', dir: 'asc' })).rows.map((r) => r.candidateName);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    // An unknown filter value is no filter error: the list is simply empty for it.
    expect((await list('company_admin', { filter: { status: 'nonsense' } })).total).toBe(0);
    expect((await list('company_admin', { filter: { status: S.Applied } })).rows.map((r) => r.id)).toContain(maria.id);
  });

  it('pages by cursor in the same order as by number, with no row twice', async () => {
    const all = (await list('company_admin')).rows.map((r) => r.id);
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < all.length + 2; i++) {
      const p = await list('company_admin', { size: 1, after });
      seen.push(...p.rows.map((r) => r.id));
      if (!p.next) break;
      after = p.next;
    }
    expect(seen).toEqual(all);
    const bad = await t.gql(LIST, { after: 'not-a-cursor' }, { as: 'company_admin' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const huge = await t.gql(LIST, { size: 100000 }, { as: 'company_admin' });
    expect(huge.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('moves rows only along the moves the status tree declares, once, and audits who moved what', async () => {
    // Applied › Document check is a declared move (forward to a child); Applied › Interview skips one.
    expect((await t.gql(MOVE, { ids: [aung.id], to: S.Interview }, { as: 'company_admin' })).data.moveApplicant.refused).toEqual([{ id: aung.id, reason: 'state' }]);
    const r = await t.gql(MOVE, { ids: [aung.id], to: S['Document check'] }, { as: 'company_admin' });
    expect(r.data.moveApplicant).toEqual({ moved: [aung.id], refused: [] });
    expect(await statusOf(aung.id)).toBe(S['Document check']);
    // Document check → Document check is no move; a state of no tree is the caller's error.
    const again = await t.gql(MOVE, { ids: [aung.id], to: S['Document check'] }, { as: 'company_admin' });
    expect(again.data.moveApplicant.refused).toEqual([{ id: aung.id, reason: 'state' }]);
    expect((await t.gql(MOVE, { ids: [aung.id], to: 'hired' }, { as: 'company_admin' })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const audit = await db().selectFrom('audit_log').selectAll().where('entity', '=', 'application').where('entity_id', '=', aung.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_name: expect.any(String), changes: { status: { from: S.Applied, to: S['Document check'] } } });
    // Another company cannot move it back: the row is not theirs; a role without the code is refused.
    // (Sakura's statuses are no states of company 2's tree: the move is unknown to it.)
    const foreign = await t.gql(MOVE, { ids: [aung.id], to: S.Rejected }, { as: 'company2' });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await t.gql(MOVE, { ids: [aung.id], to: S.Rejected }, { as: 'client_staff' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await statusOf(aung.id)).toBe(S['Document check']);
  });

  it('gives each state its moves for the caller, and a move into kakunin takes the kakunin code', async () => {
    const STATES = '{ applicantStates { value ja en tone next } }';
    const states = (await t.gql(STATES, {}, { as: 'company_admin' })).data.applicantStates as { value: string; en: string; tone: string; next: string[] }[];
    const offer = states.find((st) => st.value === S.Offer)!;
    expect(offer.next).toEqual([S['Work confirmation'], S.Interview, S.Rejected, S.Withdrawn]);
    expect(states.find((st) => st.value === S.Rejected)).toMatchObject({ tone: 'neutral', next: [S.Applied] });
    // Company 2 sees its own tree, none of Sakura's statuses.
    const theirs = (await t.gql(STATES, {}, { as: 'company2' })).data.applicantStates as { value: string }[];
    expect(theirs.some((st) => Object.values(S).includes(st.value))).toBe(false);
    // Without 120013 the move into the kakunin list is not offered, and refused if tried.
    const original = await loadRoleMaps(db());
    const narrowed = structuredClone(original);
    for (const map of [narrowed.pageRoles, narrowed.actionRoles]) map['120013'] = (map['120013'] ?? []).filter((r) => r !== 'company_staff');
    try {
      await saveRoleMaps(db(), narrowed);
      t.services.roleMaps.invalidate();
      const mine = (await t.gql(STATES, {}, { as: 'company_staff' })).data.applicantStates as { value: string; next: string[] }[];
      expect(mine.find((st) => st.value === S.Offer)!.next).not.toContain(S['Work confirmation']);
      await db().updateTable('applications').set({ candidate_status_id: S.Offer }).where('id', '=', maria.id).execute();
      const tried = await t.gql(MOVE, { ids: [maria.id], to: S['Work confirmation'] }, { as: 'company_staff' });
      expect(tried.data.moveApplicant.refused).toEqual([{ id: maria.id, reason: 'forbidden' }]);
    } finally {
      await db().updateTable('applications').set({ candidate_status_id: S.Applied }).where('id', '=', maria.id).execute();
      await saveRoleMaps(db(), original);
      t.services.roleMaps.invalidate();
    }
  });

  it('refuses a definition that moves to a state its badge does not have', () => {
    const columns = applicationsReadModel.columns.map((c) => (c.name === 'status' ? { ...c, states: [{ value: 'applied', label: { ja: '応募', en: 'Applied' }, tone: 'info' as const }] } : c));
    expect(() => defineReadModel({ ...applicationsReadModel, columns, transitions: { ...applicationsReadModel.transitions!, moves: [{ from: ['applied'], to: 'hired' }] } })).toThrow(/hired/);
  });
});

describe('the applicants screens', () => {
  it('/admin/candidate shows status badges, links each job to its record, and offers the moves of each row', async () => {
    const page = await getPage(t, '/admin/candidate', await t.tokenOf('company_admin'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Maria Santos');
    expect(page.html).toMatch(/<span class="badge badge-info">応募<\/span>/);
    expect(page.html).toContain(`href="/v3/admin/jobs/${maria.jobId}"`);
    expect(page.html).toContain(`value="moveRow:${maria.id}:${S['Document check']}"`);
    expect(page.html).toContain('選んだ行を移す');
  });

  it("names each status with its tree's company for the platform, in the status filter and the move choice", async () => {
    // The platform sees every company's tree, each with its own "Applied", "Document check", ….
    const page = await getPage(t, '/admin/candidate', await t.tokenOf('superadmin'), 'en');
    const optionsOf = (name: string) =>
      [...(page.html.match(new RegExp(`<select name="${name}"[^>]*>(.*?)</select>`))?.[1] ?? '').matchAll(/<option value="([^"]+)"[^>]*>([^<]*)</g)].map((m) => ({ value: m[1]!, label: m[2]! }));
    for (const select of ['f_status', 'to']) {
      const labels = optionsOf(select).map((o) => o.label);
      expect(labels.length, select).toBeGreaterThan(3);
      expect(new Set(labels).size, `${select}: ${labels.join(' | ')}`).toBe(labels.length);
    }
    expect(optionsOf('f_status').find((o) => o.value === S['Document check'])?.label).toBe('Document check (Sakura Staffing Co., Ltd.)');
    // A company reads only its own tree: the names alone.
    const own = await getPage(t, '/admin/candidate', await t.tokenOf('company_admin'), 'en');
    expect(own.html).toContain(`<option value="${S['Document check']}">Document check</option>`);
  });

  it('/v3/admin/candidate/other lists only part-time applicants and has no kind filter', async () => {
    const page = await getPage(t, '/v3/admin/candidate/other', await t.tokenOf('company_admin'));
    expect(page.html).toContain('Aung Kyaw');
    expect(page.html).not.toContain('Maria Santos');
    expect(page.html).not.toContain('name="f_kind"');
  });

  it('a row button moves the row and comes back to the list with a notice (post/redirect/get)', async () => {
    const token = await t.tokenOf('company_admin');
    const res = await postForm(t, `/admin/candidate?f_status=${S.Applied}`, token, { _action: `moveRow:${maria.id}:${S.Rejected}` });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/admin/candidate?f_status=${S.Applied}&moved=1&notMoved=0&to=${S.Rejected}`);
    expect(await statusOf(maria.id)).toBe(S.Rejected);
    const after = await getPage(t, res.location!, token);
    expect(after.html).toContain('1件を「不採用」にしました。');
  });

  it('a bulk move says how many rows could not make the move', async () => {
    const token = await t.tokenOf('company_admin');
    // Maria is already rejected (no move to itself); Aung (Document check) may be closed.
    const res = await postForm(t, '/admin/candidate', token, { _action: 'move', to: S.Rejected, ids: [maria.id, aung.id] });
    expect(res.status).toBe(303);
    const after = await getPage(t, res.location!, token);
    expect(after.html).toContain('1件を「不採用」にしました。');
    expect(after.html).toContain('1件は今の状態から移せないため、そのままです。');
    const empty = await postForm(t, '/admin/candidate', token, { _action: 'move', to: S.Applied });
    expect(empty.status).toBe(422);
    expect(empty.html).toContain('対象の行を選んでください');
    // Both reopened for the tests after this one.
    await postForm(t, '/admin/candidate', token, { _action: 'move', to: S.Applied, ids: [maria.id, aung.id] });
    expect(await statusOf(aung.id)).toBe(S.Applied);
  });

  it('kakunin and shukkin list the applications whose status is on them, and the candidate list no longer does', async () => {
    const token = await t.tokenOf('company_admin');
    await db().updateTable('applications').set({ candidate_status_id: S['Work confirmation'] }).where('id', '=', maria.id).execute();
    try {
      const kakunin = await getPage(t, '/admin/candidate/kakunin', token);
      expect(kakunin.status).toBe(200);
      expect(kakunin.html).toContain('Maria Santos');
      expect(kakunin.html).toContain(`value="moveRow:${maria.id}:${S.Attendance}"`);
      expect((await getPage(t, '/admin/candidate', token)).html).not.toContain('Maria Santos');
      expect((await getPage(t, '/admin/candidate/shukkin', token)).html).not.toContain('Maria Santos');
      const moved = await postForm(t, '/admin/candidate/kakunin', token, { _action: `moveRow:${maria.id}:${S.Attendance}` });
      expect(moved.status).toBe(303);
      expect((await getPage(t, '/admin/candidate/shukkin', token)).html).toContain('Maria Santos');
    } finally {
      await db().updateTable('applications').set({ candidate_status_id: S.Applied }).where('id', '=', maria.id).execute();
    }
  });

  it('exports the filtered list as CSV with the column labels', async () => {
    const res = await fetch(`${t.url}/v3/admin/candidate/other?format=csv`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}` } });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const body = await res.text();
    expect(body.split('\n')[0]).toContain('応募者');
    expect(body).toContain('Aung Kyaw');
    expect(body).not.toContain('Maria Santos');
  });
});
