/**
 * The public job boards and the candidate's own pages. A candidate's session lives in its own
 * cookie, `candidate_token` (DESIGN.md §5), so the guard's "signed in on a public page" rule, which
 * is about back-office users, never moves a candidate off the public site.
 */
import { DOCS, operation } from '../../api/documents.ts';
import { isLang, pickLang, type Lang } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { prefectureChoices } from '../../modules/jobs/prefectures.ts';
import { locationText, type PublicJobDetail } from '../../modules/jobs/public.ts';
import { CandidateChatPage, CandidateLoginPage, CandidateRegisterPage, MyApplicationsPage } from '../../../views/pages/public/Candidate.tsx';
import { DailyPage } from '../../../views/pages/public/Daily.tsx';
import { JobDetailPage, type JobDetailView } from '../../../views/pages/public/JobDetail.tsx';
import { type Choice, JobSearch, Pager } from '../../../views/pages/public/JobSearch.tsx';
import { PartTimePage } from '../../../views/pages/public/PartTime.tsx';
import { AdSlot, type AdView } from '../../../views/pages/public/Ads.tsx';
import type { ResultOf } from 'gql.tada';
import { DEVICE_COOKIE, deviceCookie, knownDevice, sessionCookie } from '../cookies.ts';
import { formList, formStrings, localPath, queryInt, queryText, withFlag } from '../kit.ts';
import { matchRoute } from '../../access/routes.ts';
import { candidateSignIn, CANDIDATE_COOKIE, defineScreen, errorPage, failed, file, recordGone, redirect, withRefusal, type OnRefusal, type Screen, type ScreenContext } from '../screen.ts';
import { MyPayPage } from '../../../views/pages/public/MyPay.tsx';
import { MyPointsPage } from '../../../views/pages/public/MyPoints.tsx';
import { payslipPdf } from '../pdf.ts';
import { shiftCalendar, shiftEventText } from '../../modules/pipeline/calendar.ts';
import { dateText, dateTimeText, yen } from '../../../shared/format.ts';
import { isUuid } from '../../../shared/ids.ts';
import { parseDay, todayInJapan } from '../../../shared/time.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  // The public boards' search choices: only the job types, visa types and languages they offer
  // (not every enumeration with every translation), in one call.
  BoardChoices: operation(/* GraphQL */ `
    query BoardChoices {
      enums {
        jobTypes { id enum_job_translate_value { language_key value } }
        visaTypes { id ja en }
      }
      languages { code ja en }
    }`),
  PublicJobs: operation(/* GraphQL */ `
    query PublicJobs($kind: String!, $filter: PublicJobFilter, $sort: String, $page: Int) {
      publicJobs(kind: $kind, filter: $filter, sort: $sort, page: $page) {
        total page size
        jobs { id kind title prefecture city station placeInOtherLanguage wage payType jobType nextDate openSeats company }
      }
    }`),
  PublicJob: operation(/* GraphQL */ `
    query PublicJob($kind: String!, $id: ID!) {
      publicJob(kind: $kind, id: $id) {
        id kind title description prefecture city station placeInOtherLanguage wage payType jobType overtime jobWeek readSkill
        languages visaTypes headcount company createdAt publishUntil nextDate openSeats
        shifts { id date start end breakMinutes wage openSeats }
      }
    }`),
  PublicAds: operation(/* GraphQL */ `
    query PublicAds($placement: String!, $featured: Boolean, $exceptJob: ID) {
      publicAds(placement: $placement, featured: $featured, exceptJob: $exceptJob) { id kind title body imageUrl clickUrl job { kind prefecture city wage payType } }
    }`),
  RegisterCandidate: operation(/* GraphQL */ `mutation RegisterCandidate($input: CandidateRegistrationInput!) { registerCandidate(input: $input) }`),
  ClockMyShift: operation(/* GraphQL */ `mutation ClockMyShift($id: ID!, $event: String!) { clockMyShift(id: $id, event: $event) }`),
  ConfirmApplication: operation(/* GraphQL */ `mutation ConfirmApplication($id: ID!) { confirmApplication(id: $id) }`),
  MyApplications: operation(
    /* GraphQL */ `query MyApplications { myApplications { id jobId kind title date start end status stage confirmable clock createdAt conversationId company prefecture city station } }`,
  ),
  MyChatMail: operation(/* GraphQL */ `query MyChatMail { myChatMail }`),
  SetMyChatMail: operation(/* GraphQL */ `mutation SetMyChatMail($enabled: Boolean!) { setMyChatMail(enabled: $enabled) }`),
  MyPay: operation(/* GraphQL */ `
    query MyPay {
      myPay {
        companies { companyId companyJa companyEn quickPayEnabled earnedUnpaid available minAmount feePercent minFee }
        lines { id workDate companyJa companyEn jobJa jobEn workedMinutes total withholding taxColumn net status }
        runs { id companyJa companyEn periodStart periodEnd payDate gross net status }
        advances { id requestedOn amount fee net status }
        bankAccount { bankCode bankName branchCode branchName accountType accountNumber holderKana }
      }
    }
  `),
  RequestQuickPay: operation(/* GraphQL */ `mutation RequestQuickPay($companyId: ID!, $amount: Int!) { requestQuickPay(companyId: $companyId, amount: $amount) { id fee net } }`),
  SaveBankAccount: operation(/* GraphQL */ `mutation SaveBankAccount($input: BankAccountInput!) { saveBankAccount(input: $input) { bankCode } }`),
  MyPoints: operation(/* GraphQL */ `
    query MyPoints {
      myPoints {
        balances { companyId companyJa companyEn balance }
        entries { id createdAt companyJa companyEn kind points reasonJa reasonEn expiresOn }
        referralCode
      }
    }`),
};

type Kind = 'daily' | 'other';
/** The API's job kind (a String in the schema) as the pages' own type. */
const asKind = (k: string): Kind => (k === 'daily' ? 'daily' : 'other');
const BASE: Record<Kind, '/daily' | '/part-time'> = { daily: '/daily', other: '/part-time' };

const wageText = (wage: number, payType: string | null) => (payType ? `${payType} ${yen(wage)}` : yen(wage));

/** The choices of the search and registration forms, in the page's language. */
async function choices({ call, lang }: ScreenContext) {
  const { enums, languages } = await call(OWN.BoardChoices);
  const valueIn = (e: { enum_job_translate_value: { language_key: string; value: string }[] }) => e.enum_job_translate_value.find((t) => t.language_key === lang)?.value ?? '';
  return {
    prefectures: prefectureChoices(lang),
    jobTypes: enums.jobTypes.map((e): Choice => ({ value: String(e.id), label: valueIn(e) })),
    visaTypes: enums.visaTypes.map((v): Choice => ({ value: String(v.id), label: v[lang] })),
    languages: languages.map((l): Choice => ({ value: l.code, label: l[lang] })),
  };
}

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
      return { values, data: r.publicJobs, choices: c, ads: a.publicAds };
    },
    view: ({ lang, route }, { values, data, choices: c, ads }) => {
      const jobs = data.jobs.map((j) => ({
        id: j.id,
        title: j.title,
        location: locationText(lang, j),
        wage: wageText(j.wage, j.payType),
        date: j.nextDate ? dateText(j.nextDate, lang) : undefined,
      }));
      const pages = Math.max(1, Math.ceil(data.total / data.size));
      const href = (p: number) => `${BASE[kind]}?${new URLSearchParams({ ...values, page: String(p) }).toString()}`;
      const search = <JobSearch lang={lang} action={BASE[kind]} values={values} daily={kind === 'daily'} {...c} />;
      const pager = <Pager lang={lang} page={data.page} pages={pages} href={href} />;
      const Board = kind === 'daily' ? DailyPage : PartTimePage;
      const filtered = Object.keys(values).some((k) => k !== 'sort');
      return {
        title: route.title,
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
        const mine = await call(OWN.MyApplications, {}, candidateCaller);
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
        wage: wageText(j.wage, j.payType),
        company: j.company,
        facts,
        shifts: j.shifts.map((s) => ({ id: s.id, date: dateText(s.date, lang), time: `${s.start}–${s.end}`, wage: yen(s.wage), seats: s.openSeats })),
        jsonLd: jobPostingJsonLd({ ...j, kind: asKind(j.kind) }, url),
      };
      const notice = state
        ? { kind: 'error' as const, text: Object.values(state.errors).join(' ') }
        : req.query.applied === '1'
          ? { kind: 'ok' as const, text: msg(lang, 'notice.applied') }
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
            ads={<AdSlot lang={lang} ads={adViews(ads, lang)} />}
          />
        ),
      };
    },
    actions: {
      // Applying: back to the job page with the notice (a refresh never applies twice).
      apply: withRefusal(APPLY_REFUSAL, async ({ call, candidate, candidateCaller, params }, body) => {
        const href = `${BASE[kind]}/${params.id ?? ''}`;
        if (!candidate) return candidateSignIn(href);
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

/** A refused step of an application (clocking, confirming) is said above the list; an internal failure reads as a refusal. */
const STEP_REFUSAL: OnRefusal = { errors: 'message', status: (r) => (r.status === 500 ? 422 : r.status) };

type MyApplication = ResultOf<typeof OWN.MyApplications>['myApplications'][number];

/** A shift the worker is placed on (asked to confirm, or confirmed) that has not passed: it goes in their calendar. */
const onCalendar = (a: MyApplication, today: string): a is MyApplication & { date: string; start: string; end: string } =>
  !!a.date && !!a.start && !!a.end && a.date >= today && (a.stage === 'kakunin' || a.stage === 'shukkin');

const myApplications = defineScreen({
  path: '/staff/applications',
  load: async ({ candidate, call, candidateCaller, req, lang, siteUrl }) => {
    if (!candidate) throw candidateSignIn('/staff/applications', 302);
    const apps = (await call(OWN.MyApplications, {}, candidateCaller)).myApplications;
    const today = todayInJapan();
    // ?calendar=<application>: the shift as a calendar file, in the page's language.
    const asked = queryText(req, 'calendar');
    if (asked) {
      const a = apps.find((x) => x.id === asked);
      if (!a || !onCalendar(a, today)) throw errorPage('recordNotFound');
      const link = siteUrl('/staff/applications');
      const body = shiftCalendar({ id: a.id, date: a.date, start: a.start, end: a.end, ...shiftEventText(lang, { job: a.title, company: a.company, place: a, link }) });
      throw file(`shift-${a.date}.ics`, 'text/calendar; charset=utf-8', Buffer.from(body));
    }
    return { name: candidate.name, apps, today };
  },
  view: ({ lang, route, req, msg }, { name, apps, today }, state, act) => ({
    title: route.title,
    content: (
      <MyApplicationsPage
        act={act}
        lang={lang}
        name={name}
        notice={
          queryText(req, 'confirmed')
            ? msg('candidate.confirmed')
            : queryText(req, 'clocked') === 'clockIn'
              ? msg('candidate.clockedIn')
              : queryText(req, 'clocked') === 'clockOut'
                ? msg('candidate.clockedOut')
                : null
        }
        error={state?.errors._ ?? null}
        applications={apps.map((a) => ({
          id: a.id,
          title: a.title,
          href: `${BASE[asKind(a.kind)]}/${a.jobId}`,
          date: a.date ? dateText(a.date, lang) : null,
          time: a.start ? `${a.start}–${a.end}` : null,
          status: a.status,
          confirmable: a.confirmable,
          clock: a.clock === 'clockIn' || a.clock === 'clockOut' ? a.clock : null,
          appliedAt: dateTimeText(a.createdAt, lang, { dateOnly: true }),
          chatHref: a.conversationId ? `/staff/chat?c=${encodeURIComponent(a.conversationId)}` : null,
          calendarHref: onCalendar(a, today) ? `/staff/applications?calendar=${encodeURIComponent(a.id)}` : null,
        }))}
      />
    ),
  }),
  actions: {
    // The candidate records arriving or leaving on the day (shukkin), from their phone.
    clock: withRefusal(STEP_REFUSAL, async ({ call, candidate, candidateCaller }, body) => {
      if (!candidate) return candidateSignIn('/staff/applications');
      const v = formStrings(body, ['application', 'event']);
      await call(OWN.ClockMyShift, { id: v.application ?? '', event: v.event ?? '' }, candidateCaller);
      return redirect(withFlag('/staff/applications', 'clocked', v.event ?? ''));
    }),
    // The candidate confirms a shift (kakunin): back to the list with the notice (post/redirect/get).
    confirm: withRefusal(STEP_REFUSAL, async ({ call, candidate, candidateCaller }, body) => {
      if (!candidate) return candidateSignIn('/staff/applications');
      const v = formStrings(body, ['application']);
      await call(OWN.ConfirmApplication, { id: v.application ?? '' }, candidateCaller);
      return redirect(withFlag('/staff/applications', 'confirmed'));
    }),
  },
});

/** The worker's pay: quick pay, payslips (PDF), daily pay, the bank account. */
const myPay = defineScreen({
  path: '/staff/pay',
  load: async ({ req, candidate, call, candidateCaller }) => {
    if (!candidate) throw candidateSignIn('/staff/pay', 302);
    const slip = queryText(req, 'payslip');
    if (isUuid(slip)) {
      const { myPayslip } = await call(DOCS.MyPayslip, { id: slip }, candidateCaller);
      if (!myPayslip) throw errorPage('recordNotFound');
      throw file(`payslip-${myPayslip.periodEnd}.pdf`, 'application/pdf', await payslipPdf(myPayslip, isLang(myPayslip.lang) ? myPayslip.lang : 'ja'));
    }
    return { name: candidate.name, pay: (await call(OWN.MyPay, {}, candidateCaller)).myPay };
  },
  view: ({ lang, route, req, msg }, { name, pay }, state, act) => {
    const values = Object.fromEntries(Object.entries(state?.values ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
    const net = queryText(req, 'net');
    return {
      title: route.title,
      content: (
        <MyPayPage
          act={act}
          lang={lang}
          name={name}
          notice={queryText(req, 'saved') ? msg('money.bankSaved') : net ? msg('money.requested', { fee: yen(Number(queryText(req, 'fee')) || 0), net: yen(Number(net) || 0) }) : null}
          errors={state?.errors ?? {}}
          values={values}
          companies={pay.companies.map((c) => ({
            companyId: c.companyId,
            company: pickLang(lang, c.companyJa, c.companyEn),
            enabled: c.quickPayEnabled,
            available: c.available,
            earned: c.earnedUnpaid,
            minAmount: c.minAmount,
            feePercent: c.feePercent,
            minFee: c.minFee,
          }))}
          bank={pay.bankAccount ? { ...pay.bankAccount, accountType: String(pay.bankAccount.accountType) } : null}
          runs={pay.runs.map((r) => ({ ...r, company: pickLang(lang, r.companyJa, r.companyEn), pdf: 'PDF' }))}
          lines={pay.lines.map((l) => ({ ...l, job: pickLang(lang, l.jobJa, l.jobEn) }))}
          advances={pay.advances}
        />
      ),
    };
  },
  actions: {
    // A refusal about the amount is said beside it; any other also above the form.
    quickpay: withRefusal({ errors: (r) => ({ ...(r.formErrors.amount ? {} : { _: r.message }), ...r.formErrors }) }, async ({ call, candidate, candidateCaller }, body) => {
      if (!candidate) return candidateSignIn('/staff/pay');
      const v = formStrings(body, ['companyId', 'amount']);
      const { requestQuickPay: r } = await call(OWN.RequestQuickPay, { companyId: v.companyId ?? '', amount: Number(v.amount) || 0 }, candidateCaller);
      return redirect(`/staff/pay?fee=${r.fee}&net=${r.net}`);
    }),
    bank: async ({ call, candidate, candidateCaller }, body) => {
      if (!candidate) return candidateSignIn('/staff/pay');
      const v = formStrings(body, ['bankCode', 'bankName', 'branchCode', 'branchName', 'accountType', 'accountNumber', 'holderKana']);
      await call(
        OWN.SaveBankAccount,
        {
          input: {
            bankCode: v.bankCode ?? '',
            bankName: v.bankName ?? '',
            branchCode: v.branchCode ?? '',
            branchName: v.branchName ?? '',
            accountType: Number(v.accountType) || 0,
            accountNumber: v.accountNumber ?? '',
            holderKana: v.holderKana ?? '',
          },
        },
        candidateCaller,
      );
      return redirect(withFlag('/staff/pay', 'saved'));
    },
  },
});

/** The candidate's points (docs/points.md): balances per wallet, history, the invite link. */
const myPoints = defineScreen({
  path: '/staff/points',
  load: async ({ candidate, call, candidateCaller }) => {
    if (!candidate) throw candidateSignIn('/staff/points', 302);
    return { name: candidate.name, points: (await call(OWN.MyPoints, {}, candidateCaller)).myPoints };
  },
  view: ({ lang, route, msg, siteUrl }, { name, points }) => {
    const wallet = (ja: string, en: string, platform: boolean) => (platform ? msg('points.platform') : pickLang(lang, ja, en));
    return {
      title: route.title,
      content: (
        <MyPointsPage
          lang={lang}
          name={name}
          balances={points.balances.map((b) => ({ wallet: wallet(b.companyJa, b.companyEn, b.companyId === null), balance: b.balance }))}
          entries={points.entries.map((e) => ({ ...e, wallet: wallet(e.companyJa, e.companyEn, e.companyJa === ''), reason: pickLang(lang, e.reasonJa, e.reasonEn) }))}
          inviteUrl={siteUrl(`/staff/register?ref=${encodeURIComponent(points.referralCode)}`)}
        />
      ),
    };
  },
});

const conversationParam = (v: unknown) => (typeof v === 'string' && isUuid(v) ? v.toLowerCase() : null);

/**
 * The candidate's chat page: the CandidateChat island talks to the chat socket with the candidate's
 * cookie. `?c=` opens that conversation first (the island checks it is the candidate's: only their
 * own conversations ever reach it).
 */
const candidateChat = defineScreen({
  path: '/staff/chat',
  load: async ({ req, candidate, call, candidateCaller }) => {
    const initial = conversationParam(queryText(req, 'c'));
    if (!candidate) throw candidateSignIn(initial ? `/staff/chat?c=${initial}` : '/staff/chat', 302);
    const { myChatMail } = await call(OWN.MyChatMail, {}, candidateCaller);
    return { name: candidate.name, initial, chatMail: myChatMail };
  },
  view: ({ lang, route, req }, d, _state, act) => ({
    title: route.title,
    content: <CandidateChatPage act={act} lang={lang} name={d.name} initial={d.initial} chatMail={d.chatMail} saved={req.query.saved === '1'} />,
  }),
  actions: {
    // The switch for mail about unread answers (server/chat/mail.ts); back to the conversation being read.
    mail: async ({ candidate, call, candidateCaller }, body) => {
      const c = conversationParam(body.c);
      const back = `/staff/chat?${c ? `c=${c}&` : ''}saved=1`;
      if (!candidate) return candidateSignIn(back);
      await call(OWN.SetMyChatMail, { enabled: body.enabled === '1' }, candidateCaller);
      return redirect(back);
    },
  },
});

/**
 * Where a candidate goes once signed in: a same-site page they asked for, else their applications.
 * Never a back-office page: their session is not one, so it would only send them to a login again.
 */
export function candidateNext(v: unknown): string {
  const home = '/staff/applications';
  const to = localPath(typeof v === 'string' && v ? v : home, home);
  return matchRoute(new URL(to, 'http://tsunagu.invalid').pathname)?.route.kind === 'admin' ? home : to;
}
const nextOf = candidateNext;

const candidateLogin = defineScreen({
  path: '/staff/login',
  load: ({ candidate, req }) => {
    if (candidate) throw redirect(nextOf(req.query.next), 302);
    return null;
  },
  view: ({ lang, route, req }, _d, state, act) => ({
    title: route.title,
    content: (
      <CandidateLoginPage
        act={act}
        lang={lang}
        email={typeof state?.values.email === 'string' ? state.values.email : undefined}
        error={state ? Object.values(state.errors).join(' ') : undefined}
        next={nextOf(state?.values.next ?? req.query.next)}
        notice={
          state
            ? undefined
            : req.query.registered === '1'
              ? msg(lang, 'notice.registered')
              : req.query.reset === '1'
                ? msg(lang, 'notice.passwordChanged')
                : req.query.ended === '1'
                  ? msg(lang, 'session.ended')
                  : undefined
        }
      />
    ),
  }),
  bare: 'login',
  actions: {
    login: withRefusal({ values: (body) => loginKept(formStrings(body, ['email', 'next'])) }, async ({ call, caller, req, res, lang }, body) => {
      const v = formStrings(body, ['email', 'password', 'next']);
      const r = await call(DOCS.Login, { email: v.email ?? '', password: v.password ?? '', device: knownDevice(req) }, { ...caller, token: undefined });
      // A back-office account is not a candidate account: the same answer as a wrong password.
      if (r.login.user.role !== 'candidate') return failed(loginKept(v), { _: msg(lang, 'error.badLogin') }, 401);
      res.cookie(CANDIDATE_COOKIE, r.login.token, sessionCookie(req));
      res.cookie(DEVICE_COOKIE, r.login.device, deviceCookie(req));
      return redirect(nextOf(v.next));
    }),
  },
});

/** What a failed sign-in shows again: the address and where they were going, never the password. */
const loginKept = (v: Record<string, string>) => ({ email: v.email ?? '', next: v.next ?? '' });

/** A friend's referral code from a link or the form (docs/points.md), or nothing when it is not one. */
const referralOf = (v: unknown): string | undefined => (typeof v === 'string' && /^[A-Z0-9]{6,12}$/.test(v) ? v : undefined);

const REGISTER_KEPT = ['name', 'email', 'phone', 'nationality', 'visa_type_id', 'visa_expiry', 'birth_date', 'name_kana', 'sex', 'address', 'next', 'ref'];

const candidateRegister = defineScreen({
  path: '/staff/register',
  load: (ctx) => choices(ctx),
  view: ({ lang, route, req }, c, state, act) => ({
    title: route.title,
    content: (
      <CandidateRegisterPage
        act={act}
        lang={lang}
        values={(state?.values ?? {}) as Record<string, string | string[]>}
        errors={state?.errors ?? {}}
        next={nextOf(state?.values.next ?? req.query.next)}
        referral={referralOf(state?.values.ref ?? req.query.ref)}
        visaTypes={c.visaTypes}
        languages={c.languages}
      />
    ),
  }),
  actions: {
    // Everything typed comes back except the password; a refusal of what was typed is a 422.
    register: withRefusal(
      { values: (body) => ({ ...formStrings(body, REGISTER_KEPT), languages: formList(body, 'languages') }), status: (r) => (r.status === 500 ? 500 : 422) },
      async ({ call, caller, req, res }, body) => {
        const s = formStrings(body, ['name', 'email', 'password', 'phone', 'nationality', 'visa_type_id', 'visa_expiry', 'birth_date', 'name_kana', 'sex', 'address', 'next', 'ref']);
        const languages = formList(body, 'languages');
        const visa = s.visa_type_id ?? '';
        const input = {
          name: s.name ?? '',
          email: s.email ?? '',
          password: s.password ?? '',
          phone: s.phone || null,
          nationality: s.nationality ?? '',
          visa_type_id: /^\d+$/.test(visa) ? Number(visa) : null,
          visa_expiry: s.visa_expiry ?? '',
          languages,
          birth_date: s.birth_date || null,
          name_kana: s.name_kana || null,
          sex: s.sex || null,
          address: s.address || null,
          referral: referralOf(s.ref) ?? null,
        };
        await call(OWN.RegisterCandidate, { input });
        // Registered: signed in at once and back to where they were going (the job they meant to apply to).
        try {
          const r = await call(DOCS.Login, { email: input.email, password: input.password, device: knownDevice(req) }, { ...caller, token: undefined });
          res.cookie(CANDIDATE_COOKIE, r.login.token, sessionCookie(req));
          res.cookie(DEVICE_COOKIE, r.login.device, deviceCookie(req));
          return redirect(nextOf(s.next));
        } catch {
          return redirect(`/staff/login?registered=1&next=${encodeURIComponent(nextOf(s.next))}`);
        }
      },
    ),
  },
});

export const CANDIDATE_SCREENS: readonly Screen[] = [
  board('daily'),
  board('other'),
  jobScreen('daily'),
  jobScreen('other'),
  myApplications,
  myPay,
  myPoints,
  candidateChat,
  candidateLogin,
  candidateRegister,
];
