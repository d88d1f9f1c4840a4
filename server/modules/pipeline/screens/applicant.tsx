/**
 * The applicant record: /admin/candidate/[id], and the same page at
 * /v3/admin/candidate/other/[id] for a role that works only part-time applicants. The moves the
 * caller may make are buttons; a move posts, runs the read model's move, and comes back with a
 * notice (post/redirect/get).
 */
import { pickLang, tr } from '../../../../shared/i18n.ts';
import { msg } from '../../../../shared/texts/index.ts';
import { DOCUMENT_KINDS } from '../../staff/defs/staff.ts';
import { ApplicantRecord } from '../../../../views/pages/admin/ApplicantRecord.tsx';
import { canEnter } from '../../../access/guard.ts';
import { hrefFor, routeByPath } from '../../../access/routes.ts';
import { operation } from '../../../api/documents.ts';
import { readModelDocuments } from '../../../api/graphql/read-models.ts';
import { applicationsReadModel } from '../defs/applications.ts';
import { interviewsReadModel } from '../defs/interviews.ts';
import { offersRow } from '../../../resources/define.ts';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { defineScreen, errorPage, failed, redirect, withRefusal, type Screen, type ScreenContext } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  ApplicantRecord: operation(/* GraphQL */ `
    query ApplicantRecord($id: ID!) {
      applicantRecord(id: $id) {
        id candidateName candidateEmail phone nationality visaType visaExpiry visaDaysLeft languages
        jobId jobKind jobTitle clientName shiftDate shiftStart shiftEnd
        status { value ja en } statusPath { value ja en } list moves { value ja en confirm } conversationId
        messages { seq senderRole senderName content messageType createdAt }
        attendance { status clockIn clockOut breakMinutes recordedBy }
        history { at actor from to note }
        interviews { id startsAt minutes place onlineUrl interviewers status }
        documents { kind number expiresOn note staffId }
        languageNames interviewClashes { interviewId startsAt minutes shiftDate shiftStart shiftEnd jobTitle }
        dispatch dispatchEditable createdAt updatedAt
      }
    }
  `),
  ScheduleInterview: operation(/* GraphQL */ `mutation ScheduleInterview($applicationId: ID!, $input: InterviewInput!) { scheduleInterview(applicationId: $applicationId, input: $input) }`),
  SetPlacementDispatch: operation(/* GraphQL */ `mutation SetPlacementDispatch($applicationId: ID!, $dispatch: Boolean!) { setPlacementDispatch(applicationId: $applicationId, dispatch: $dispatch) }`),
};

const MOVE = readModelDocuments(applicationsReadModel).move!;
/** An interview's result (pass, fail, hold) or its cancel: the interviews list's own actions, here for one interview. */
const INTERVIEW_ACTION = readModelDocuments(interviewsReadModel).action!;
const INTERVIEW_RESULTS = interviewsReadModel.actions ?? [];
const JOB_RECORD = { daily: '/v3/admin/jobs/[id]', other: '/admin/jobs/[id]' } as const;
/** Where a conversation is answered (`?c=<conversationId>` opens it). */
const INBOX = '/admin/inbox';

function applicantScreen(path: string): Screen {
  const load = async (ctx: ScreenContext) => {
    const { applicantRecord } = await ctx.call(OWN.ApplicantRecord, { id: ctx.params.id ?? '' });
    if (!applicantRecord) throw errorPage('recordNotFound');
    return applicantRecord;
  };
  return defineScreen({
    path,
    load,
    view: (ctx, a, state, act) => {
      const jobRoute = JOB_RECORD[a.jobKind === 'daily' ? 'daily' : 'other'];
      const mayOpenJob = ctx.user && ctx.roleMaps && canEnter(ctx.roleMaps, ctx.user.role, routeByPath(jobRoute)?.code);
      const moved = queryText(ctx.req, 'moved');
      const mayInterview = !!(ctx.user && ctx.roleMaps && canEnter(ctx.roleMaps, ctx.user.role, routeByPath('/admin/interview')?.code));
      const scheduled = queryText(ctx.req, 'interview') === '1';
      const mayOpenStaff = !!(ctx.user && ctx.roleMaps && canEnter(ctx.roleMaps, ctx.user.role, routeByPath('/admin/staff')?.code));
      const mayAnswer = !!(ctx.user && ctx.roleMaps && canEnter(ctx.roleMaps, ctx.user.role, routeByPath(INBOX)?.code));
      const movedTo = [a.status].find((s) => s.value === moved);
      const decided = INTERVIEW_RESULTS.find((r) => r.name === queryText(ctx.req, 'interviewed'));
      return {
        title: { ja: `${a.candidateName} — ${ctx.route.title.ja}`, en: `${a.candidateName} — ${ctx.route.title.en}` },
        content: (
          <ApplicantRecord
            act={act}
            lang={ctx.lang}
            a={a}
            jobHref={mayOpenJob ? hrefFor(jobRoute, { id: a.jobId }) : null}
            chatHref={mayAnswer && a.conversationId ? `${INBOX}?c=${encodeURIComponent(a.conversationId)}` : null}
            notice={
              movedTo
                ? ctx.msg('applicant.moved', { state: pickLang(ctx.lang, movedTo.ja, movedTo.en) })
                : scheduled
                  ? ctx.msg('interview.scheduled')
                  : decided
                    ? tr(ctx.lang, decided.done)
                    : queryText(ctx.req, 'placement') === '1'
                      ? msg(ctx.lang, 'placement.saved')
                      : null
            }
            error={state?.errors._ ?? null}
            documents={a.documents.map((d) => ({
              kind: tr(ctx.lang, DOCUMENT_KINDS.find((k) => k.value === d.kind)?.label ?? { ja: d.kind, en: d.kind }),
              number: d.number,
              expiresOn: d.expiresOn,
              note: d.note,
              href: mayOpenStaff ? `/admin/staff?id=${encodeURIComponent(d.staffId)}` : null,
            }))}
            // Each interview still to be decided gets the buttons the interviews list gives its row.
            interviewResults={
              mayInterview
                ? Object.fromEntries(
                    a.interviews.map((i) => [
                      i.id,
                      INTERVIEW_RESULTS.filter((r) => offersRow(r.rows, i)).map((r) => ({ value: r.name, label: tr(ctx.lang, r.label), confirm: r.confirm ? tr(ctx.lang, r.confirm) : null })),
                    ]),
                  )
                : {}
            }
            interviewForm={mayInterview ? { values: Object.fromEntries(Object.entries(state?.values ?? {}).map(([k, x]) => [k, typeof x === 'string' ? x : ''])), errors: state?.errors ?? {} } : null}
          />
        ),
      };
    },
    actions: {
      interview: async (ctx, body) => {
        const id = ctx.params.id ?? '';
        const v = formStrings(body, ['date', 'time', 'minutes', 'place', 'onlineUrl', 'interviewers']);
        await ctx.call(OWN.ScheduleInterview, {
          applicationId: id,
          input: { date: v.date ?? '', time: v.time ?? '', minutes: Number(v.minutes) || 0, place: v.place ?? '', onlineUrl: v.onlineUrl ?? '', interviewers: v.interviewers ?? '' },
        });
        return redirect(`${withFlag(hrefFor(path, { id }), 'interview')}#interviews`);
      },
      // `<action>:<interview id>`; the API checks the interview is the caller's and still to be decided.
      result: withRefusal({ values: () => ({}), errors: 'message' }, async (ctx, _body, arg) => {
        const [action = '', interviewId = ''] = (arg ?? '').split(':');
        const id = ctx.params.id ?? '';
        await ctx.call(INTERVIEW_ACTION, { ids: [interviewId], action });
        return redirect(`${withFlag(hrefFor(path, { id }), 'interviewed', action)}#interviews`);
      }),
      // Dispatch or direct employment (docs/workforce.md "The data behind the rules"): the button
      // names the other answer; the API refuses it once the application is in a working status.
      dispatch: withRefusal({ values: () => ({}), errors: 'message' }, async (ctx, _body, to) => {
        if (to !== 'direct' && to !== 'dispatch') return failed({}, { _: ctx.msg('list.unknownState') }, 422);
        const id = ctx.params.id ?? '';
        await ctx.call(OWN.SetPlacementDispatch, { applicationId: id, dispatch: to === 'dispatch' });
        return redirect(`${withFlag(hrefFor(path, { id }), 'placement')}#placement`);
      }),
      move: withRefusal({ values: () => ({}), errors: (r) => ({ _: r.fields.to ?? r.fields.ids ?? r.message }) }, async (ctx, _body, to) => {
        if (!to) return failed({}, { _: ctx.msg('list.unknownState') }, 422);
        const id = ctx.params.id ?? '';
        const d = await ctx.call<{ moveApplicant: { moved: string[] } }>(MOVE, { ids: [id], to });
        if (!d.moveApplicant.moved.includes(id)) return failed({}, { _: ctx.msg('applicant.moveRefused') }, 409);
        return redirect(withFlag(hrefFor(path, { id }), 'moved', to));
      }),
    },
  });
}

export const screens: readonly Screen[] = [applicantScreen('/admin/candidate/[id]'), applicantScreen('/v3/admin/candidate/other/[id]')];
