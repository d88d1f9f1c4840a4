import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ColumnView } from './DataTable.tsx';
import { ListPage, type ListPageView } from './ListPage.tsx';

const COLUMNS: ColumnView[] = [
  { name: 'name', label: { ja: '名前', en: 'Name' }, type: 'text', sortable: true },
  { name: 'day', label: { ja: '勤務日', en: 'Day' }, type: 'date', sortable: true },
];

const page = (v: Partial<ListPageView> = {}) =>
  renderToStaticMarkup(
    <ListPage
      lang="en"
      title={{ ja: '求人', en: 'Jobs' }}
      path="/admin/jobs/list"
      query={{ page: 2, size: 50, sort: null, dir: null, q: 'cafe', filter: { status: 'open' } }}
      list={{ total: 60, page: 2, size: 50, rows: [{ id: 'r1', name: 'Café', day: '2026-12-01' }] }}
      columns={COLUMNS}
      filters={[{ name: 'status', label: { ja: '状態', en: 'Status' }, kind: 'select', options: [{ value: 'open', label: { ja: '公開', en: 'Open' } }] }]}
      searchable
      {...v}
    />,
  );

describe('the one list page', () => {
  it('draws the head with the CSV link of the same view, the filters, the table and the pager, keeping the view in every link', () => {
    const html = page({ createHref: '/admin/jobs/add', notice: 'Saved.' });
    expect(html).toMatch(/^<section class="resource-list">/);
    const parts = [
      'href="/admin/jobs/list?q=cafe&amp;size=50&amp;f_status=open&amp;format=csv"',
      '<a class="btn" href="/admin/jobs/add">',
      '<p class="notice" role="status">Saved.</p>',
      '<input type="search" name="q" value="cafe"/>',
      'href="/admin/jobs/list?q=cafe&amp;sort=name&amp;dir=asc&amp;size=50&amp;f_status=open"',
      '<nav class="pager" aria-label="Pages">',
    ];
    expect(parts.filter((p) => !html.includes(p))).toEqual([]);
    expect(html).not.toContain('aria-sort');
  });

  it('marks the default column as sorted when the address names only a direction, and says a failure above the list', () => {
    const html = page({ query: { page: 1, size: 20, sort: null, dir: 'desc', q: null, filter: {} }, defaultSort: 'day', error: 'No such state.', className: 'read-model' });
    expect(html).toMatch(/^<section class="resource-list read-model">/);
    expect(html).toContain('aria-sort="descending"');
    expect(html).toContain('<p class="form-alert" role="alert">No such state.</p>');
  });

  it('draws the screen’s own parts in their places, and what stands in for the table in place of the table and the pager', () => {
    const html = page({
      above: (href) => <nav id="switch">{href({ view: 'week' })}</nav>,
      bar: () => <form id="bulk" />,
      below: <div id="live" />,
    });
    expect(html.indexOf('id="switch"')).toBeLessThan(html.indexOf('role="search"'));
    expect(html).toContain('/admin/jobs/list?q=cafe&amp;size=50&amp;f_status=open&amp;view=week');
    expect(html.indexOf('role="search"')).toBeLessThan(html.indexOf('id="bulk"'));
    expect(html.indexOf('id="bulk"')).toBeLessThan(html.indexOf('<table'));
    expect(html.indexOf('</table>')).toBeLessThan(html.indexOf('id="live"'));
    expect(html.indexOf('id="live"')).toBeLessThan(html.indexOf('class="pager"'));
    const week = page({ instead: () => <ol id="week" />, below: <div id="live" /> });
    expect(week).toContain('<ol id="week"></ol>');
    expect(week).not.toContain('<table');
    expect(week).not.toContain('class="pager"');
    expect(week).not.toContain('id="live"');
  });
});
