/**
 * The applicant sheet: /admin/candidate/[id]/sheet (and /v3/admin/candidate/other/[id]/sheet), a
 * tab of the applicant's record. One printable page to hand to the client or the interviewer:
 * who the person is, what they may do in Japan, the job and the interviews, without the contact
 * details, the chat, the history or document numbers.
 *
 * The law: a placement agency may collect, keep and use a job seeker's personal data only as far
 * as the placement needs (職業安定法 第5条の5, and its guideline, 平成11年労働省告示第141号),
 * and giving personal data to a third party needs the person's consent (個人情報保護法 第27条第1項).
 * So the sheet leaves out what a client does not need to judge the candidate (e-mail, phone,
 * card and passport numbers), and says that it is to be shared only with the client of the
 * application. Whether the person agreed to their data going to that client is not modelled: the
 * sheet says so (docs/pipeline.md "The applicant sheet").
 */
import { m } from '../../../../shared/messages.ts';
import { tr, pickLang } from '../../../../shared/i18n.ts';
import { countryName } from '../../../../shared/countries.ts';
import { dateTimeText, dateYearText, hoursMinutesText } from '../../../../shared/format.ts';
import { textsOf } from '../../../../shared/texts/index.ts';
import { operation } from '../../../api/documents.ts';
import { DOCUMENT_KINDS } from '../../staff/defs/staff.ts';
import { Facts } from '../../../../views/ui/Facts.tsx';
import { TitledSection } from '../../../../views/ui/TitledSection.tsx';
import { StateBadge } from '../../../../views/ui/DataTable.tsx';
import { VisaExpiry } from '../../../../views/pages/admin/ApplicantRecord.tsx';
import { INTERVIEW_STATES } from '../../../../shared/states.ts';
import { defineScreen, errorPage, type Screen, type ScreenContext } from '../../../web/screen.ts';

export const texts = textsOf({
  'sheet.intro': m(
    'クライアントや面接担当者に渡すための1枚です。連絡先(メール・電話)、チャット、履歴、書類番号は載せていません。',
    'One page to hand to the client or the interviewer. Contact details (e-mail, phone), the chat, the history and document numbers are left out.',
  ),
  'sheet.share': m(
    'この応募の求人のクライアントにだけ渡してください(職業安定法第5条の5、個人情報保護法第27条)。本人の同意の記録はこの画面では確認できません。',
    'Share it only with the client of this application’s job (Employment Security Act art. 5-5, Act on the Protection of Personal Information art. 27). Whether the person agreed is not recorded here.',
  ),
  'sheet.print': m('印刷するとメニューとタブは省かれます。', 'When printed, the menu and the tabs are left out.'),
  'sheet.person': m('本人', 'The person'),
  'sheet.application': m('応募', 'The application'),
  'sheet.interviews': m('面接', 'Interviews'),
  'sheet.noInterviews': m('予定された面接はありません。', 'No interview is scheduled.'),
  'sheet.documents': m('登録済みの書類', 'Documents on file'),
  'sheet.noDocuments': m('登録済みの書類はありません。', 'No document is on file.'),
  'sheet.expires': m('{date}まで', 'until {date}'),
  'sheet.online': m('オンライン', 'Online'),
  'sheet.printedAt': m('作成: {time}', 'Made on {time}'),
});

/** What the sheet shows, and nothing more: the contact fields are not even asked for. */
const SHEET = operation(/* GraphQL */ `
  query ApplicantSheet($id: ID!) {
    applicantRecord(id: $id) {
      id candidateName nationality visaType visaExpiry visaDaysLeft languageNames
      jobTitle clientName shiftDate shiftStart shiftEnd createdAt
      status { value ja en }
      interviews { id startsAt minutes place onlineUrl status }
      documents { kind expiresOn }
    }
  }
`);

const sheetScreen = (path: string): Screen =>
  defineScreen({
    path,
    load: async (ctx: ScreenContext) => {
      const { applicantRecord } = await ctx.call(SHEET, { id: ctx.params.id ?? '' });
      if (!applicantRecord) throw errorPage('recordNotFound');
      return { a: applicantRecord, at: new Date().toISOString() };
    },
    view: ({ lang, msg, route }, { a, at }) => {
      const say = (key: Parameters<typeof texts>[1], vars?: Record<string, string | number>) => texts(lang, key, vars);
      return {
        title: { ja: `${a.candidateName} — ${route.title.ja}`, en: `${a.candidateName} — ${route.title.en}` },
        content: (
          <article className="applicant-record applicant-sheet">
            <div className="record-head">
              <h1>{a.candidateName}</h1>
              <p className="muted">
                {tr(lang, route.title)} · {say('sheet.printedAt', { time: dateTimeText(at, lang) })}
              </p>
            </div>
            <p className="hint">{say('sheet.intro')}</p>
            <p className="hint" role="note">
              {say('sheet.share')}
            </p>
            <p className="hint no-print">{say('sheet.print')}</p>
            <div className="record-columns">
              <TitledSection className="card" id="sheet-person" title={say('sheet.person')}>
                <Facts
                  className="record-facts"
                  rows={[
                    [msg('applicant.name'), a.candidateName],
                    [msg('applicant.nationality'), countryName(a.nationality, lang)],
                    [msg('applicant.languages'), a.languageNames.join(msg('list.separator'))],
                    [msg('applicant.visa'), a.visaType],
                    [msg('applicant.visaExpiry'), a.visaExpiry ? <VisaExpiry lang={lang} expiry={a.visaExpiry} daysLeft={a.visaDaysLeft} /> : null],
                  ]}
                />
              </TitledSection>
              <TitledSection className="card" id="sheet-application" title={say('sheet.application')}>
                <Facts
                  className="record-facts"
                  rows={[
                    [msg('applicant.jobTitle'), a.jobTitle],
                    [msg('applicant.client'), a.clientName],
                    [msg('applicant.shift'), a.shiftDate ? `${dateYearText(a.shiftDate, lang)} ${a.shiftStart ?? ''}–${a.shiftEnd ?? ''}` : null],
                    [msg('applicant.status'), pickLang(lang, a.status.ja, a.status.en)],
                    [msg('applicant.appliedAt'), dateTimeText(a.createdAt, lang)],
                  ]}
                />
              </TitledSection>
            </div>
            <TitledSection className="card" id="sheet-interviews" title={say('sheet.interviews')} empty={a.interviews.length === 0 && say('sheet.noInterviews')}>
              <ul className="record-interviews">
                {a.interviews.map((i) => (
                  <li key={i.id}>
                    <time dateTime={i.startsAt}>{dateTimeText(i.startsAt, lang)}</time> ({hoursMinutesText(i.minutes, lang)}) {i.onlineUrl ? say('sheet.online') : i.place}{' '}
                    <StateBadge lang={lang} states={INTERVIEW_STATES} value={i.status} />
                  </li>
                ))}
              </ul>
            </TitledSection>
            <TitledSection className="card" id="sheet-documents" title={say('sheet.documents')} empty={a.documents.length === 0 && say('sheet.noDocuments')}>
              <ul className="record-documents">
                {a.documents.map((d, i) => (
                  <li key={i}>
                    {tr(lang, DOCUMENT_KINDS.find((k) => k.value === d.kind)?.label ?? { ja: d.kind, en: d.kind })}
                    {d.expiresOn && ` · ${say('sheet.expires', { date: dateYearText(d.expiresOn, lang) })}`}
                  </li>
                ))}
              </ul>
            </TitledSection>
          </article>
        ),
      };
    },
  });

export const screens = [sheetScreen('/admin/candidate/[id]/sheet'), sheetScreen('/v3/admin/candidate/other/[id]/sheet')];
