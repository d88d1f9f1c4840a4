import express, { type Request, type Response, type Router } from 'express';
import type { ApiClient, Caller } from '../api/client.ts';
import { OPS } from '../api/operations.ts';
import { tr, type Lang, type Text } from '../../shared/i18n.ts';
import { PREFECTURES, prefectureName } from '../modules/jobs/prefectures.ts';
import type { PublicJobCard, PublicJobDetail } from '../modules/jobs/public.ts';
import { CandidateChatPage, CandidateLoginPage, CandidateRegisterPage, MyApplicationsPage } from '../../views/pages/public/Candidate.tsx';
import { DailyPage } from '../../views/pages/public/Daily.tsx';
import { JobDetailPage, type JobDetailView } from '../../views/pages/public/JobDetail.tsx';
import { type Choice, JobSearch, Pager } from '../../views/pages/public/JobSearch.tsx';
import { PartTimePage } from '../../views/pages/public/PartTime.tsx';
import { callerOf } from './caller.ts';
import { localPath } from './actions.tsx';
import { clearSessionCookie, sessionCookie } from './cookies.ts';
import type { PageContext } from './pages.tsx';
import { sendPage } from './render.tsx';
import { routeByPath } from '../access/routes.ts';

/**
 * The public job boards and the candidate's pages (issue 5). A candidate's session lives in its own
 * cookie, `candidate_token` (DESIGN.md §5), so the guard's "signed in on a public page" rule, which
 * is about back-office users, never moves a candidate off the public site.
 */
const CANDIDATE_COOKIE = 'candidate_token';

type Kind = 'daily' | 'other';
const BASE: Record<Kind, '/daily' | '/part-time'> = { daily: '/daily', other: '/part-time' };


const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;
const wageText = (wage: number, payType: string | null) => (payType ? `${payType} ${yen(wage)}` : yen(wage));
const dateText = (iso: string, lang: Lang) =>
  new Date(`${iso}T00:00:00+09:00`).toLocaleDateString(lang === 'ja' ? 'ja-JP' : 'en-GB', { timeZone: 'Asia/Tokyo', month: 'short', day: 'numeric', weekday: 'short' });

/** The candidate's caller: its own token and audience. */
const candidateCaller = (req: Request, res: Response): Caller => ({ ...callerOf(req, res), token: req.cookies?.[CANDIDATE_COOKIE], aud: 'candidate' });

async function choices(api: ApiClient, req: Request, res: Response, lang: Lang) {
  const [enums, languages] = await Promise.all([
    api.graphql<{ enums: { enums: { id: number; type: number; enum_job_translate_value: { language_key: string; value: string }[] }[]; visaTypes: { id: number; ja: string; en: string }[] } }>(OPS.Enums, {}, callerOf(req, res)),
    api.graphql<{ languages: { code: string; ja: string; en: string }[] }>(OPS.Languages, {}, callerOf(req, res)),
  ]);
  const valueIn = (e: { enum_job_translate_value: { language_key: string; value: string }[] }) => e.enum_job_translate_value.find((t) => t.language_key === lang)?.value ?? '';
  return {
    prefectures: PREFECTURES.map((p): Choice => ({ value: p.ja, label: tr(lang, p) })),
    jobTypes: (enums.data?.enums.enums ?? []).filter((e) => e.type === 1).map((e): Choice => ({ value: String(e.id), label: valueIn(e) })),
    visaTypes: (enums.data?.enums.visaTypes ?? []).map((v): Choice => ({ value: String(v.id), label: v[lang] })),
    languages: (languages.data?.languages ?? []).map((l): Choice => ({ value: l.code, label: l[lang] })),
  };
}

const str = (req: Request, k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string).slice(0, 100) : '');
const int = (s: string) => (/^\d{1,7}$/.test(s) ? Number(s) : null);

async function board(ctx: PageContext, kind: Kind) {
  const { req, res, lang, api, route } = ctx;
  const values = Object.fromEntries(['q', 'prefecture', 'date', 'minWage', 'jobType', 'language', 'visa', 'sort'].map((k) => [k, str(req, k)]).filter(([, v]) => v));
  const page = Math.max(1, int(str(req, 'page')) ?? 1);
  const filter = {
    q: values.q || null,
    prefecture: values.prefecture || null,
    date: kind === 'daily' && /^\d{4}-\d{2}-\d{2}$/.test(values.date ?? '') ? values.date : null,
    minWage: int(values.minWage ?? ''),
    jobTypeId: int(values.jobType ?? ''),
    language: /^[a-z]{2}$/.test(values.language ?? '') ? values.language : null,
    visaTypeId: int(values.visa ?? ''),
  };
  const [r, c] = await Promise.all([
    api.graphql<{ publicJobs: { total: number; page: number; size: number; jobs: PublicJobCard[] } }>(OPS.PublicJobs, { kind, filter, sort: values.sort ?? 'new', page }, callerOf(req, res)),
    choices(api, req, res, lang),
  ]);
  const data = r.data?.publicJobs ?? { total: 0, page, size: 20, jobs: [] };
  const jobs = data.jobs.map((j) => ({
    id: j.id,
    title: j.title,
    location: [prefectureName(j.prefecture, lang), j.city, j.station].filter(Boolean).join(' '),
    wage: wageText(j.wage, j.payType),
    date: j.nextDate ? dateText(j.nextDate, lang) : undefined,
  }));
  const pages = Math.max(1, Math.ceil(data.total / data.size));
  const href = (p: number) => `${BASE[kind]}?${new URLSearchParams({ ...values, page: String(p) }).toString()}`;
  const search = <JobSearch lang={lang} action={BASE[kind]} values={values as Record<string, string>} daily={kind === 'daily'} {...c} />;
  const pager = <Pager lang={lang} page={data.page} pages={pages} href={href} />;
  const Board = kind === 'daily' ? DailyPage : PartTimePage;
  sendPage(req, res, { title: route.title, content: <Board lang={lang} jobs={jobs} search={search} total={data.total} pager={pager} /> });
}

type JobDetailData = PublicJobDetail;

/** schema.org JobPosting for search engines; safe inside a <script> element. */
function jobPostingJsonLd(j: JobDetailData, url: string): string {
  const unit = /時給|hour/i.test(j.payType ?? '') ? 'HOUR' : /日給|daily/i.test(j.payType ?? '') ? 'DAY' : /月給|month/i.test(j.payType ?? '') ? 'MONTH' : 'HOUR';
  const data = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: j.title,
    description: j.description,
    datePosted: j.createdAt.slice(0, 10),
    // The last day of the publish window (a day in Japan): valid through its end.
    ...(j.publishUntil ? { validThrough: `${j.publishUntil}T23:59:59+09:00` } : {}),
    employmentType: j.kind === 'daily' ? 'TEMPORARY' : 'PART_TIME',
    hiringOrganization: { '@type': 'Organization', name: j.company },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressRegion: j.prefecture, addressLocality: j.city, addressCountry: 'JP' } },
    baseSalary: { '@type': 'MonetaryAmount', currency: 'JPY', value: { '@type': 'QuantitativeValue', value: j.wage, unitText: unit } },
    url,
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

async function detail(ctx: PageContext, kind: Kind, notice?: { kind: 'ok' | 'error'; text: string }, status = 200) {
  const { req, res, lang, api, params } = ctx;
  const r = await api.graphql<{ publicJob: JobDetailData | null }>(OPS.PublicJob, { kind, id: params.id ?? '' }, callerOf(req, res));
  const j = r.data?.publicJob;
  if (!j) {
    const { sendError } = await import('./pages.tsx');
    return sendError(req, res, 'recordNotFound');
  }
  const candidate = res.locals.candidate as { name: string } | undefined;
  let applied: { jobId: string; shiftIds: string[] } = { jobId: '', shiftIds: [] };
  if (candidate) {
    const mine = await api.graphql<{ myApplications: { id: string; jobId: string; date: string | null; start: string | null }[] }>(OPS.MyApplications, {}, candidateCaller(req, res));
    const forJob = (mine.data?.myApplications ?? []).filter((a) => a.jobId === j.id);
    applied = { jobId: forJob.length ? j.id : '', shiftIds: j.shifts.filter((s) => forJob.some((a) => a.date === s.date && a.start === s.start)).map((s) => s.id) };
  }
  const L = (ja: string, en: string): Text => ({ ja, en });
  const facts = [
    [L('職種', 'Job type'), j.jobType],
    [L('勤務日数', 'Days per week'), j.jobWeek],
    [L('残業', 'Overtime'), j.overtime],
    [L('日本語（読み）', 'Japanese reading'), j.readSkill],
    [L('使う言語', 'Languages used'), j.languages.join(', ')],
    [L('応募できる在留資格', 'Residence statuses accepted'), j.visaTypes.join('、') || (lang === 'ja' ? '就労可能な在留資格すべて' : 'Any status that permits this work')],
    [L('募集人数', 'Openings'), String(j.headcount)],
  ]
    .filter((f): f is [Text, string] => !!f[1])
    .map(([label, value]) => ({ label, value }));
  const base = BASE[kind];
  const url = `${req.protocol}://${req.get('host')}${base}/${j.id}`;
  const view: JobDetailView = {
    id: j.id,
    kind,
    title: j.title,
    description: j.description,
    location: [prefectureName(j.prefecture, lang), j.city].filter(Boolean).join(' '),
    station: j.station,
    wage: wageText(j.wage, j.payType),
    company: j.company,
    facts,
    shifts: j.shifts.map((s) => ({ id: s.id, date: dateText(s.date, lang), time: `${s.start}–${s.end}`, wage: yen(s.wage), seats: s.openSeats })),
    jsonLd: jobPostingJsonLd(j, url),
  };
  sendPage(req, res, {
    title: j.title,
    status,
    description: `${j.company} · ${view.location} · ${view.wage}`,
    content: <JobDetailPage lang={lang} job={view} candidate={candidate ?? null} notice={notice} appliedShiftIds={applied.shiftIds} appliedToJob={!!applied.jobId} />,
  });
}

async function myApplications(ctx: PageContext) {
  const { req, res, lang, api, route } = ctx;
  const candidate = res.locals.candidate as { name: string } | undefined;
  if (!candidate) return res.redirect(302, `/staff/login?next=${encodeURIComponent('/staff/applications')}`);
  const r = await api.graphql<{
    myApplications: { id: string; jobId: string; kind: Kind; title: string; date: string | null; start: string | null; end: string | null; status: string; createdAt: string; conversationId: string | null }[];
  }>(
    OPS.MyApplications,
    {},
    candidateCaller(req, res),
  );
  const STATUS: Record<string, Text> = {
    applied: { ja: '応募中', en: 'Applied' },
    accepted: { ja: '採用', en: 'Accepted' },
    rejected: { ja: '不採用', en: 'Not selected' },
    cancelled: { ja: 'キャンセル', en: 'Cancelled' },
  };
  const apps = (r.data?.myApplications ?? []).map((a) => ({
    id: a.id,
    title: a.title,
    href: `${BASE[a.kind]}/${a.jobId}`,
    date: a.date ? dateText(a.date, lang) : null,
    time: a.start ? `${a.start}–${a.end}` : null,
    status: tr(lang, STATUS[a.status] ?? { ja: a.status, en: a.status }),
    appliedAt: new Date(a.createdAt).toLocaleDateString(lang === 'ja' ? 'ja-JP' : 'en-GB', { timeZone: 'Asia/Tokyo' }),
    chatHref: a.conversationId ? `/staff/chat?c=${encodeURIComponent(a.conversationId)}` : null,
  }));
  sendPage(req, res, { title: route.title, content: <MyApplicationsPage lang={lang} name={candidate.name} applications={apps} /> });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The candidate's chat page (issue 6): the CandidateChat island talks to the chat socket with the
 * candidate's cookie. `?c=` opens that conversation first (the island checks it is the candidate's:
 * only their own conversations ever reach it).
 */
async function candidateChat(ctx: PageContext) {
  const { req, res, lang, route, api } = ctx;
  const candidate = res.locals.candidate as { name: string } | undefined;
  const c = str(req, 'c');
  const initial = UUID.test(c) ? c.toLowerCase() : null;
  if (!candidate) return res.redirect(302, `/staff/login?next=${encodeURIComponent(initial ? `/staff/chat?c=${initial}` : '/staff/chat')}`);
  const mail = await api.graphql<{ myChatMail: boolean }>(OPS.MyChatMail, {}, candidateCaller(req, res));
  sendPage(req, res, {
    title: route.title,
    content: <CandidateChatPage lang={lang} name={candidate.name} initial={initial} chatMail={mail.data?.myChatMail ?? true} saved={req.query.saved === '1'} />,
  });
}

const nextOf = (v: unknown) => localPath(typeof v === 'string' && v ? v : '/staff/applications');

export const JOB_PAGE_HANDLERS: Record<string, (ctx: PageContext) => void | Promise<void>> = {
  '/daily': (ctx) => board(ctx, 'daily'),
  '/part-time': (ctx) => board(ctx, 'other'),
  '/daily/[id]': (ctx) => detail(ctx, 'daily'),
  '/part-time/[id]': (ctx) => detail(ctx, 'other'),
  '/staff/applications': myApplications,
  '/staff/chat': candidateChat,
  '/staff/login': ({ req, res, lang, route }) => {
    if (res.locals.candidate) return res.redirect(302, nextOf(req.query.next));
    sendPage(req, res, { title: route.title, content: <CandidateLoginPage lang={lang} next={nextOf(req.query.next)} notice={req.query.registered === '1' ? (lang === 'ja' ? '登録が完了しました。ログインしてください。' : 'You are registered. Please log in.') : undefined} /> });
  },
  '/staff/register': async ({ req, res, lang, route, api }) => {
    const c = await choices(api, req, res, lang);
    sendPage(req, res, { title: route.title, content: <CandidateRegisterPage lang={lang} values={{}} errors={{}} next={nextOf(req.query.next)} visaTypes={c.visaTypes} languages={c.languages} /> });
  },
};

/** Form posts of the candidate pages: log in, register, log out, apply. */
export function publicJobActions(api: ApiClient): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 50 });

  router.post('/staff/login', form, async (req, res) => {
    const lang: Lang = res.locals.lang;
    const b = req.body as Record<string, unknown>;
    const email = typeof b.email === 'string' ? b.email : '';
    const r = await api.graphql<{ login: { token: string; user: { role: string } } }>(OPS.Login, { email, password: typeof b.password === 'string' ? b.password : '' }, { ...callerOf(req, res), token: undefined });
    const login = r.data?.login;
    if (login && login.user.role === 'candidate') {
      res.cookie(CANDIDATE_COOKIE, login.token, sessionCookie(req));
      return res.redirect(303, nextOf(b.next));
    }
    const e = r.errors?.[0];
    // A back-office account is not a candidate account: same answer as a wrong password.
    const message = login || !e ? (lang === 'ja' ? 'メールアドレスまたはパスワードが正しくありません。' : 'The email address or password is incorrect.') : e.extensions?.code === 'BAD_USER_INPUT' ? Object.values((e.extensions.fields as Record<string, string>) ?? {}).join(' ') || e.message : e.message;
    const status = e?.extensions?.code === 'TOO_MANY_REQUESTS' ? 429 : e?.extensions?.code === 'BAD_USER_INPUT' ? 422 : 401;
    sendPage(req, res, { title: routeByPath('/staff/login')!.title, status, content: <CandidateLoginPage lang={lang} email={email} error={message} next={nextOf(b.next)} /> });
  });

  // The chat page's switch for mail about unread answers (server/chat/mail.ts).
  router.post('/staff/chat/mail', form, async (req, res) => {
    const b = req.body as Record<string, unknown>;
    const c = typeof b.c === 'string' && UUID.test(b.c) ? b.c.toLowerCase() : null;
    const back = `/staff/chat?${c ? `c=${c}&` : ''}saved=1`;
    if (!res.locals.candidate) return res.redirect(303, `/staff/login?next=${encodeURIComponent(back)}`);
    const r = await api.graphql(OPS.SetMyChatMail, { enabled: b.enabled === '1' }, candidateCaller(req, res));
    if (r.errors?.length) throw new Error(`setMyChatMail failed: ${r.errors[0]!.message}`);
    res.redirect(303, back);
  });

  router.post('/staff/logout', async (req, res) => {
    const token = req.cookies?.[CANDIDATE_COOKIE];
    if (token) await api.graphql(OPS.Logout, {}, { ...callerOf(req, res), token, aud: 'candidate' });
    res.clearCookie(CANDIDATE_COOKIE, clearSessionCookie(req));
    res.redirect(303, '/daily');
  });

  router.post('/staff/register', form, async (req, res) => {
    const lang: Lang = res.locals.lang;
    const b = req.body as Record<string, unknown>;
    const s = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : '');
    const languages = (Array.isArray(b.languages) ? b.languages : typeof b.languages === 'string' ? [b.languages] : []).filter((x): x is string => typeof x === 'string');
    const visa = s('visa_type_id');
    const input = {
      name: s('name'),
      email: s('email'),
      password: s('password'),
      phone: s('phone') || null,
      nationality: s('nationality'),
      visa_type_id: /^\d+$/.test(visa) ? Number(visa) : null,
      visa_expiry: s('visa_expiry'),
      languages,
    };
    const r = await api.graphql(OPS.RegisterCandidate, { input }, callerOf(req, res));
    if (!r.errors?.length) return res.redirect(303, `/staff/login?registered=1&next=${encodeURIComponent(nextOf(b.next))}`);
    const e = r.errors[0]!;
    const errors = (e.extensions?.fields as Record<string, string>) ?? { _: e.message };
    const c = await choices(api, req, res, lang);
    const { password: _pw, ...kept } = input;
    sendPage(req, res, {
      title: routeByPath('/staff/register')!.title,
      status: 422,
      content: (
        <CandidateRegisterPage
          lang={lang}
          values={{ ...Object.fromEntries(Object.entries(kept).map(([k, v]) => [k, v === null ? '' : Array.isArray(v) ? v : String(v)])), languages }}
          errors={errors}
          next={nextOf(b.next)}
          visaTypes={c.visaTypes}
          languages={c.languages}
        />
      ),
    });
  });

  for (const kind of ['daily', 'other'] as const) {
    router.post(`${BASE[kind]}/:id/apply`, form, async (req, res) => {
      const lang: Lang = res.locals.lang;
      const id = String(req.params.id);
      if (!res.locals.candidate) return res.redirect(303, `/staff/login?next=${encodeURIComponent(`${BASE[kind]}/${id}`)}`);
      const b = req.body as Record<string, unknown>;
      const r = await api.graphql(
        OPS.ApplyToJob,
        { jobId: id, shiftId: typeof b.shift_id === 'string' && b.shift_id ? b.shift_id : null, message: typeof b.message === 'string' ? b.message : null },
        candidateCaller(req, res),
      );
      const route = routeByPath(`${BASE[kind]}/[id]`)!;
      const ctx: PageContext = { req, res, lang, route, params: { id }, api };
      if (!r.errors?.length) {
        return detail(ctx, kind, { kind: 'ok', text: lang === 'ja' ? '応募しました。会社からのメッセージをお待ちください。' : 'You have applied. The company will message you soon.' });
      }
      const e = r.errors[0]!;
      const status = e.extensions?.code === 'CONFLICT' ? 409 : e.extensions?.code === 'NOT_FOUND' ? 404 : e.extensions?.code === 'FORBIDDEN' ? 403 : 422;
      return detail(ctx, kind, { kind: 'error', text: e.message }, status);
    });
  }
  return router;
}

export { CANDIDATE_COOKIE };
