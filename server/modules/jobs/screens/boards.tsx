/**
 * The public job boards, /daily and /part-time, and a job's page, where a signed-in candidate
 * applies. A candidate's session lives in its own cookie, `candidate_token` (DESIGN.md §5), so the
 * guard's "signed in on a public page" rule, which is about back-office users, never moves a
 * candidate off the public site.
 */
import type { ResultOf } from 'gql.tada';
import { DOCS, operation } from '../../../api/documents.ts';
import type { Lang } from '../../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../../shared/messages.ts';
import { dateText, wageText, yen } from '../../../../shared/format.ts';
import { parseDay } from '../../../../shared/time.ts';
import { DailyPage } from '../../../../views/pages/public/Daily.tsx';
import { JobDetailPage, type JobDetailView } from '../../../../views/pages/public/JobDetail.tsx';
import { JobSearch, Pager } from '../../../../views/pages/public/JobSearch.tsx';
import { PartTimePage } from '../../../../views/pages/public/PartTime.tsx';
import { AdSlot, type AdView } from '../../../../views/pages/public/Ads.tsx';
import { formStrings, queryInt, queryText, withFlag } from '../../../web/kit.ts';
import { candidateSignIn, defineScreen, errorPage, recordGone, redirect, withRefusal, type OnRefusal, type Screen } from '../../../web/screen.ts';
import { locationText, type PublicJobDetail } from '../public.ts';
import { asKind, BASE, choices, type Kind } from './board-kit.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  PublicJobs: operation(/* GraphQL */ `
    query PublicJobs($kind: String!, $filter: PublicJobFilter, $sort: String, $page: Int) {
      publicJobs(kind: $kind, filter: $filter, sort: $sort, page: $page) {
        total page size
        jobs { id kind title prefecture city station placeInOtherLanguage wage payType hourlyPay jobType nextDate openSeats company }
      }
    }`),
  PublicJob: operation(/* GraphQL */ `
    query PublicJob($kind: String!, $id: ID!) {
      publicJob(kind: $kind, id: $id) {
        id kind title description prefecture city station placeInOtherLanguage wage payType hourlyPay jobType overtime jobWeek readSkill
        languages visaTypes headcount company createdAt publishUntil nextDate openSeats
        shifts { id date start end breakMinutes wage openSeats }
      }
    }`),
  PublicAds: operation(/* GraphQL */ `
    query PublicAds($placement: String!, $featured: Boolean, $exceptJob: ID) {
      publicAds(placement: $placement, featured: $featured, exceptJob: $exceptJob) { id kind title body imageUrl clickUrl job { kind prefecture city wage payType } }
    }`),
  // Which of the job's shifts the signed-in candidate has applied to.
  MyAppliedShifts: operation(/* GraphQL */ `query MyAppliedShifts { myApplications { jobId date start } }`),
};

type PublicAds = ResultOf<typeof OWN.PublicAds>['publicAds'];

/** The ads of a page as the view draws them: a featured job's place and pay in the page's language. */
const adViews = (ads: PublicAds, lang: Lang): AdView[] =>
  ads.map((a) => ({
    id: a.id,
    kind: a.kind === 'featured' ? 'featured' : 'banner',
    title: a.title,
    body: a.body,
    href: a.clickUrl,
    image: a.imageUrl ?? null,
    ...(a.job ? { location: locationText(lang, a.job), wage: wageText(a.job.wage, a.job.payType ?? null) } : {}),
  }));

/** A page of a board's search: its filters and sort as the form sent them, and the page's number. */
const boardHref = (kind: Kind, values: Record<string, string>, page: number) => `${BASE[kind]}?${new URLSearchParams({ ...values, page: String(page) }).toString()}`;

const int = (s: string) => (/^\d{1,7}$/.test(s) ? Number(s) : null);

const board = (kind: Kind): Screen =>
  defineScreen({
    path: BASE[kind],
    load: async (ctx) => {
      const { req, call } = ctx;
      const values = Object.fromEntries(['q', 'station', 'prefecture', 'date', 'minWage', 'jobType', 'language', 'visa', 'sort'].map((k) => [k, queryText(req, k)]).filter(([, v]) => v)) as Record<
        string,
        string
      >;
      const page = queryInt(req, 'page', { min: 1, max: 100_000, fallback: 1 });
      const filter = {
        q: values.q || null,
        station: values.station?.slice(0, 50) || null,
        prefecture: values.prefecture || null,
        date: kind === 'daily' ? parseDay(values.date) : null,
        minWage: int(values.minWage ?? ''),
        jobTypeId: int(values.jobType ?? ''),
        language: /^[a-z]{2}$/.test(values.language ?? '') ? values.language : null,
        visaTypeId: int(values.visa ?? ''),
      };
      const [r, c, a] = await Promise.all([
        call(OWN.PublicJobs, { kind, filter, sort: values.sort ?? 'new', page }),
        choices(ctx),
        // Featured jobs only on the plain board: on a search they would not match it. A HEAD
        // request shows nobody anything, so it asks for (and counts) no ads.
        req.method === 'HEAD' ? { publicAds: [] } : call(OWN.PublicAds, { placement: kind === 'daily' ? 'daily' : 'part_time', featured: !Object.keys(values).some((k) => k !== 'sort') }),
      ]);
      // A page past the last (an old link, after jobs closed) would show a count and no job, with
      // no pager to go back by: the last page of the same search is shown instead.
      const last = Math.max(1, Math.ceil(r.publicJobs.total / r.publicJobs.size));
      if (page > last) throw redirect(boardHref(kind, values, last), 302);
      return { values, data: r.publicJobs, choices: c, ads: a.publicAds };
    },
    view: ({ lang }, { values, data, choices: c, ads }) => {
      const jobs = data.jobs.map((j) => ({
        id: j.id,
        title: j.title,
        location: locationText(lang, j),
        wage: wageText(j.wage, j.payType, { lang, hourlyPay: j.hourlyPay }),
        date: j.nextDate ? dateText(j.nextDate, lang) : undefined,
      }));
      const pages = Math.max(1, Math.ceil(data.total / data.size));
      const href = (p: number) => boardHref(kind, values, p);
      const search = <JobSearch lang={lang} action={BASE[kind]} values={values} daily={kind === 'daily'} {...c} />;
      const pager = <Pager lang={lang} page={data.page} pages={pages} href={href} />;
      const Board = kind === 'daily' ? DailyPage : PartTimePage;
      const filtered = Object.keys(values).some((k) => k !== 'sort');
      return {
        content: <Board lang={lang} jobs={jobs} search={search} filtered={filtered} total={data.total} pager={pager} ads={<AdSlot lang={lang} ads={adViews(ads, lang)} />} />,
      };
    },
  });

/** schema.org JobPosting for search engines; safe inside a <script> element. */
function jobPostingJsonLd(j: PublicJobDetail, url: string): string {
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

const jobScreen = (kind: Kind): Screen =>
  defineScreen({
    path: `${BASE[kind]}/[id]`,
    load: async ({ call, params, candidate, candidateCaller, req }) => {
      const [{ publicJob: j }, { publicAds: ads }] = await Promise.all([
        call(OWN.PublicJob, { kind, id: params.id ?? '' }),
        req.method === 'HEAD' ? { publicAds: [] } : call(OWN.PublicAds, { placement: kind === 'daily' ? 'daily_job' : 'part_time_job', exceptJob: params.id ?? null }),
      ]);
      if (!j) throw errorPage('recordNotFound');
      let applied = { toJob: false, shiftIds: [] as string[] };
      if (candidate) {
        const mine = await call(OWN.MyAppliedShifts, {}, candidateCaller);
        const forJob = mine.myApplications.filter((a) => a.jobId === j.id);
        applied = { toJob: forJob.length > 0, shiftIds: j.shifts.filter((s) => forJob.some((a) => a.date === s.date && a.start === s.start)).map((s) => s.id) };
      }
      return { j, applied, ads };
    },
    view: ({ lang, req, candidate, siteUrl }, { j, applied, ads }, state, act) => {
      const list = (items: string[]) => items.join(msg(lang, 'list.separator'));
      const rows: [MessageKey, string | null][] = [
        ['job.jobType', j.jobType],
        ['job.jobWeek', j.jobWeek],
        ['job.overtime', j.overtime],
        ['job.readSkill', j.readSkill],
        ['job.languages', list(j.languages)],
        ['job.visaTypes', list(j.visaTypes) || msg(lang, 'job.anyStatus')],
        ['job.headcount', String(j.headcount)],
      ];
      const facts = rows.filter((f): f is [MessageKey, string] => !!f[1]).map(([label, value]) => ({ label, value }));
      const base = BASE[kind];
      const url = siteUrl(`${base}/${j.id}`);
      const view: JobDetailView = {
        id: j.id,
        kind,
        title: j.title,
        description: j.description,
        location: locationText(lang, { ...j, station: '' }),
        station: j.station,
        wage: wageText(j.wage, j.payType, { lang, hourlyPay: j.hourlyPay }),
        company: j.company,
        facts,
        shifts: j.shifts.map((s) => ({ id: s.id, date: dateText(s.date, lang), time: `${s.start}–${s.end}`, wage: yen(s.wage), seats: s.openSeats })),
        jsonLd: jobPostingJsonLd({ ...j, kind: asKind(j.kind) }, url),
      };
      const notice = state
        ? { kind: 'error' as const, text: Object.values(state.errors).join(' ') }
        : req.query.applied === '1'
          ? { kind: 'ok' as const, text: msg(lang, 'notice.applied') }
          : req.query.registered === '1'
            ? { kind: 'ok' as const, text: msg(lang, 'notice.registeredApply') }
            : undefined;
      return {
        title: j.title,
        description: `${j.company} · ${view.location} · ${view.wage}`,
        content: (
          <JobDetailPage
            act={act}
            lang={lang}
            job={view}
            candidate={candidate ? { name: candidate.name } : null}
            notice={notice}
            appliedShiftIds={applied.shiftIds}
            appliedToJob={applied.toJob}
            message={typeof state?.values.message === 'string' ? state.values.message : ''}
            ads={<AdSlot lang={lang} ads={adViews(ads, lang)} />}
          />
        ),
      };
    },
    actions: {
      // Applying: back to the job page with the notice (a refresh never applies twice).
      apply: withRefusal(APPLY_REFUSAL, async (ctx, body) => {
        const { call, candidate, candidateCaller, params } = ctx;
        const href = `${BASE[kind]}/${params.id ?? ''}`;
        if (!candidate) return candidateSignIn(ctx, href, body);
        const v = formStrings(body, ['shift_id', 'message']);
        await call(DOCS.ApplyToJob, { jobId: params.id ?? '', shiftId: v.shift_id || null, message: v.message ?? null }, candidateCaller);
        return redirect(withFlag(href, 'applied'));
      }),
    },
  });

/**
 * A refused application is said on the job page. A shift the law or the card check keeps them
 * from is a rule of the work, not a page they may not open: 409, with the reason the API gives.
 */
const APPLY_REFUSAL: OnRefusal = { errors: 'message', status: (r) => (r.status === 500 ? 422 : r.code === 'FORBIDDEN' ? 409 : r.status), answer: recordGone };

export const screens: readonly Screen[] = [board('daily'), board('other'), jobScreen('daily'), jobScreen('other')];
