/**
 * One person (docs/workforce.md "One person"): a registry row of /admin/staff and
 * a registered candidate found as duplicates by residence-card number or e-mail (any capitals),
 * linked or merged in one audited transaction recorded in person_merges, the candidate's card data
 * then shown on the registry row; another company sees and merges none of it, a user without
 * 150001 is refused, and a company never sees a candidate who did not apply to it (DESIGN §5).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile, DEMO, type DemoLogin } from '../helpers/app.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';
import { escapeHtml, getPage, postForm, text } from '../helpers/pages.ts';
import { grantPageCode } from '../helpers/roles.ts';

const t = appForFile();
// By default only platform roles hold 150001 (DESIGN §5); a superadmin grants it to company admins (both demo companies').
beforeAll(() => grantPageCode(t, '150001', 'company_admin'));

const db = () => t.database.db;
type Pair = { kind: string; staffId: string; staffName: string; otherId: string; otherName: string; otherEmail: string | null; reasons: string[] };
const DUPS = 'query ($s: ID) { personDuplicates(staffId: $s) { kind staffId staffName otherId otherName otherEmail reasons } }';
const LINK = 'mutation ($s: ID!, $u: ID!) { linkStaffPerson(staffId: $s, userId: $u) { mergeId } }';
const MERGE = 'mutation ($f: ID!, $i: ID!) { mergeStaffRows(fromId: $f, intoId: $i) { mergeId } }';
const ROW = 'query ($id: ID!) { staffMember(id: $id) { id name person person_status person_expiry card_check permission card_number person_languages } }';
const dups = async (as: DemoLogin, staffId?: string): Promise<Pair[]> => dataOf(await t.gql(DUPS, staffId ? { s: staffId } : {}, { as })).personDuplicates;
const staffId = async (name: string) => (await db().selectFrom('staff').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** A registry row of `companyId` with a residence card number. */
async function addStaff(companyId: string, name: string, o: { email?: string; card?: string } = {}): Promise<string> {
  const { id } = await db()
    .insertInto('staff')
    .values({
      company_id: companyId,
      name,
      name_kana: null,
      email: o.email ?? null,
      phone: null,
      nationality: 'VN',
      birth_date: null,
      gender: null,
      visa_type_id: null,
      visa_expiry: '2027-01-31',
      read_skill: null,
      languages: ['vi'],
      address: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (o.card) await db().insertInto('staff_documents').values({ staff_id: id, kind: 'residence_card', number: o.card, expires_on: '2027-01-31', note: null }).execute();
  return id;
}

/** A demo candidate who applied to `companyId` and never to `notTo`. */
async function applicantOf(companyId: string, notTo: string, except: string[] = []) {
  return db()
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.email'])
    .where('u.role', '=', 'candidate')
    .where('u.email', 'not in', except.length ? except : ['-'])
    .where(({ exists, selectFrom }) => exists(selectFrom('applications as a').select('a.id').whereRef('a.candidate_id', '=', 'u.id').where('a.company_id', '=', companyId)))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('applications as a').select('a.id').whereRef('a.candidate_id', '=', 'u.id').where('a.company_id', '=', notTo))))
    .orderBy('u.email')
    .executeTakeFirstOrThrow();
}

describe('possible duplicates on /admin/staff', () => {
  it('shows a new user the demo duplicates with why they matched: a candidate by e-mail in other capitals, a row registered twice by card number', async () => {
    const pairs = await dups('company_admin');
    const hoa = pairs.find((p) => p.staffName === 'LE THI HOA');
    expect(hoa).toMatchObject({ kind: 'link', otherName: 'Le Thi Hoa', otherEmail: 'cardcheck@demo.test', reasons: ['email'] });
    const minh = pairs.find((p) => p.kind === 'staff' && [p.staffName, p.otherName].sort().join('|') === 'NGUYEN V. MINH|NGUYEN VAN MINH');
    expect(minh?.reasons).toEqual(['card']);
    const page = await getPage(t, '/admin/staff', await t.tokenOf('company_admin'));
    expect(page.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain('重複の可能性');
    expect(html).toContain('メールアドレスが同じ');
    expect(html).toContain('在留カード番号が同じ');
    // And in English.
    const en = text(await (await fetch(`${t.url}/admin/staff`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}; lang=en` } })).text());
    expect(en).toContain('Possible duplicates');
    expect(en).toContain('Same e-mail (any capitals)');
    expect(en).toContain('Same residence-card number');
  });

  it('a registry row and a registered candidate with the same card number are one person: linked, the row shows the candidate’s card data, recorded and audited; linking twice is refused', async () => {
    const c1 = await companyOf(t, DEMO.company_admin);
    const c2 = await companyOf(t, DEMO.company2);
    const person = await applicantOf(c1, c2, ['cardcheck@demo.test']);
    const visa = await db().selectFrom('visa_types').select(['id', 'ja']).where('ja', '=', '留学').executeTakeFirstOrThrow();
    await db()
      .updateTable('candidate_profiles')
      .set({ card_number: 'QW12345678ER', card_verified: true, permission_outside_status: true, visa_type_id: visa.id, visa_expiry: '2028-03-31', languages: ['vi', 'ja'] })
      .where('user_id', '=', person.id)
      .execute();
    const row = await addStaff(c1, 'PERSON BY CARD', { card: 'qw-12345678-er', email: 'another.address@staff.test' });

    const before = dataOf(await t.gql(ROW, { id: row }, { as: 'company_admin' })).staffMember;
    expect(before).toMatchObject({ person: null, card_check: null, person_expiry: '2027-01-31', card_number: 'qw-12345678-er' });
    const pair = (await dups('company_admin', row)).find((p) => p.otherId === person.id);
    expect(pair).toMatchObject({ kind: 'link', reasons: ['card'] });

    const merged = dataOf(await t.gql(LINK, { s: row, u: person.id }, { as: 'company_admin' })).linkStaffPerson;
    const after = dataOf(await t.gql(ROW, { id: row }, { as: 'company_admin' })).staffMember;
    expect(after).toMatchObject({
      person: `${person.name} <${person.email}>`,
      person_expiry: '2028-03-31',
      card_check: '確認済み',
      permission: 'あり',
      card_number: 'QW12345678ER',
      person_languages: 'vi, ja',
    });
    expect(after.person_status).toBe('留学');
    // In the reader's language, never a "日本語 / English" pair.
    const inEnglish = dataOf(await t.gql(ROW, { id: row }, { as: 'company_admin', headers: { cookie: 'lang=en' } })).staffMember;
    expect(inEnglish).toMatchObject({ person_status: 'Student', card_check: 'Verified', permission: 'Granted' });
    // No longer a duplicate once linked.
    expect((await dups('company_admin', row)).length).toBe(0);

    const record = await db().selectFrom('person_merges').selectAll().where('id', '=', merged.mergeId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ company_id: c1, kind: 'link', into_staff_id: row, from_user_id: person.id, reasons: ['card'], merged_by_name: expect.stringContaining('Ichiro Suzuki') });
    expect(record.fields).toMatchObject({ visa_expiry: 'from', card_verified: 'from', email: 'into' });
    // The applicant's record page reads the same person: the registry row's card, found through the link.
    const application = await db().selectFrom('applications').select('id').where('candidate_id', '=', person.id).where('company_id', '=', c1).executeTakeFirstOrThrow();
    const rec = dataOf(await t.gql('query ($id: ID!) { applicantRecord(id: $id) { documents { kind number staffId } } }', { id: application.id }, { as: 'company_admin' })).applicantRecord;
    expect(rec.documents).toContainEqual({ kind: 'residence_card', number: 'qw-12345678-er', staffId: row });
    // And the workers list says the person is in the company's registry.
    const workers = dataOf(await t.gql('{ workers(size: 100) { rows { id registry } } }', {}, { as: 'company_admin' })).workers.rows as { id: string; registry: string }[];
    expect(workers.find((w) => w.id === person.id)?.registry).toBe('linked');
    expect(workers.filter((w) => w.registry === 'linked').map((w) => w.id)).toContain(person.id);
    const log = await db().selectFrom('audit_log').select(['actor_name', 'changes']).where('entity', '=', 'staffMember').where('entity_id', '=', row).execute();
    expect(log.some((l) => JSON.stringify(l.changes).includes('person_linked'))).toBe(true);
    // The row's history on its page says so.
    const page = await getPage(t, `/admin/staff?id=${row}`, await t.tokenOf('company_admin'));
    expect(text(page.html)).toContain('本人（登録ユーザー）と紐付け');
    expect(text(page.html)).toContain('QW12345678ER');

    const again = await t.gql(LINK, { s: row, u: person.id }, { as: 'company_admin' });
    expect(firstCode(again)).toBe('CONFLICT');
    expect(again.errors![0]!.extensions?.reason).toBe('already_linked');
    // Nor can a second registry row of the company take the same candidate.
    const other = await addStaff(c1, 'PERSON AGAIN');
    expect(firstCode(await t.gql(LINK, { s: other, u: person.id }, { as: 'company_admin' }))).toBe('CONFLICT');
    expect(await db().selectFrom('person_merges').select('id').where('from_user_id', '=', person.id).execute()).toHaveLength(1);
  });

  it('links the demo row by e-mail from the record page after a confirmation, and the page then shows the candidate', async () => {
    const row = await staffId('LE THI HOA');
    const token = await t.tokenOf('company_admin');
    const page = await getPage(t, `/admin/staff?id=${row}`, token);
    expect(page.html).toContain('class="confirm danger-zone"');
    const hoa = await userId(t, 'cardcheck@demo.test');
    const res = await postForm(t, `/admin/staff?id=${row}`, token, { _action: 'section:personLink', otherId: hoa });
    expect(res.status).toBe(303);
    const after = text((await getPage(t, `/admin/staff?id=${row}`, token)).html);
    expect(after).toContain(escapeHtml('Le Thi Hoa <cardcheck@demo.test>'));
    // Linking again from the page is refused on the page, nothing recorded twice.
    const twice = await postForm(t, `/admin/staff?id=${row}`, token, { _action: 'section:personLink', otherId: hoa });
    expect(twice.status).toBe(409);
    expect(text(twice.html)).toContain('すでに紐付けられています');
  });

  it('merges the row registered twice: empty fields and documents taken from the other, which is gone; merging twice is refused cleanly', async () => {
    const into = await staffId('NGUYEN VAN MINH');
    const from = await staffId('NGUYEN V. MINH');
    const r = dataOf(await t.gql(MERGE, { f: from, i: into }, { as: 'company_admin' })).mergeStaffRows;
    expect(await db().selectFrom('staff').select('id').where('id', '=', from).executeTakeFirst()).toBeUndefined();
    const docs = await db().selectFrom('staff_documents').select('number').where('staff_id', '=', into).where('kind', '=', 'residence_card').execute();
    expect(docs.map((d) => d.number).sort()).toEqual(['UH 12345678 EA', 'UH12345678EA']);
    const record = await db().selectFrom('person_merges').selectAll().where('id', '=', r.mergeId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ kind: 'staff', into_staff_id: into, from_staff_id: from, from_label: 'NGUYEN V. MINH', reasons: ['card'] });
    expect(record.fields).toMatchObject({ notes: 'from', phone: 'into' });
    const log = await db().selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', 'staffMember').where('entity_id', 'in', [into, from]).execute();
    expect(log.some((l) => l.entity_id === from && l.action === 'delete')).toBe(true);
    expect(log.some((l) => l.entity_id === into && l.action === 'update')).toBe(true);

    const again = await t.gql(MERGE, { f: from, i: into }, { as: 'company_admin' });
    expect(firstCode(again)).toBe('CONFLICT');
    expect(again.errors![0]!.extensions?.reason).toBe('already_merged');
    const list = dataOf(await t.gql('{ personMerges { fromLabel intoName mergedBy reasons } }', {}, { as: 'company_admin' })).personMerges;
    expect(list).toContainEqual(expect.objectContaining({ fromLabel: 'NGUYEN V. MINH', intoName: 'NGUYEN VAN MINH', reasons: ['card'] }));
  });
});

describe('who may see and merge', () => {
  it('company2 sees no Sakura duplicates or merges and cannot link or merge Sakura rows; the platform cannot merge across companies', async () => {
    const c1 = await companyOf(t, DEMO.company_admin);
    const c2 = await companyOf(t, DEMO.company2);
    const sakura = await db().selectFrom('staff').select(['id', 'name']).where('company_id', '=', c1).execute();
    const names = new Set(sakura.map((s) => s.name));
    for (const p of await dups('company2')) expect(names.has(p.staffName) || names.has(p.otherName)).toBe(false);
    const merges = dataOf(await t.gql('{ personMerges { fromLabel intoName } }', {}, { as: 'company2' })).personMerges;
    for (const m of merges as { intoName: string | null }[]) expect(names.has(m.intoName ?? '')).toBe(false);

    const a = await addStaff(c1, 'SAKURA DUP', { card: 'ZZ00000001ZZ' });
    const b = await addStaff(c1, 'SAKURA DUP 2', { card: 'ZZ00000001ZZ' });
    const someone = await userId(t, 'candidate2@demo.test');
    expect(firstCode(await t.gql(MERGE, { f: a, i: b }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect(firstCode(await t.gql(LINK, { s: a, u: someone }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect(firstCode(await t.gql(DUPS, { s: a }, { as: 'company2' }))).toBeUndefined();
    expect(await dups('company2', a)).toEqual([]);
    // Nor may a Sakura row be merged into a Minato one, even by the platform.
    const minato = await addStaff(c2, 'MINATO DUP', { card: 'ZZ00000001ZZ' });
    const across = await t.gql(MERGE, { f: a, i: minato }, { as: 'superadmin' });
    expect(firstCode(across)).toBe('FORBIDDEN');
    expect(across.errors![0]!.extensions?.reason).toBe('cross_tenant');
    expect(await db().selectFrom('staff').select('id').where('id', 'in', [a, b, minato]).execute()).toHaveLength(3);
  });

  it('a user without 150001 is refused every operation', async () => {
    for (const as of ['company_staff', 'client_admin', 'candidate'] as const) {
      const tokenless = as === 'candidate' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
      expect(firstCode(await t.gql(DUPS, {}, { as }))).toBe(tokenless);
      expect(firstCode(await t.gql('{ personMerges { id } }', {}, { as }))).toBe(tokenless);
      const row = await staffId('ZHANG WEI');
      expect(firstCode(await t.gql(MERGE, { f: row, i: await staffId('SITI NURHALIZA') }, { as }))).toBe(tokenless);
    }
    expect(await db().selectFrom('staff').select('id').where('name', 'in', ['ZHANG WEI', 'SITI NURHALIZA']).execute()).toHaveLength(2);
  });

  it('a company never finds or links a candidate who did not apply to it nor accepted its scout (DESIGN §5)', async () => {
    const c1 = await companyOf(t, DEMO.company_admin);
    const c2 = await companyOf(t, DEMO.company2);
    const stranger = await applicantOf(c1, c2, ['cardcheck@demo.test']);
    const row = await addStaff(c2, 'MINATO GUESS', { email: stranger.email.toUpperCase() });
    expect((await dups('company2', row)).filter((p) => p.kind === 'link')).toEqual([]);
    expect(firstCode(await t.gql(LINK, { s: row, u: stranger.id }, { as: 'company2' }))).toBe('NOT_FOUND');
    // Even a row linked behind its back shows none of the candidate's data to a company it never met.
    await db().updateTable('staff').set({ person_user_id: stranger.id }).where('id', '=', row).execute();
    const shown = dataOf(await t.gql(ROW, { id: row }, { as: 'company2' })).staffMember;
    expect(shown).toMatchObject({ person: null, card_check: null, permission: null, person_expiry: '2027-01-31' });
    // Once the person accepts Minato's scout, Minato sees them.
    const job = await db().selectFrom('jobs').select(['id', 'client_id']).where('company_id', '=', c2).executeTakeFirstOrThrow();
    await sql`insert into scout_offers (company_id, client_id, job_id, candidate_id, status, message, expires_at, sent_by_name)
      values (${c2}, ${job.client_id}, ${job.id}, ${stranger.id}, 'accepted', 'Join us', now() + interval '7 days', 'test')`.execute(db());
    const seen = dataOf(await t.gql(ROW, { id: row }, { as: 'company2' })).staffMember;
    expect(seen.person).toContain(stranger.email);
  });
});
