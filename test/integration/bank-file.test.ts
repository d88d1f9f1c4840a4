/**
 * The bank file as a bank would take it (docs/payroll.md "Bank transfer file"): names entered on
 * the worker's bank form are converted to the 全銀 character set and refused when too long rather
 * than cut; the transfer date is a business day the clerk chooses; a worker whose account cannot
 * go to the bank is named with the reason and nothing of theirs is marked transferred; once they
 * fix it, their lines stop saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import * as cheerio from 'cheerio';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { payLinesOf, userId } from '../helpers/demo-data.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';
import { candidateLogin, getPage, postForm, text } from '../helpers/pages.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { businessDayOnOrAfter } from '../../server/modules/payroll/payday.ts';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const linesOf = (email: string) => payLinesOf(t, email);
const nextWeekday = (weekday: number) => {
  let d = addDays(todayInJapan(), 1);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
};

async function saveBank(email: string, lang: string, fields: Record<string, string>) {
  const { token } = await candidateLogin(t, email);
  return fetch(`${t.url}/staff/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `candidate_token=${token}; lang=${lang}`, origin: t.url, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    body: new URLSearchParams({ _action: 'bank', accountType: '1', bankCode: '0009', branchCode: '220', accountNumber: '1234567', ...fields }),
  });
}

describe('the worker’s bank form', () => {
  it('keeps names in the 全銀 character set: hiragana, small kana, ー, ヰ ヱ and full width converted', async () => {
    const res = await saveBank('worker1@demo.test', 'ja', { bankName: 'みついすみとも', branchName: 'シンジュク', holderKana: 'チャン　ヰヱ　マイー' });
    expect(res.status).toBe(303);
    const row = await db()
      .selectFrom('bank_accounts')
      .selectAll()
      .where('user_id', '=', await userId(t, 'worker1@demo.test'))
      .executeTakeFirstOrThrow();
    // ュ → ﾕ (full size), ヰ → ｲ, ヱ → ｴ, ー → -, full-width space → one half-width space.
    expect(row).toMatchObject({ bank_name: 'ﾐﾂｲｽﾐﾄﾓ', branch_name: 'ｼﾝｼﾞﾕｸ', holder_kana: 'ﾁﾔﾝ ｲｴ ﾏｲ-' });
  });

  it('refuses a name over its field’s bytes, and kanji, in the worker’s language; nothing is cut', async () => {
    // 16 kana, each one byte; a voiced kana is two (ｼﾞ).
    const long = { bankName: 'ミツビシユーエフジエイギンコウ', branchName: 'シンジユク', holderKana: 'タパ ビカシュ' };
    const en = await saveBank('worker3@demo.test', 'en', long);
    expect(en.status).toBe(422);
    const enHtml = text(await en.text());
    expect(enHtml).toContain('Banks take at most 15 half-width characters');
    const ja = text(await (await saveBank('worker3@demo.test', 'ja', long)).text());
    expect(ja).toContain('銀行に送れるのは半角15文字');
    const kanji = text(await (await saveBank('worker3@demo.test', 'en', { ...long, bankName: '三井住友' })).text());
    expect(kanji).toContain('Enter it in katakana, capital letters or digits (banks cannot take kanji).');
    const holder = text(await (await saveBank('worker3@demo.test', 'en', { ...long, bankName: 'ミツイスミトモ', holderKana: 'タパ ビカシュ アレクサンダー ジョナサン ジュニア' })).text());
    expect(holder).toContain('Banks take at most 30 half-width characters');
    expect(
      await db()
        .selectFrom('bank_accounts')
        .select('user_id')
        .where('user_id', '=', await userId(t, 'worker3@demo.test'))
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('batching for transfer', () => {
  it('the date is the clerk’s choice: a weekend or a day gone by is a field error in both languages', async () => {
    const saturday = await pressButton(t, await sessionOf(t, 'company_admin'), '/admin/salary/daily', 'batch', { transferDate: nextWeekday(6) });
    expect(saturday.status).toBe(422);
    expect(text(saturday.html)).toContain('銀行の休業日です（土日・祝日・12月31日〜1月3日）');
    // Said once: the page's alert, and the reason beside the date.
    const $ = cheerio.load(saturday.html);
    expect(
      $('[role=alert]')
        .toArray()
        .map((e) => $(e).text()),
    ).toEqual(['入力内容を確認してください。']);
    expect($('#transfer-date-error').text()).toContain('銀行の休業日です');
    const past = await t.gql(
      'mutation($d: String!) { createTransferBatch(transferDate: $d) { transferred } }',
      { d: addDays(todayInJapan(), -1) },
      { as: 'company_admin', headers: { 'accept-language': 'en' } },
    );
    expect(firstCode(past)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(past)).toContain('That day has passed.');
    // Nothing moved.
    expect((await linesOf('worker3@demo.test')).map((l) => l.status)).toEqual(['approved', 'approved']);
  });

  it('a worker whose bank name cannot go to the bank is named with the reason, nothing is batched or marked transferred; fixed, the line stops saying so and goes', async () => {
    const token = await t.tokenOf('company_admin');
    const bikash = await userId(t, 'worker3@demo.test');
    // An account kept before names were converted on entry: the bank's name in kanji.
    await db()
      .insertInto('bank_accounts')
      .values({ user_id: bikash, bank_code: '0009', bank_name: '三井住友', branch_code: '220', branch_name: 'ｼﾝｼﾞﾕｸ', account_type: 1, account_number: '1234567', holder_kana: 'ﾀﾊﾟ ﾋﾞｶｼﾕ' })
      .execute();
    const batchesBefore = await db().selectFrom('transfer_batches').select('id').execute();
    const day = businessDayOnOrAfter(addDays(todayInJapan(), 2));
    const res = await postForm(t, '/admin/salary/daily', token, { _action: 'batch', transferDate: day });
    expect(res.status).toBe(303);
    const after = await linesOf('worker3@demo.test');
    expect(after.map((l) => [l.status, l.failure_reason, l.batch_id])).toEqual([
      ['failed', 'bank_name', null],
      ['failed', 'bank_name', null],
    ]);
    expect(await db().selectFrom('transfer_batches').select('id').execute()).toHaveLength(batchesBefore.length);
    const page = text((await getPage(t, res.location!, token)).html);
    // The day chosen stays in the field for the next batch.
    expect(page).toMatch(new RegExp(`name="transferDate" value="${day}"`));
    expect(page).toContain('振込データは作成されませんでした。');
    expect(page).not.toContain('振込データを作成しました');
    expect(page).toContain('2件は振込に含められませんでした');
    expect(page).toMatch(/振込できなかった給与[\s\S]*Bikash Thapa[\s\S]*金融機関名がカナで登録されていません/);

    // Bikash fixes his account: his lines no longer say the bank name is wrong.
    expect((await saveBank('worker3@demo.test', 'en', { bankName: 'ミツイスミトモ', branchName: 'シンジユク', holderKana: 'タパ ビカシュ' })).status).toBe(303);
    const fixed = text((await getPage(t, '/admin/salary/daily', token)).html);
    expect(fixed).not.toContain('金融機関名がカナで登録されていません');
    expect(fixed).toContain('口座が更新されました。承認し直すと次の振込に含められます');

    // Approved again and batched: now said of what was batched, and the file carries his names.
    const ids = after.map((l) => l.id);
    expect(dataOf(await t.gql('mutation($ids: [ID!]!) { movePayLine(ids: $ids, to: "approved") { moved } }', { ids }, { as: 'company_admin' })).movePayLine.moved).toHaveLength(2);
    const again = await postForm(t, '/admin/salary/daily', token, { _action: 'batch', transferDate: day });
    expect(again.status).toBe(303);
    const lines = await linesOf('worker3@demo.test');
    expect(lines.map((l) => l.status)).toEqual(['transferred', 'transferred']);
    const batch = await db().selectFrom('transfer_batches').selectAll().where('id', '=', lines[0]!.batch_id!).executeTakeFirstOrThrow();
    expect(batch.transfer_date).toBe(day);
    // Thursday 09:00–18:00 less 60 and Saturday 09:00–14:00 at ¥1,300: 480 + 300 min = ¥10,400 + ¥6,500;
    // what reaches the bank is the lines' net (pay less withholding and the ¥165 fee once).
    expect(batch.total).toBe(lines.reduce((s, l) => s + l.net, 0));
    const done = text((await getPage(t, again.location!, token)).html);
    expect(done).toContain(`振込データを作成しました: 2件、1人、¥${batch.total.toLocaleString('en-US')}`);
    expect(done).not.toContain('振込できなかった給与');
    const file = await fetch(`${t.url}/admin/salary/daily?batch=${batch.id}`, { headers: { cookie: `token=${token}` } });
    const records = iconv.decode(Buffer.from(await file.arrayBuffer()), 'Shift_JIS').split('\r\n');
    // Header: 振込指定日 at bytes 55–58 is the chosen day; data: bank 6–20, branch 24–38, payee 51–80.
    expect(records[0]!.slice(54, 58)).toBe(day.slice(5, 7) + day.slice(8, 10));
    expect(records[1]!.slice(5, 20)).toBe('ﾐﾂｲｽﾐﾄﾓ'.padEnd(15));
    expect(records[1]!.slice(23, 38)).toBe('ｼﾝｼﾞﾕｸ'.padEnd(15));
    expect(records[1]!.slice(50, 80)).toBe('ﾀﾊﾟ ﾋﾞｶｼﾕ'.padEnd(30));
  });

  it('another company’s user batches nothing of this company; a user without the code is refused', async () => {
    const day = businessDayOnOrAfter(addDays(todayInJapan(), 2));
    const before = await db().selectFrom('pay_lines').select(['id', 'status']).orderBy('id').execute();
    const other = await t.gql('mutation($d: String!) { createTransferBatch(transferDate: $d) { transferred failed { worker } } }', { d: day }, { as: 'company2' });
    expect(dataOf(other).createTransferBatch).toEqual({ transferred: 0, failed: [] });
    expect(firstCode(await t.gql('mutation($d: String!) { createTransferBatch(transferDate: $d) { transferred } }', { d: day }, { as: 'company_staff' }))).toBe('FORBIDDEN');
    expect(firstCode(await t.gql('mutation($d: String!) { createTransferBatch(transferDate: $d) { transferred } }', { d: day }, { as: 'client_admin' }))).toBe('FORBIDDEN');
    expect(firstCode(await t.gql('{ transferFailures { worker } }', {}, { as: 'company_staff' }))).toBe('FORBIDDEN');
    expect(await db().selectFrom('pay_lines').select(['id', 'status']).orderBy('id').execute()).toEqual(before);
  });
});
