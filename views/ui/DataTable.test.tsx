import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cellText, DataTable, Pager, TableSection, type ColumnView } from './DataTable.tsx';
import { addDays, todayInJapan } from '../../shared/time.ts';

const COLUMNS: ColumnView[] = [
  { name: 'name', label: { ja: '名前', en: 'Name' }, type: 'text', sortable: true },
  { name: 'wage', label: { ja: '時給', en: 'Wage' }, type: 'money', unit: 'hour' },
  { name: 'day', label: { ja: '勤務日', en: 'Day' }, type: 'date' },
  { name: 'status', label: { ja: '状況', en: 'Status' }, type: 'badge', states: [{ value: 'ok', label: { ja: '完了', en: 'Done' }, tone: 'success' }] },
];

describe('the list kit', () => {
  it('writes money with ¥, separators and its unit, dates in the reader’s language, and nothing for no value', () => {
    expect(cellText('ja', COLUMNS[1]!, 1300)).toBe('¥1,300/時');
    expect(cellText('en', COLUMNS[1]!, 230000)).toBe('¥230,000/hour');
    expect(cellText('ja', COLUMNS[2]!, '2026-11-24')).toBe('2026年11月24日');
    expect(cellText('en', COLUMNS[2]!, '2026-11-24')).toBe('24 November 2026');
    expect(cellText('en', COLUMNS[3]!, 'ok')).toBe('Done');
    expect(cellText('en', COLUMNS[0]!, null)).toBe('');
  });

  it('draws badges by tone, a checkbox per row for the bulk form, sort links and the row actions', () => {
    const html = renderToStaticMarkup(
      <DataTable
        lang="en"
        columns={COLUMNS}
        rows={[{ id: 'r1', name: 'Maria', wage: 1200, day: '2026-12-01', status: 'ok' }]}
        sort={{ current: 'name', dir: 'asc', href: (c, dir) => `/list?sort=${c}&dir=${dir}` }}
        selectForm="bulk"
        rowActions={(r) => <button>{`Move ${String(r.id)}`}</button>}
        empty="Nothing here yet."
      />,
    );
    expect(html).toContain('<span class="badge badge-success">Done</span>');
    expect(html).toContain('<td class="num" data-col="wage">¥1,200/hour</td>');
    expect(html).toContain('form="bulk" aria-label="Select this row" name="ids" value="r1"');
    expect(html).toContain('href="/list?sort=name&amp;dir=desc"');
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toContain('<button>Move r1</button>');
    expect(html).not.toContain('Nothing here yet.');
  });

  it('keeps a person’s name from the browser’s translation, and links it to their record', () => {
    const person: ColumnView = { name: 'worker', label: { ja: 'スタッフ', en: 'Worker' }, type: 'person' };
    const html = renderToStaticMarkup(<DataTable lang="en" columns={[person]} rows={[{ id: 'p1', worker: '林 美咲' }]} href={() => '/admin/worker?id=p1'} empty="" />);
    expect(html).toContain('<td data-col="worker" translate="no"><a href="/admin/worker?id=p1">林 美咲</a></td>');
    expect(cellText('en', person, '林 美咲')).toBe('林 美咲');
  });

  it('says so when there are no rows, across every column', () => {
    const html = renderToStaticMarkup(<DataTable lang="ja" columns={COLUMNS} rows={[]} selectForm="bulk" empty="まだ登録がありません。" />);
    expect(html).toContain('<td colSpan="5" class="empty"><span class="empty-text">まだ登録がありません。</span></td>');
  });

  it('puts a table under its heading, and says the empty text in place of the table when there are no rows', () => {
    const section = (rows: object[]) =>
      renderToStaticMarkup(<TableSection className="card" id="log-title" anchor="log" title="Sync log" lang="en" columns={COLUMNS} rows={rows} empty="No syncs yet." />);
    const empty = section([]);
    expect(empty).toBe('<section class="card" aria-labelledby="log-title" id="log"><h2 id="log-title">Sync log</h2><p class="empty">No syncs yet.</p></section>');
    const full = section([{ id: 'r1', name: 'Maria' }]);
    expect(full).toContain('<h2 id="log-title">Sync log</h2><div class="card table-card">');
    expect(full).toContain('data-row-id="r1"');
    expect(full).not.toContain('No syncs yet.');
  });

  it('pages by number with the range, or by cursor with first and next', () => {
    const numbered = renderToStaticMarkup(<Pager lang="en" total={45} page={2} size={20} href={(c) => `?page=${String(c.page)}`} />);
    expect(numbered).toContain('21–40 of 45');
    expect(numbered).toContain('href="?page=1"');
    expect(numbered).toContain('href="?page=3"');
    const cursor = renderToStaticMarkup(<Pager lang="ja" total={42} page={1} size={50} next="abc" cursor={{ first: false }} href={(c) => `?after=${String(c.after)}`} />);
    expect(cursor).toContain('42件');
    expect(cursor).toContain('href="?after=abc"');
    expect(cursor).toContain('href="?after=null"');
  });

  it('by cursor, offers "first" only away from the first page', () => {
    const first = renderToStaticMarkup(<Pager lang="en" total={1} page={1} size={50} next={null} cursor={{ first: true }} href={() => '?'} />);
    expect(first).toContain('<span aria-disabled="true">First</span>');
    expect(first).not.toContain('>First</a>');
  });

  it('past the count cap says "1,000+" and keeps offering the next page', () => {
    // The engines count up to 1,001: a larger list arrives as 1,001.
    const capped = renderToStaticMarkup(<Pager lang="en" total={1_001} page={50} size={20} href={(c) => `?page=${String(c.page)}`} />);
    expect(capped).toContain('981–1,000 of 1,000+');
    expect(capped).toContain('50 / 50+');
    expect(capped).toContain('href="?page=51"');
    expect(renderToStaticMarkup(<Pager lang="ja" total={1_001} page={1} size={50} next="x" cursor={{ first: true }} href={() => '?'} />)).toContain('1,000+件');
    // At the cap exactly, the count is exact and the last page is the last.
    const exact = renderToStaticMarkup(<Pager lang="en" total={1_000} page={50} size={20} href={(c) => `?page=${String(c.page)}`} />);
    expect(exact).toContain('of 1,000<');
    expect(exact).not.toContain('href="?page=51"');
  });
  it('flags a date within its `soon` days, or past, and leaves a far one plain', () => {
    const expiry: ColumnView = { name: 'expiry', label: { ja: '在留期限', en: 'Card expiry' }, type: 'date', soon: 90 };
    const rows = [
      { id: 'near', expiry: addDays(todayInJapan(), 20) },
      { id: 'past', expiry: addDays(todayInJapan(), -3) },
      { id: 'far', expiry: addDays(todayInJapan(), 200) },
    ];
    const html = renderToStaticMarkup(<DataTable lang="en" columns={[expiry]} rows={rows} empty="" />);
    const cell = (id: string) => new RegExp(`data-row-id="${id}"><td data-col="expiry">(.*?)</td>`).exec(html)?.[1] ?? '';
    expect(cell('near')).toMatch(/^<span class="badge badge-danger">.* \(20 days left\)<\/span>$/);
    expect(cell('past')).toMatch(/\(expired\)<\/span>$/);
    expect(cell('far')).not.toContain('badge');
  });
});
