import type { Text } from '../../../../shared/i18n.ts';
import { dateTimeText } from '../../../../shared/format.ts';
import { OPS } from '../../../api/operations.ts';
import { ResourceList, type FieldView } from '../../../../views/resources/ResourceViews.tsx';
import { allRows, parseListQuery } from '../../kit.ts';
import { csv, defineScreen, type Screen, type ScreenContext } from '../../screen.ts';

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

type Page = { total: number; page: number; size: number; rows: Row[] };

export function applicationsScreen(path: string, kind: 'daily' | 'other' | null): Screen {
  const fetchPage = ({ call }: ScreenContext, vars: Record<string, unknown>, page: number, size: number) =>
    call<{ applications: Page }>(OPS.Applications, { ...vars, page, size }).then((d) => d.applications);
  return defineScreen({
    path,
    load: async (ctx) => {
      const q = parseListQuery(ctx.req, { filters: ['status'], size: 50, maxSize: 50 });
      const status = STATUS.some((s) => s.value === q.filter.status) ? q.filter.status! : null;
      const vars = { kind, status, q: q.q };
      const shape = (r: Row) => ({ ...r, shift: r.date ? `${r.date} ${r.start}–${r.end}` : '', applied: dateTimeText(r.createdAt, ctx.lang) });
      if (q.csv) {
        const cols = ['candidateName', 'candidateEmail', 'nationality', 'visaType', 'jobTitle', 'clientName', 'shift', 'status', 'applied'];
        const label = (c: string) => FIELDS.find((f) => f.name === c)?.label[ctx.lang] ?? (ctx.lang === 'ja' ? 'メール' : 'Email');
        const statusText = (v: string) => STATUS.find((s) => s.value === v)?.label[ctx.lang] ?? v;
        async function* rows() {
          for await (const r of allRows((page, size) => fetchPage(ctx, vars, page, size))) {
            const x = shape(r) as Record<string, unknown>;
            yield cols.map((c) => (c === 'status' ? statusText(r.status) : String(x[c] ?? '')));
          }
        }
        throw csv('applications', cols.map(label), rows());
      }
      return { q, status, shape, page: await fetchPage(ctx, vars, q.page, q.size) };
    },
    view: ({ lang, route, req }, { q, status, shape, page: d }) => ({
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
          q={q.q ?? ''}
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
    }),
  });
}

export const APPLICATION_SCREENS: readonly Screen[] = [
  applicationsScreen('/admin/candidate', null),
  applicationsScreen('/v3/admin/candidate/daily', 'daily'),
  applicationsScreen('/v3/admin/candidate/other', 'other'),
];
