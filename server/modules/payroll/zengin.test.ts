import iconv from 'iconv-lite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toZenginText, zenginName, zenginTransferFile, type ZenginBatch, type ZenginPayee } from './zengin.ts';

const payee = (p: Partial<ZenginPayee> = {}): ZenginPayee => ({
  bankCode: '0005',
  bankName: 'ﾐﾂﾋﾞｼUFJ',
  branchCode: '001',
  branchName: 'ﾎﾝﾃﾝ',
  accountType: 1,
  accountNumber: '1234567',
  name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
  amount: 10_450,
  ...p,
});

const batch = (b: Partial<ZenginBatch> = {}): ZenginBatch => ({
  requesterCode: '1234567890',
  requesterName: 'ﾂﾅｸﾞｼﾞﾝｻﾞｲ(ｶ',
  transferDate: '1125',
  bankCode: '0001',
  bankName: 'ﾐｽﾞﾎ',
  branchCode: '100',
  branchName: 'ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ',
  accountType: 1,
  accountNumber: '0012345',
  payees: [payee(), payee({ bankCode: '0009', bankName: 'ﾐﾂｲｽﾐﾄﾓ', branchCode: '220', branchName: 'ｼﾝｼﾞﾕｸ', accountType: 2, accountNumber: '7654321', name: 'NGUYEN VAN AN', amount: 8_125 })],
  ...b,
});

/** The file as a bank reads it: bytes split on CR LF, each record 120 bytes, read by 1-based column. */
function records(file: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at < file.length) {
    const cr = file.indexOf('\r\n', at);
    expect(cr, 'every record ends with CR LF').toBeGreaterThanOrEqual(0);
    out.push(file.subarray(at, cr));
    at = cr + 2;
  }
  return out;
}
const field = (rec: Buffer, from: number, to: number) => iconv.decode(rec.subarray(from - 1, to), 'Shift_JIS');

describe('zenginTransferFile', () => {
  it('writes header, one data record per payee, trailer and end, each 120 bytes and CR LF', () => {
    const file = zenginTransferFile(batch());
    const recs = records(file);
    expect(recs.map((r) => r.length)).toEqual([120, 120, 120, 120, 120]);
    expect(file.length).toBe(5 * 122);
    expect(recs.map((r) => field(r, 1, 1))).toEqual(['1', '2', '2', '8', '9']);
  });

  it('puts the header fields at their columns', () => {
    const [h] = records(zenginTransferFile(batch()));
    expect(field(h!, 2, 3)).toBe('21'); // 総合振込
    expect(field(h!, 4, 4)).toBe('0'); // JIS
    expect(field(h!, 5, 14)).toBe('1234567890');
    expect(field(h!, 15, 54)).toBe('ﾂﾅｸﾞｼﾞﾝｻﾞｲ(ｶ'.padEnd(40, ' '));
    expect(field(h!, 55, 58)).toBe('1125');
    expect(field(h!, 59, 62)).toBe('0001');
    expect(field(h!, 63, 77)).toBe('ﾐｽﾞﾎ           ');
    expect(field(h!, 78, 80)).toBe('100');
    expect(field(h!, 81, 95)).toBe('ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ  '); // 13 characters (ﾞ is one) and 2 spaces
    expect(field(h!, 96, 96)).toBe('1');
    expect(field(h!, 97, 103)).toBe('0012345');
    expect(field(h!, 104, 120)).toBe(' '.repeat(17));
  });

  it('puts each payee at the data record columns, amounts right-aligned with zeros', () => {
    const [, first, second] = records(zenginTransferFile(batch()));
    expect(field(first!, 2, 5)).toBe('0005');
    expect(field(first!, 6, 20)).toBe('ﾐﾂﾋﾞｼUFJ'.padEnd(15, ' '));
    expect(field(first!, 21, 23)).toBe('001');
    expect(field(first!, 24, 38)).toBe('ﾎﾝﾃﾝ'.padEnd(15, ' '));
    expect(field(first!, 39, 42)).toBe('0000');
    expect(field(first!, 43, 43)).toBe('1');
    expect(field(first!, 44, 50)).toBe('1234567');
    expect(field(first!, 51, 80)).toBe('ﾔﾏﾀﾞ ﾀﾛｳ'.padEnd(30, ' '));
    expect(field(first!, 81, 90)).toBe('0000010450');
    expect(field(first!, 91, 91)).toBe('0');
    expect(field(first!, 92, 111)).toBe('0'.repeat(20));
    expect(field(first!, 112, 112)).toBe('7');
    expect(field(first!, 113, 120)).toBe(' '.repeat(8));
    expect(field(second!, 43, 50)).toBe('27654321');
    expect(field(second!, 51, 80)).toBe('NGUYEN VAN AN'.padEnd(30, ' '));
    expect(field(second!, 81, 90)).toBe('0000008125');
  });

  it('closes with the count and the total in the trailer', () => {
    const recs = records(zenginTransferFile(batch()));
    const trailer = recs[3]!;
    expect(field(trailer, 2, 7)).toBe('000002');
    expect(field(trailer, 8, 19)).toBe('000000018575'); // 10,450 + 8,125 = 18,575
    expect(field(trailer, 20, 120)).toBe(' '.repeat(101));
    expect(field(recs[4]!, 2, 120)).toBe(' '.repeat(119));
  });

  it('encodes half-width katakana as single Shift_JIS bytes', () => {
    const [h] = records(zenginTransferFile(batch({ requesterName: 'ｱ' })));
    expect(h![14]).toBe(0xb1); // ｱ at column 15
    expect([...zenginTransferFile(batch())].every((byte) => byte < 0x80 || (byte >= 0xa1 && byte <= 0xdf))).toBe(true);
  });

  it('refuses what a bank would refuse, naming the field', () => {
    const fails = (b: Partial<ZenginBatch>, message: RegExp) => expect(() => zenginTransferFile(batch(b))).toThrow(message);
    fails({ requesterCode: '123456789' }, /requesterCode: requesterCode is 10 digits/);
    fails({ transferDate: '1332' }, /transferDate/);
    fails({ transferDate: '0230' }, /transferDate/);
    fails({ requesterName: 'ﾂﾅｸﾞ'.repeat(11) }, /requesterName is at most 40/);
    fails({ requesterName: 'つなぐ' }, /requesterName must be half-width katakana/);
    fails({ payees: [payee({ name: 'ｸﾞｴﾝ ｳﾞｧﾝ' })] }, /payees\.0\.name: .*no small kana/);
    fails({ payees: [payee({ name: 'Nguyen' })] }, /payees\.0\.name/);
    fails({ payees: [payee({ bankCode: '5' })] }, /payees\.0\.bankCode: bankCode is 4 digits/);
    fails({ payees: [payee({ branchCode: '01' })] }, /payees\.0\.branchCode/);
    fails({ payees: [payee({ accountNumber: '123456' })] }, /payees\.0\.accountNumber: accountNumber is 7 digits/);
    fails({ payees: [payee({ accountType: 4 as 1 })] }, /payees\.0\.accountType/);
    fails({ payees: [payee({ amount: 0 })] }, /payees\.0\.amount/);
    fails({ payees: [payee({ amount: 100.5 })] }, /payees\.0\.amount/);
    fails({ payees: [] }, /at least one payee/);
  });

  it('always writes records a bank can read back to the same payees and total', () => {
    const kana = fc.constantFrom(...'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝﾞﾟ ABCXYZ0123456789().-/'.split(''));
    const name = (max: number) => fc.array(kana, { minLength: 1, maxLength: max }).map((cs) => cs.join(''));
    const code = (len: number) => fc.integer({ min: 0, max: 10 ** len - 1 }).map((v) => String(v).padStart(len, '0'));
    const payees = fc.array(
      fc.record({
        bankCode: code(4),
        bankName: name(15),
        branchCode: code(3),
        branchName: name(15),
        accountType: fc.constantFrom<1 | 2>(1, 2),
        accountNumber: code(7),
        name: name(30),
        amount: fc.integer({ min: 1, max: 9_999_999_999 }),
      }),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(payees, (ps) => {
        const recs = records(zenginTransferFile(batch({ payees: ps })));
        expect(recs).toHaveLength(ps.length + 3);
        expect(recs.every((r) => r.length === 120)).toBe(true);
        ps.forEach((p, i) => {
          const r = recs[i + 1]!;
          expect([field(r, 2, 5), field(r, 21, 23), field(r, 44, 50), field(r, 51, 80).trimEnd(), Number(field(r, 81, 90))]).toEqual([
            p.bankCode,
            p.branchCode,
            p.accountNumber,
            p.name.trimEnd(),
            p.amount,
          ]);
        });
        const trailer = recs[ps.length + 1]!;
        expect(Number(field(trailer, 2, 7))).toBe(ps.length);
        expect(Number(field(trailer, 8, 19))).toBe(ps.reduce((s, p) => s + p.amount, 0));
      }),
      { numRuns: 50 },
    );
  });
});

describe('names converted to the 全銀 character set on entry (toZenginText, zenginName)', () => {
  it('folds what banks fold: small kana full size, ヰ ヱ to イ エ, ー to -, hiragana and full width to half-width kana', () => {
    expect(toZenginText('チャン　ヰヱ')).toBe('ﾁﾔﾝ ｲｴ');
    expect(toZenginText('ゆうちょ')).toBe('ﾕｳﾁﾖ');
    expect(toZenginText('ミツビシユーエフジェー')).toBe('ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴ-');
    expect(toZenginText('ｶﾞｯｺｳ')).toBe('ｶﾞﾂｺｳ');
    expect(toZenginText('ｎｇｕｙｅｎ van an')).toBe('NGUYEN VAN AN');
    expect(toZenginText('ヴィ・パ（カ')).toBe('ｳﾞｲ.ﾊﾟ(ｶ');
  });

  it('refuses kanji and more bytes than the field holds instead of cutting', () => {
    expect(zenginName('三井住友', 15)).toMatchObject({ ok: false, reason: 'characters' });
    // ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲｷﾞﾝｺｳ: 18 one-byte characters (each voicing mark is one).
    expect(zenginName('ミツビシユーエフジエイギンコウ', 15)).toEqual({ ok: false, reason: 'length', value: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲｷﾞﾝｺｳ' });
    expect(zenginName('ミツイスミトモ', 15)).toEqual({ ok: true, value: 'ﾐﾂｲｽﾐﾄﾓ' });
    // Whatever zenginName accepts, the file takes.
    const name = zenginName('タパ ビカシュ', 30);
    expect(name.ok && zenginTransferFile(batch({ payees: [payee({ name: name.value })] })).length).toBe(4 * 122);
  });
});
