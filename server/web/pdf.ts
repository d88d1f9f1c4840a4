/**
 * Payslips (給与明細) and invoices as PDF, drawn with pdfkit and Noto
 * Sans JP (an npm-shipped font, embedded as a subset), in the reader's language. They draw what
 * the API gave (the payslip and invoice documents); no amount is computed here.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { tr, type Lang, type Text } from '../../shared/i18n.ts';
import { dateLong, minutesText, yen } from '../../shared/format.ts';
import type { ResultOf } from '../api/documents.ts';
import type { DOCS } from '../api/documents.ts';

const FONT = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');
const t = (ja: string, en: string): Text => ({ ja, en });

type Payslip = NonNullable<ResultOf<typeof DOCS.Payslip>['payslip']>;
type Invoice = NonNullable<ResultOf<typeof DOCS.InvoiceDocument>['invoiceDocument']>;
type Contract = NonNullable<ResultOf<typeof DOCS.WorkerContract>['workerContract']>;

function draw(title: string, body: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('jp', FONT);
  doc.font('jp');
  body(doc);
  doc.end();
  return done;
}

/**
 * A table of rows: the first column left, the others right-aligned, at fixed widths. A cell longer
 * than its column wraps onto more lines (at a space, else between characters, as Japanese does),
 * and the row grows to its tallest cell: no text is cut.
 */
function table(doc: PDFKit.PDFDocument, widths: number[], rows: string[][], header = true, wrap: readonly number[] = [0, 1]): void {
  const left = doc.page.margins.left;
  for (const [i, row] of rows.entries()) {
    doc.fontSize(i === 0 && header ? 8 : 9).fillColor(i === 0 && header ? '#555555' : '#000000');
    const opts = (j: number) => ({ width: widths[j]! - 4, align: j === 0 ? ('left' as const) : ('right' as const), lineBreak: wrap.includes(j) });
    const height = Math.max(15, ...row.map((cell, j) => (wrap.includes(j) ? doc.heightOfString(cell, opts(j)) + 4 : 15)));
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    for (const [j, cell] of row.entries()) {
      doc.text(cell, x, y, opts(j));
      x += widths[j]!;
    }
    doc.y = y + height;
  }
  doc.x = left;
  doc.fillColor('#000000');
}

/**
 * The mark of a document that is not final: "下書き / DRAFT" in red at the top right of every page,
 * in both languages whatever the reader's (a draft is never sent as final).
 */
function draftMark(doc: PDFKit.PDFDocument): void {
  const stamp = () => {
    const { x, y } = doc;
    doc.fontSize(12).fillColor('#c00000').text('下書き / DRAFT', doc.page.margins.left, doc.page.margins.top - 24, { width: doc.page.width - doc.page.margins.left - doc.page.margins.right, align: 'right', lineBreak: false });
    doc.fillColor('#000000');
    doc.x = x;
    doc.y = y;
  };
  stamp();
  doc.on('pageAdded', stamp);
}

export function payslipPdf(p: Payslip, lang: Lang): Promise<Buffer> {
  const title = `${tr(lang, t('給与明細', 'Payslip'))} ${p.periodStart} – ${p.periodEnd}`;
  return draw(title, (doc) => {
    if (p.status === 'draft') draftMark(doc);
    doc.fontSize(18).text(tr(lang, t('給与明細', 'Payslip')));
    doc.moveDown(0.5).fontSize(10);
    doc.text(`${tr(lang, t('氏名', 'Name'))}: ${p.workerName}`);
    doc.text(`${tr(lang, t('会社', 'Company'))}: ${tr(lang, { ja: p.companyJa, en: p.companyEn })}`);
    doc.text(`${tr(lang, t('対象期間', 'Period'))}: ${dateLong(p.periodStart, lang)} – ${dateLong(p.periodEnd, lang)}`);
    doc.text(`${tr(lang, t('支給日', 'Pay day'))}: ${dateLong(p.payDate, lang)}`);
    doc.moveDown();
    table(doc, [200, 100], [
      [tr(lang, t('勤怠', 'Time')), ''],
      [tr(lang, t('勤務回数', 'Shifts')), String(p.shifts)],
      [tr(lang, t('実働時間', 'Hours worked')), minutesText(p.workedMinutes)],
      [tr(lang, t('時間外労働', 'Overtime')), minutesText(p.overtimeMinutes)],
      [tr(lang, t('うち月60時間超', 'of which beyond 60 h a month')), minutesText(p.over60Minutes)],
      [tr(lang, t('深夜労働', 'Late night')), minutesText(p.lateNightMinutes)],
      [tr(lang, t('法定休日労働', 'Statutory holiday')), minutesText(p.holidayMinutes)],
    ]);
    doc.moveDown();
    const sum = (k: 'base' | 'overtimePremium' | 'lateNightPremium' | 'holidayPremium') => p.lines.reduce((s, l) => s + l[k], 0);
    table(doc, [200, 100], [
      [tr(lang, t('支給', 'Earnings')), ''],
      [tr(lang, t('基本給（時給×実働）', 'Base (wage × hours)')), yen(sum('base'))],
      [tr(lang, t('時間外手当', 'Overtime premium')), yen(sum('overtimePremium'))],
      [tr(lang, t('深夜手当', 'Late-night premium')), yen(sum('lateNightPremium'))],
      [tr(lang, t('休日手当', 'Holiday premium')), yen(sum('holidayPremium'))],
      [tr(lang, t('総支給額', 'Gross pay')), yen(p.gross)],
    ]);
    doc.moveDown();
    table(doc, [300, 100], [
      [tr(lang, t('控除', 'Deductions')), ''],
      ...p.deductions.map((d) => [tr(lang, { ja: d.labelJa, en: d.labelEn }), yen(d.amount)]),
      [tr(lang, t('前払い（クイックペイ）', 'Quick pay advances')), yen(p.advances)],
      [tr(lang, t('振込手数料', 'Transfer fee')), yen(p.transferFee)],
      [tr(lang, t('控除合計', 'Total deductions')), yen(p.gross - p.net)],
      [tr(lang, t('差引支給額', 'Net pay')), yen(p.net)],
    ]);
    doc.moveDown(0.5).fontSize(8).fillColor('#555555');
    for (const n of p.notes) doc.text(tr(lang, n), { width: 480 });
    doc.fillColor('#000000');
    doc.moveDown();
    table(doc, [80, 170, 55, 55, 55, 80], [
      [tr(lang, t('勤務日', 'Date')), tr(lang, t('求人', 'Job')), tr(lang, t('実働', 'Worked')), tr(lang, t('残業', 'Overtime')), tr(lang, t('深夜', 'Night')), tr(lang, t('支給額', 'Pay'))],
      ...p.lines.map((l) => [l.workDate, tr(lang, { ja: l.jobJa, en: l.jobEn }), minutesText(l.workedMinutes), minutesText(l.overtimeMinutes), minutesText(l.lateNightMinutes), yen(l.total)]),
    ]);
  });
}

export function invoicePdf(i: Invoice, lang: Lang): Promise<Buffer> {
  const title = `${tr(lang, t('請求書', 'Invoice'))} ${i.number}`;
  return draw(title, (doc) => {
    if (i.status === 'draft') draftMark(doc);
    doc.fontSize(18).text(tr(lang, t('請求書', 'Invoice')));
    doc.moveDown(0.5).fontSize(10);
    doc.text(`${tr(lang, t('請求書番号', 'Invoice number'))}: ${i.number}`);
    doc.text(`${tr(lang, t('請求先', 'Bill to'))}: ${tr(lang, { ja: i.clientJa, en: i.clientEn })}`);
    doc.text(`${tr(lang, t('請求元', 'From'))}: ${tr(lang, { ja: i.companyJa, en: i.companyEn })}`);
    if (i.registrationNumber) doc.text(`${tr(lang, t('登録番号', 'Registration number'))}: ${i.registrationNumber}`);
    doc.text(`${tr(lang, t('対象期間', 'Period'))}: ${dateLong(i.periodStart, lang)} – ${dateLong(i.periodEnd, lang)}`);
    if (i.issueDate) doc.text(`${tr(lang, t('発行日', 'Issued on'))}: ${dateLong(i.issueDate, lang)}`);
    doc.text(`${tr(lang, t('お支払期限', 'Due date'))}: ${dateLong(i.dueDate, lang)}`);
    doc.moveDown();
    doc.fontSize(14).text(`${tr(lang, t('ご請求金額', 'Amount due'))}: ${yen(i.total)}`);
    // The greeting (the company's billing template) comes before the table, as a letter does.
    if (i.note) {
      doc.moveDown();
      doc.fontSize(9).text(i.note, { width: 490 });
    }
    doc.moveDown();
    table(doc, [75, 215, 50, 70, 80], [
      [tr(lang, t('日付', 'Date')), tr(lang, t('内容', 'Description')), tr(lang, t('時間', 'Hours')), tr(lang, t('単価', 'Rate')), tr(lang, t('金額', 'Amount'))],
      ...i.lines.map((l) => [l.workDate, tr(lang, { ja: l.descriptionJa, en: l.descriptionEn }), minutesText(l.minutes), yen(l.unitPrice), yen(l.amount)]),
    ], true, [1]);
    doc.moveDown();
    table(doc, [290, 200], [
      ...i.byRate.map((r) => [`${tr(lang, t('税率', 'Tax rate'))} ${r.rate}%`, `${tr(lang, t('対象', 'Net'))} ${yen(r.net)} / ${tr(lang, t('消費税', 'Tax'))} ${yen(r.tax)}`]),
      [tr(lang, t('小計（税抜）', 'Net')), yen(i.net)],
      [tr(lang, t('消費税', 'Consumption tax')), yen(i.tax)],
      [tr(lang, t('合計', 'Total')), yen(i.total)],
    ], false);
    if (i.payTo) {
      const a = i.payTo;
      doc.moveDown();
      doc.fontSize(10).text(tr(lang, t('お振込先', 'Please pay to')));
      doc.fontSize(9);
      doc.text(`${tr(lang, t('金融機関', 'Bank'))}: ${a.bank} (${a.bankCode})`);
      doc.text(`${tr(lang, t('支店', 'Branch'))}: ${a.branch} (${a.branchCode})`);
      doc.text(`${tr(lang, t('預金種目', 'Account type'))}: ${tr(lang, a.accountType === 2 ? t('当座', 'Current') : t('普通', 'Ordinary'))}  ${tr(lang, t('口座番号', 'Account number'))}: ${a.accountNumber}`);
      doc.text(`${tr(lang, t('口座名義', 'Account holder'))}: ${a.holder}`);
    }
  });
}

/**
 * A worker's employment contract: the facts of the job, then the company's
 * contract template as the API filled it, in the language asked for (the API's `lang`).
 */
export function contractPdf(c: Contract, lang: Lang): Promise<Buffer> {
  const title = c.title || tr(lang, t('労働条件通知書', 'Employment contract'));
  return draw(`${title} ${c.workerName}`, (doc) => {
    doc.fontSize(18).text(title);
    doc.moveDown(0.5);
    doc.fontSize(10);
    const facts: [Text, string][] = [
      [t('氏名', 'Worker'), c.workerName],
      [t('雇用主', 'Employer'), c.company],
      [t('就業先', 'Client'), c.client],
      [t('業務内容', 'Job'), c.job],
      [t('就業場所', 'Workplace'), c.place],
      [t('期間', 'Period'), `${c.startDate} – ${c.endDate}`],
      [t('時給', 'Hourly wage'), c.wage],
    ];
    for (const [k, v] of facts) doc.text(`${tr(lang, k)}: ${v}`);
    doc.moveDown();
    doc.fontSize(10).text(c.body, { width: 490 });
    doc.moveDown(2);
    doc.fontSize(10).text(`${tr(lang, t('交付日', 'Issued on'))}: ${dateLong(new Date(), lang)}`);
  });
}
