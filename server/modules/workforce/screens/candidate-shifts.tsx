/**
 * The candidate's open shifts, /staff/shifts (docs/workforce.md "The shifts
 * page"): the free seats they may take, and taking one. Taking a seat is applying to the shift
 * (`applyToJob`, as the public board does), so the seat, the chat and the working-limit check are
 * the board's; a refusal comes back as the page's error in the candidate's language.
 */
import { pickLang } from '../../../../shared/i18n.ts';
import { dateText, minutesText, wageText } from '../../../../shared/format.ts';
import { addDays, isDay, todayInJapan } from '../../../../shared/time.ts';
import { DOCS, operation } from '../../../api/documents.ts';
import { MyShiftsPage } from '../../../../views/pages/public/MyShifts.tsx';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { defineScreen, ownCandidate, redirect, withRefusal, type Screen } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  MyOpenShifts: operation(
    /* GraphQL */ `query MyOpenShifts($date: String!) { myOpenShifts(date: $date) { shiftId jobId date start end breakMinutes titleJa titleEn companyJa companyEn place wage payType seatsLeft minutesLeft refusal } }`,
  ),
};

const PATH = '/staff/shifts';

const CANDIDATE_SHIFTS_SCREEN: Screen = defineScreen({
  path: PATH,
  load: async (ctx) => {
    const { call, candidateCaller, req } = ctx;
    const candidate = ownCandidate(ctx);
    const today = todayInJapan();
    const days = Array.from({ length: 15 }, (_, i) => addDays(today, i));
    const asked = queryText(req, 'date');
    const date = days.includes(asked) ? asked : today;
    return { name: candidate.name, date, days, shifts: (await call(OWN.MyOpenShifts, { date }, candidateCaller)).myOpenShifts };
  },
  view: ({ lang, req, msg }, { name, date, days, shifts }, state, act) => ({
    content: (
      <MyShiftsPage
        act={act}
        lang={lang}
        name={name}
        notice={queryText(req, 'claimed') ? msg('openShifts.claimed') : null}
        error={state?.errors._ ?? null}
        days={days.map((d) => ({ href: `${PATH}?date=${d}`, label: dateText(d, lang), current: d === date }))}
        shifts={shifts.map((s) => ({
          shiftId: s.shiftId,
          jobId: s.jobId,
          when: `${dateText(s.date, lang)} ${s.start}–${s.end}${s.breakMinutes ? ` (${msg('openShifts.break', { minutes: s.breakMinutes })})` : ''}`,
          title: pickLang(lang, s.titleJa, s.titleEn),
          company: pickLang(lang, s.companyJa, s.companyEn),
          place: s.place,
          // As the job boards say it: what the wage is per ("Hourly ¥1,300"), not a bare amount.
          pay: wageText(s.wage, s.payType),
          seats: msg(s.seatsLeft === 1 ? 'openShifts.seatsOne' : 'openShifts.seats', { n: s.seatsLeft }),
          left: s.minutesLeft === null || s.minutesLeft === undefined ? null : msg('openShifts.left', { left: minutesText(s.minutesLeft) }),
          refusal: s.refusal ?? null,
        }))}
      />
    ),
  }),
  actions: {
    claim: withRefusal({ errors: 'message' }, async ({ call, candidateCaller, req }, body) => {
      const v = formStrings(body, ['jobId', 'shiftId']);
      await call(DOCS.ApplyToJob, { jobId: v.jobId ?? '', shiftId: v.shiftId ?? '', message: '' }, candidateCaller);
      // Back to the day the shift was taken on, not today's list (which may have nothing).
      const day = queryText(req, 'date');
      return redirect(withFlag(isDay(day) ? `${PATH}?date=${day}` : PATH, 'claimed'));
    }),
  },
});

export const screens = [CANDIDATE_SHIFTS_SCREEN];
