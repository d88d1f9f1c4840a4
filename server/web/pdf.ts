/**
 * Payslips (給与明細) and invoices as PDF, drawn with pdfkit and Noto
 * Sans JP (an npm-shipped font, embedded as a subset), in the reader's language. They draw what
 * the API gave (the payslip and invoice documents); no amount is computed here.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { tr, type Lang } from '../../shared/i18n.ts';
import { msg, msgText } from '../../shared/texts/index.ts';
import { dateLong, dateText, minutesText, yen } from '../../shared/format.ts';
import type { ResultOf } from '../api/documents.ts';
import type { DOCS } from '../api/documents.ts';

const FONT = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');

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
    doc
      .fontSize(12)
      .fillColor('#c00000')
      .text('下書き / DRAFT', doc.page.margins.left, doc.page.margins.top - 24, { width: doc.page.width - doc.page.margins.left - doc.page.margins.right, align: 'right', lineBreak: false });
    doc.fillColor('#000000');
    doc.x = x;
    doc.y = y;
  };
  stamp();
  doc.on('pageAdded', stamp);
}

/**
 * A document's head: the draft mark when it is not final, the heading, then its facts one a line
 * as "label: value" (a fact left out where the document has none).
 */
function head(doc: PDFKit.PDFDocument, heading: string, facts: readonly (readonly [label: string, value: string] | null)[], draft = false): void {
  if (draft) draftMark(doc);
  doc.fontSize(18).text(heading);
  doc.moveDown(0.5).fontSize(10);
  for (const fact of facts) if (fact) doc.text(`${fact[0]}: ${fact[1]}`);
}

export function payslipPdf(p: Payslip, lang: Lang): Promise<Buffer> {
  const title = `${msg(lang, 'record.payslip')} ${p.periodStart} – ${p.periodEnd}`;
  return draw(title, (doc) => {
    head(
      doc,
      msg(lang, 'record.payslip'),
      [
        [msg(lang, 'applicant.name'), p.workerName],
        [msg(lang, 'supportChat.company'), tr(lang, { ja: p.companyJa, en: p.companyEn })],
        [msg(lang, 'pdf.payPeriod'), `${dateLong(p.periodStart, lang)} – ${dateLong(p.periodEnd, lang)}`],
        [msg(lang, 'pdf.payDay'), dateLong(p.payDate, lang)],
      ],
      p.status === 'draft',
    );
    doc.moveDown();
    table(
      doc,
      [200, 100],
      [
        [msg(lang, 'pdf.time'), ''],
        [msg(lang, 'pdf.shifts'), String(p.shifts)],
        [msg(lang, 'pdf.hoursWorked'), minutesText(p.workedMinutes)],
        [msg(lang, 'pdf.overtime'), minutesText(p.overtimeMinutes)],
        [msg(lang, 'pdf.overtimeBeyond60'), minutesText(p.over60Minutes)],
        [msg(lang, 'pdf.lateNight'), minutesText(p.lateNightMinutes)],
        [msg(lang, 'pdf.statutoryHoliday'), minutesText(p.holidayMinutes)],
      ],
    );
    doc.moveDown();
    const sum = (k: 'base' | 'overtimePremium' | 'lateNightPremium' | 'holidayPremium') => p.lines.reduce((s, l) => s + l[k], 0);
    table(
      doc,
      [200, 100],
      [
        [msg(lang, 'pdf.earnings'), ''],
        [msg(lang, 'pdf.baseWage'), yen(sum('base'))],
        [msg(lang, 'pdf.overtimePremium'), yen(sum('overtimePremium'))],
        [msg(lang, 'pdf.lateNightPremium'), yen(sum('lateNightPremium'))],
        [msg(lang, 'pdf.holidayPremium'), yen(sum('holidayPremium'))],
        [msg(lang, 'pdf.grossPay'), yen(p.gross)],
      ],
    );
    doc.moveDown();
    table(
      doc,
      [300, 100],
      [
        [msg(lang, 'pdf.deductions'), ''],
        ...p.deductions.map((d) => [tr(lang, { ja: d.labelJa, en: d.labelEn }), yen(d.amount)]),
        [msg(lang, 'pdf.quickPayAdvances'), yen(p.advances)],
        [msg(lang, 'pdf.transferFee'), yen(p.transferFee)],
        [msg(lang, 'pdf.totalDeductions'), yen(p.gross - p.net)],
        [msg(lang, 'pdf.netPay'), yen(p.net)],
      ],
    );
    doc.moveDown(0.5).fontSize(8).fillColor('#555555');
    for (const n of p.notes) doc.text(tr(lang, n), { width: 480 });
    doc.fillColor('#000000');
    doc.moveDown();
    table(
      doc,
      [75, 140, 50, 55, 50, 55, 70],
      [
        [msg(lang, 'candidate.date'), msg(lang, 'applicant.job'), msg(lang, 'pdf.worked'), msg(lang, 'job.overtime'), msg(lang, 'pdf.night'), msg(lang, 'pdf.holiday'), msg(lang, 'pdf.pay')],
        // The statutory holiday's hours (+35%, 労働基準法第37条) say why a Sunday pays more than its hours and other premiums.
        ...p.lines.map((l) => [
          dateText(l.workDate, lang),
          tr(lang, { ja: l.jobJa, en: l.jobEn }),
          minutesText(l.workedMinutes),
          minutesText(l.overtimeMinutes),
          minutesText(l.lateNightMinutes),
          minutesText(l.holidayMinutes),
          yen(l.total),
        ]),
      ],
    );
  });
}

export function invoicePdf(i: Invoice, lang: Lang): Promise<Buffer> {
  const title = `${msg(lang, 'pdf.invoice')} ${i.number}`;
  return draw(title, (doc) => {
    head(
      doc,
      msg(lang, 'pdf.invoice'),
      [
        [msg(lang, 'pdf.invoiceNumber'), i.number],
        [msg(lang, 'pdf.billTo'), tr(lang, { ja: i.clientJa, en: i.clientEn })],
        [msg(lang, 'pdf.from'), tr(lang, { ja: i.companyJa, en: i.companyEn })],
        i.registrationNumber ? [msg(lang, 'pdf.registrationNumber'), i.registrationNumber] : null,
        [msg(lang, 'pdf.payPeriod'), `${dateLong(i.periodStart, lang)} – ${dateLong(i.periodEnd, lang)}`],
        i.issueDate ? [msg(lang, 'pdf.issuedOn'), dateLong(i.issueDate, lang)] : null,
        [msg(lang, 'pdf.dueDate'), dateLong(i.dueDate, lang)],
      ],
      i.status === 'draft',
    );
    doc.moveDown();
    doc.fontSize(14).text(`${msg(lang, 'pdf.amountDue')}: ${yen(i.total)}`);
    // The greeting (the company's billing template) comes before the table, as a letter does.
    if (i.note) {
      doc.moveDown();
      doc.fontSize(9).text(i.note, { width: 490 });
    }
    doc.moveDown();
    table(
      doc,
      [75, 215, 50, 70, 80],
      [
        [msg(lang, 'common.date'), msg(lang, 'pdf.description'), msg(lang, 'pdf.hours'), msg(lang, 'pdf.rate'), msg(lang, 'pdf.amount')],
        ...i.lines.map((l) => [dateText(l.workDate, lang), tr(lang, { ja: l.descriptionJa, en: l.descriptionEn }), minutesText(l.minutes), yen(l.unitPrice), yen(l.amount)]),
      ],
      true,
      [1],
    );
    doc.moveDown();
    table(
      doc,
      [290, 200],
      [
        ...i.byRate.map((r) => [`${msg(lang, 'pdf.taxRate')} ${r.rate}%`, `${msg(lang, 'pdf.taxableNet')} ${yen(r.net)} / ${msg(lang, 'pdf.tax')} ${yen(r.tax)}`]),
        [msg(lang, 'pdf.subtotalNet'), yen(i.net)],
        [msg(lang, 'pdf.consumptionTax'), yen(i.tax)],
        [msg(lang, 'pdf.total'), yen(i.total)],
      ],
      false,
    );
    if (i.payTo) {
      const a = i.payTo;
      doc.moveDown();
      doc.fontSize(10).text(msg(lang, 'pdf.pleasePay'));
      doc.fontSize(9);
      doc.text(`${msg(lang, 'pdf.bank')}: ${a.bank} (${a.bankCode})`);
      doc.text(`${msg(lang, 'pdf.branch')}: ${a.branch} (${a.branchCode})`);
      doc.text(`${msg(lang, 'pay.accountType')}: ${tr(lang, a.accountType === 2 ? msgText('pdf.current') : msgText('pdf.ordinary'))}  ${msg(lang, 'pdf.accountNumber')}: ${a.accountNumber}`);
      doc.text(`${msg(lang, 'pdf.accountHolder')}: ${a.holder}`);
    }
  });
}

/**
 * A worker's employment contract: the facts of the job, then the company's
 * contract template as the API filled it, in the language asked for (the API's `lang`).
 */
export function contractPdf(c: Contract, lang: Lang): Promise<Buffer> {
  const title = c.title || msg(lang, 'pdf.employmentContract');
  return draw(`${title} ${c.workerName}`, (doc) => {
    head(doc, title, [
      [msg(lang, 'pdf.worker'), c.workerName],
      [msg(lang, 'pdf.employer'), c.company],
      [msg(lang, 'pdf.client'), c.client],
      [msg(lang, 'pdf.job'), c.job],
      [msg(lang, 'pdf.workplace'), c.place],
      [msg(lang, 'pdf.contractPeriod'), `${c.startDate} – ${c.endDate}`],
      [msg(lang, 'pdf.hourlyWage'), c.wage],
    ]);
    doc.moveDown();
    doc.fontSize(10).text(c.body, { width: 490 });
    doc.moveDown(2);
    doc.fontSize(10).text(`${msg(lang, 'pdf.deliveredOn')}: ${dateLong(new Date(), lang)}`);
  });
}
