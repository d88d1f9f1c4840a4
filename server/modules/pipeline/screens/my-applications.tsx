/**
 * The candidate's applications (/staff/applications): where each stands, confirming a shift
 * (kakunin), clocking in and out on the day (shukkin), and a placed shift as a calendar file.
 */
import type { ResultOf } from 'gql.tada';
import { operation } from '../../../api/documents.ts';
import { dateText, dateTimeText } from '../../../../shared/format.ts';
import { todayInJapan } from '../../../../shared/time.ts';
import { MyApplicationsPage } from '../../../../views/pages/public/Candidate.tsx';
import { recordedShiftText } from '../../../../views/ui/recorded-shift.ts';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { defineScreen, ownCandidate, errorPage, file, redirect, withRefusal, type OnRefusal, type Screen } from '../../../web/screen.ts';
import { asKind, BASE } from '../../jobs/screens/board-kit.ts';
import { shiftCalendar, shiftEventText } from '../calendar.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  ClockMyShift: operation(/* GraphQL */ `mutation ClockMyShift($id: ID!, $event: String!) { clockMyShift(id: $id, event: $event) }`),
  ConfirmApplication: operation(/* GraphQL */ `mutation ConfirmApplication($id: ID!) { confirmApplication(id: $id) }`),
  MyApplications: operation(
    /* GraphQL */ `query MyApplications { myApplications { id jobId kind title date start end status stage confirmable clock attendance { status clockIn clockOut breakMinutes } createdAt conversationId company prefecture city station interview { startsAt minutes place onlineUrl } } }`,
  ),
};

/** A refused step of an application (clocking, confirming) is said above the list; an internal failure reads as a refusal. */
const STEP_REFUSAL: OnRefusal = { errors: 'message', status: (r) => (r.status === 500 ? 422 : r.status) };

type MyApplication = ResultOf<typeof OWN.MyApplications>['myApplications'][number];

/** A shift the worker is placed on (asked to confirm, or confirmed) that has not passed: it goes in their calendar. */
const onCalendar = (a: MyApplication, today: string): a is MyApplication & { date: string; start: string; end: string } =>
  !!a.date && !!a.start && !!a.end && a.date >= today && (a.stage === 'kakunin' || a.stage === 'shukkin');

const myApplications = defineScreen({
  path: '/staff/applications',
  load: async (ctx) => {
    const { call, candidateCaller, req, lang, siteUrl } = ctx;
    const candidate = ownCandidate(ctx);
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
  view: ({ lang, req, msg }, { name, apps, today }, state, act) => ({
    content: (
      <MyApplicationsPage
        act={act}
        lang={lang}
        name={name}
        notice={
          queryText(req, 'registered')
            ? msg('candidate.registered')
            : queryText(req, 'confirmed')
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
          recorded: a.attendance && recordedShiftText(lang, a.attendance, a.date),
          appliedAt: dateTimeText(a.createdAt, lang, { dateOnly: true }),
          interview: a.interview && { when: dateTimeText(a.interview.startsAt, lang), minutes: a.interview.minutes, place: a.interview.place, onlineUrl: a.interview.onlineUrl },
          chatHref: a.conversationId ? `/staff/chat?c=${encodeURIComponent(a.conversationId)}` : null,
          calendarHref: onCalendar(a, today) ? `/staff/applications?calendar=${encodeURIComponent(a.id)}` : null,
        }))}
      />
    ),
  }),
  actions: {
    // The candidate records arriving or leaving on the day (shukkin), from their phone.
    clock: withRefusal(STEP_REFUSAL, async ({ call, candidateCaller }, body) => {
      const v = formStrings(body, ['application', 'event']);
      await call(OWN.ClockMyShift, { id: v.application ?? '', event: v.event ?? '' }, candidateCaller);
      return redirect(withFlag('/staff/applications', 'clocked', v.event ?? ''));
    }),
    // The candidate confirms a shift (kakunin): back to the list with the notice (post/redirect/get).
    confirm: withRefusal(STEP_REFUSAL, async ({ call, candidateCaller }, body) => {
      const v = formStrings(body, ['application']);
      await call(OWN.ConfirmApplication, { id: v.application ?? '' }, candidateCaller);
      return redirect(withFlag('/staff/applications', 'confirmed'));
    }),
  },
});

export const screens: readonly Screen[] = [myApplications];
