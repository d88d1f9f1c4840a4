import type { Text } from '../../../shared/i18n.ts';
import { OPS } from '../../api/operations.ts';
import { ResourceList, type FieldView } from '../../../views/resources/ResourceViews.tsx';
import { callerOf } from '../caller.ts';
import { sendCsv } from '../csv.ts';
import type { PageContext } from '../pages.tsx';
import { sendPage } from '../render.tsx';

/**
 * The company's candidate lists (SPEC §2: /admin/candidate 120001, /v3/admin/candidate/daily and
 * /other): every application to the tenant's jobs, on the generic list view. The pipeline issue
 * makes these lists live and adds the shukkin and kakunin steps.
 */
interface Row {
  id: string;
  candidateName: string;
  candidateEmail: string;
  nationality: string | null;
  visaType: string | null;
  jobId: string;
  jobTitle: string;
  kind: 'daily' | 'other';
  clientName: string;
  date: string | null;
  start: string | null;
  end: string | null;
  status: string;
  createdAt: string;
}

const t = (ja: string, en: string): Text => ({ ja, en });
const STATUS = [
  { value: 'applied', label: t('応募中', 'Applied') },
  { value: 'accepted', label: t('採用', 'Accepted') },
  { value: 'rejected', label: t('不採用', 'Not selected') },
  { value: 'cancelled', label: t('キャンセル', 'Cancelled') },
];
const FIELDS: FieldView[] = [
  { name: 'candidateName', label: t('応募者', 'Candidate'), kind: 'text', required: false },
  { name: 'nationality', label: t('国籍', 'Nationality'), kind: 'text', required: false },
  { name: 'visaType', label: t('在留資格', 'Residence status'), kind: 'text', required: false },
  { name: 'jobTitle', label: t('求人', 'Job'), kind: 'text', required: false },
  { name: 'clientName', label: t('クライアント', 'Client'), kind: 'text', required: false },
  { name: 'shift', label: t('シフト', 'Shift'), kind: 'text', required: false },
  { name: 'status', label: t('状況', 'Status'), kind: 'select', required: false, options: STATUS },
  { name: 'applied', label: t('応募日時', 'Applied at'), kind: 'text', required: false },
];

export function applicationsPage(kind: 'daily' | 'other' | null) {
  return async ({ req, res, lang, route, api }: PageContext) => {
    const str = (k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string).slice(0, 100) : '');
    const status = STATUS.some((s) => s.value === str('f_status')) ? str('f_status') : null;
    const vars = { page: Math.max(1, Number(str('page')) || 1), size: 50, kind, status, q: str('q') || null };
    const fetchPage = (page: number, size: number) =>
      api.graphql<{ applications: { total: number; page: number; size: number; rows: Row[] } }>(OPS.Applications, { ...vars, page, size }, callerOf(req, res));
    const when = (iso: string) => new Date(iso).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'short' });
    const shape = (r: Row) => ({ ...r, shift: r.date ? `${r.date} ${r.start}–${r.end}` : '', applied: when(r.createdAt) });
    if (str('format') === 'csv') {
      const rows: Row[] = [];
      for (let page = 1; page <= 50; page++) {
        const d = (await fetchPage(page, 200)).data?.applications;
        rows.push(...(d?.rows ?? []));
        if (!d || d.rows.length < 200) break;
      }
      const cols = ['candidateName', 'candidateEmail', 'nationality', 'visaType', 'jobTitle', 'clientName', 'shift', 'status', 'applied'];
      const label = (c: string) => FIELDS.find((f) => f.name === c)?.label[lang] ?? (lang === 'ja' ? 'メール' : 'Email');
      const status = (v: string) => STATUS.find((s) => s.value === v)?.label[lang] ?? v;
      return sendCsv(res, 'applications', [cols.map(label), ...rows.map(shape).map((r) => cols.map((c) => (c === 'status' ? status(r.status) : String((r as Record<string, unknown>)[c] ?? ''))))]);
    }
    const d = (await fetchPage(vars.page, vars.size)).data?.applications ?? { total: 0, page: 1, size: 50, rows: [] };
    sendPage(req, res, {
      title: route.title,
      content: (
        <ResourceList
          lang={lang}
          title={route.title}
          path={req.path}
          fields={FIELDS}
          columns={FIELDS.map((f) => f.name)}
          sortable={[]}
          filters={FIELDS.filter((f) => f.name === 'status')}
          rows={d.rows.map(shape)}
          total={d.total}
          page={d.page}
          size={d.size}
          sort={null}
          dir={null}
          q={vars.q ?? ''}
          filterValues={status ? { status } : {}}
          createHref={null}
          rowHref={(id) => {
            const r = d.rows.find((x) => x.id === id);
            return r ? `${r.kind === 'daily' ? '/daily' : '/part-time'}/${r.jobId}` : null;
          }}
          rowLinks={() => []}
          searchable
        />
      ),
    });
  };
}

export const APPLICATION_PAGE_HANDLERS = {
  '/admin/candidate': applicationsPage(null),
  '/v3/admin/candidate/daily': applicationsPage('daily'),
  '/v3/admin/candidate/other': applicationsPage('other'),
};
