import iconv from 'iconv-lite';
import { z } from 'zod';
import { parseOrThrow } from '../../validation.ts';

/**
 * A bank transfer request file in the 全銀協 (Japanese Bankers Association) standard format for
 * 総合振込 (bulk transfers), which every Japanese bank's EB / internet banking accepts as an upload.
 *
 * Layout: fixed 120-byte records, each followed by CR LF; one header record (1), one data record
 * (2) per payee, one trailer record (8) with the count and the total, one end record (9). Numbers
 * (N) are right-aligned and padded with zeros, text (C) left-aligned and padded with spaces; text is
 * half-width (JIS X 0201) and encoded in Shift_JIS, so one character is one byte.
 *
 * Source of the field positions: 全銀協制定ファイルフォーマット【総合振込】(the layout banks
 * publish, e.g. https://expydoc.com/doc/11700435 , the copy of a bank's spec used here) and the
 * column positions in https://gulliver-webhelp.askids-cloud.jp/help/gyoumu/99sonota/case_sonota02 ;
 * the two agree field for field. Positions below are 1-based byte columns, as those tables give them.
 */

const RECORD = 120;
const CRLF = '\r\n';

/**
 * The characters a 全銀 text field carries (振込可能文字): digits, capital letters, half-width
 * katakana without the small letters (ｧｨｩｪｫｬｭｮｯ) or the long vowel mark (write ｰ as -), the
 * voicing marks ﾞ ﾟ, space and ( ) - . / , ｢ ｣.
 */
const ZENGIN_TEXT = /^[0-9A-Zｦｱ-ﾝﾞﾟ ()\-./,｢｣]*$/u;

const text = (width: number, what: string, required = true) =>
  z
    .string()
    .max(width, `${what} is at most ${width} half-width characters`)
    .min(required ? 1 : 0, `${what} is required`)
    .regex(ZENGIN_TEXT, `${what} must be half-width katakana, capital letters, digits, space or ()-./,｢｣ (no small kana or ｰ)`);
const digits = (n: number, what: string) => z.string().regex(new RegExp(`^\\d{${n}}$`), `${what} is ${n} digits`);
const accountType = z.union([z.literal(1), z.literal(2)]); // 1 普通 (ordinary), 2 当座 (current)

/** An 'MMDD' that is a day of the year (0229 included: the file carries no year). */
const mmdd = z.string().refine((v) => {
  if (!/^\d{4}$/.test(v)) return false;
  const month = Number(v.slice(0, 2));
  const day = Number(v.slice(2));
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2000, month, 0)).getUTCDate();
}, 'transferDate is a day as MMDD');

/** An account, the payer's or a payee's, as a record names it. */
const bankAccount = {
  bankCode: digits(4, 'bankCode'),
  /** The bank's name in kana; banks treat it as a hint (the code decides), so it may be empty. */
  bankName: text(15, 'bankName', false),
  branchCode: digits(3, 'branchCode'),
  branchName: text(15, 'branchName', false),
  accountType,
  accountNumber: digits(7, 'accountNumber'),
};

const payeeSchema = z.object({
  ...bankAccount,
  /** The account holder's name as the bank holds it (受取人名, kana). */
  name: text(30, 'name'),
  amount: z.number().int().min(1).max(9_999_999_999),
});

export const zenginBatchSchema = z
  .object({
    /** 委託者コード (the company code the bank assigned for transfers). */
    requesterCode: digits(10, 'requesterCode'),
    requesterName: text(40, 'requesterName'),
    transferDate: mmdd,
    ...bankAccount,
    payees: z.array(payeeSchema).min(1, 'a transfer file needs at least one payee').max(999_999),
  })
  .refine((b) => b.payees.reduce((sum, p) => sum + p.amount, 0) <= 999_999_999_999, 'the total exceeds the trailer record’s 12 digits');

export type ZenginBatch = z.input<typeof zenginBatchSchema>;
export type ZenginPayee = z.input<typeof payeeSchema>;

/** N: right-aligned, zero-padded. The schema has already checked that it fits. */
const n = (value: number | string, width: number) => String(value).padStart(width, '0');
/** C: left-aligned, space-padded. */
const c = (value: string, width: number) => value.padEnd(width, ' ');

function record(fields: string[]): string {
  const line = fields.join('');
  // Every character is single-byte in Shift_JIS (the schema allows no other), so length = bytes.
  if (line.length !== RECORD) throw new Error(`zengin: a record of ${line.length} characters, not ${RECORD}`);
  return line;
}

/**
 * The transfer file for an approved batch, as bytes to upload. Throws an Error naming the field
 * when something does not fit the format (a code with the wrong number of digits, a name with
 * characters banks refuse or longer than its field, an amount that is not a positive integer).
 */
export function zenginTransferFile(batch: ZenginBatch): Buffer {
  const b = parseOrThrow(zenginBatchSchema, batch, 'zenginTransferFile: batch');
  const total = b.payees.reduce((sum, p) => sum + p.amount, 0);

  const header = record([
    '1', //            1      データ区分: header
    '21', //           2–3    種別コード: 総合振込
    '0', //            4      コード区分: JIS (Shift_JIS)
    n(b.requesterCode, 10), // 5–14  振込依頼人コード
    c(b.requesterName, 40), // 15–54 振込依頼人名
    b.transferDate, // 55–58 振込指定日 MMDD
    n(b.bankCode, 4), // 59–62  仕向銀行番号
    c(b.bankName, 15), // 63–77 仕向銀行名
    n(b.branchCode, 3), // 78–80 仕向支店番号
    c(b.branchName, 15), // 81–95 仕向支店名
    String(b.accountType), // 96 預金種目 (依頼人)
    n(b.accountNumber, 7), // 97–103 口座番号 (依頼人)
    c('', 17), //      104–120 ダミー
  ]);

  const data = b.payees.map((p) =>
    record([
      '2', //          1      データ区分: data
      n(p.bankCode, 4), // 2–5   被仕向銀行番号
      c(p.bankName, 15), // 6–20 被仕向銀行名
      n(p.branchCode, 3), // 21–23 被仕向支店番号
      c(p.branchName, 15), // 24–38 被仕向支店名
      '0000', //       39–42  手形交換所番号: unused, zeros
      String(p.accountType), // 43 預金種目
      n(p.accountNumber, 7), // 44–50 口座番号
      c(p.name, 30), // 51–80 受取人名
      n(p.amount, 10), // 81–90 振込金額
      '0', //          91     新規コード: 0 (no change to the payee)
      n(0, 10), //     92–101 顧客コード1: unused
      n(0, 10), //     102–111 顧客コード2: unused
      '7', //          112    振込指定区分: 7 電信 (telegraphic)
      ' ', //          113    識別表示: space (no EDI information)
      c('', 7), //     114–120 ダミー
    ]),
  );

  const trailer = record([
    '8', //            1      データ区分: trailer
    n(b.payees.length, 6), // 2–7   合計件数
    n(total, 12), //   8–19   合計金額
    c('', 101), //     20–120 ダミー
  ]);

  const end = record(['9', c('', 119)]); // 1 データ区分: end; 2–120 ダミー

  const file = [header, ...data, trailer, end].map((r) => r + CRLF).join('');
  return iconv.encode(file, 'Shift_JIS');
}

// ---------------------------------------------------------------------------------------------
// Names as banks take them, converted when they are entered

const FULL = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン';
const HALF = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ';
/**
 * What banks do with the kana they do not carry (全銀協 振込可能文字; the same folding Japanese
 * banks' EB software applies): small kana become full size, ヰ ヱ (obsolete) become イ エ, ヮ ワ,
 * ヵ ヶ カ ケ, the long vowel mark and dashes become '-', the middle dot '.'.
 */
const FOLD: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
  ヰ: 'イ',
  ヱ: 'エ',
  ー: '-',
  '‐': '-',
  '−': '-',
  '―': '-',
  '–': '-',
  '—': '-',
  '・': '.',
  '　': ' ',
};

/**
 * Any way a person types a kana or roman name (full-width or half-width katakana, hiragana,
 * full-width letters and digits, lower case) as the 全銀 character set: half-width katakana with
 * the voicing marks split off (ガ → ｶﾞ), capital letters, digits, space and ( ) - . / , ｢ ｣.
 * Characters with no 全銀 form (kanji, other symbols) are left as they are: `zenginName` refuses them.
 */
export function toZenginText(input: string): string {
  let out = '';
  for (const raw of input.normalize('NFKC').toUpperCase()) {
    // Hiragana to katakana (the blocks are 0x60 apart), then the folds, then one base and its marks.
    const code = raw.codePointAt(0)!;
    const kata = code >= 0x3041 && code <= 0x3096 ? String.fromCodePoint(code + 0x60) : raw;
    for (const ch of (FOLD[kata] ?? kata).normalize('NFD')) {
      const folded = FOLD[ch] ?? ch;
      const i = FULL.indexOf(folded);
      out += i >= 0 ? HALF[i] : folded === '\u3099' ? 'ﾞ' : folded === '\u309a' ? 'ﾟ' : folded;
    }
  }
  return out.replace(/ +/g, ' ').trim();
}

export type ZenginName = { ok: true; value: string } | { ok: false; reason: 'characters' | 'length'; value: string };

/**
 * A name for a 全銀 field of `width` bytes, converted (`toZenginText`) and checked: characters the
 * format has no place for, or more bytes than the field holds, are refused, never cut.
 */
export function zenginName(input: string, width: number): ZenginName {
  const value = toZenginText(input);
  if (!ZENGIN_TEXT.test(value)) return { ok: false, reason: 'characters', value };
  // Every character of the set is one byte in Shift_JIS.
  if (value.length > width) return { ok: false, reason: 'length', value };
  return { ok: true, value };
}
