import type { ScreenContext } from '../../../web/screen.ts';
import { tr, type Lang, type Text } from '../../../../shared/i18n.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { dateLong, dateTimeText } from '../../../../shared/format.ts';
import { operation } from '../../../api/documents.ts';
import { queryText, withFlag } from '../../../web/kit.ts';
import { redirect } from '../../../web/screen.ts';
import type { RecordSection } from '../../../web/screens/record-section.ts';
import { ActionForm } from '../../../../views/ui/Action.tsx';
import { RecordFacts } from '../../../web/screens/record-facts.tsx';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  PersonDuplicates: operation(/* GraphQL */ `query PersonDuplicates($staffId: ID) { personDuplicates(staffId: $staffId) { kind staffId staffName otherId otherName otherEmail reasons } }`),
  PersonMerges: operation(/* GraphQL */ `query PersonMerges { personMerges { id kind intoStaffId intoName fromLabel reasons fields mergedBy mergedAt } }`),
  LinkStaffPerson: operation(/* GraphQL */ `mutation LinkStaffPerson($staffId: ID!, $userId: ID!) { linkStaffPerson(staffId: $staffId, userId: $userId) { mergeId } }`),
  MergeStaffRows: operation(/* GraphQL */ `mutation MergeStaffRows($fromId: ID!, $intoId: ID!) { mergeStaffRows(fromId: $fromId, intoId: $intoId) { mergeId } }`),
};

/**
 * One person on /admin/staff (docs/workforce.md "One person"): above the
 * registry list, the likely duplicates of the caller's registry with why they matched and the
 * merges recorded; on a registry row's page, its person (the linked candidate) and its own
 * duplicates, each with a merge button behind a confirmation (no JavaScript: a <details>).
 */
const REASONS: Record<string, Text> = {
  card: msgText('person.sameResidenceCard'),
  email: msgText('person.sameEmail'),
};
const reasonText = (lang: Lang, reasons: readonly string[]) =>
  reasons
    .map((r) => {
      const reason = REASONS[r];
      return reason ? tr(lang, reason) : r;
    })
    .join(' · ');
const KIND: Record<string, Text> = {
  link: msgText('person.rowToCandidate'),
  staff: msgText('person.rowToRow'),
};
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The panel above the registry list: every likely duplicate pair, and the merges recorded. */
export async function personListPanel(ctx: ScreenContext) {
  const [{ personDuplicates: pairs }, { personMerges: merges }] = await Promise.all([ctx.call(OWN.PersonDuplicates, {}), ctx.call(OWN.PersonMerges)]);
  const { lang } = ctx;
  return (
    <section className="panel person-duplicates" aria-labelledby="dup-title">
      <h2 id="dup-title">{msg(lang, 'person.possibleDuplicates')}</h2>
      <p className="hint">{msg(lang, 'person.duplicatesHint')}</p>
      {pairs.length === 0 ? (
        <p>{msg(lang, 'person.noPossibleDuplicates')}</p>
      ) : (
        <ul className="person-pairs">
          {pairs.map((p) => (
            <li key={`${p.staffId}:${p.otherId}`}>
              <a href={`${ctx.req.path}?id=${encodeURIComponent(p.staffId)}#person`}>{p.staffName}</a>
              {' ↔ '}
              {p.otherName}
              {p.otherEmail ? ` <${p.otherEmail}>` : ''} — {tr(lang, KIND[p.kind]!)}: <strong>{reasonText(lang, p.reasons)}</strong>
            </li>
          ))}
        </ul>
      )}
      {merges.length > 0 && (
        <details>
          <summary>{msg(lang, 'person.mergesRecorded')}</summary>
          <ul className="person-pairs">
            {merges.map((m) => (
              <li key={m.id}>
                {dateTimeText(m.mergedAt, lang)} · {m.fromLabel} → {m.intoName ?? '—'} · {reasonText(lang, m.reasons)} · {m.mergedBy}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

const NOTICE: Record<string, Text> = {
  linked: msgText('person.linked'),
  merged: msgText('person.merged'),
};

/** A registry row's person: its linked candidate, its likely duplicates and the merge forms. */
const personSection: RecordSection = {
  ops: ['personLink', 'personMerge'],
  async render(ctx, row, action, failed, act) {
    const { lang } = ctx;
    const { personDuplicates: pairs } = await ctx.call(OWN.PersonDuplicates, { staffId: String(row.id) });
    const done = text(queryText(ctx.req, 'person'));
    const person = text(row.person);
    return (
      <section className="panel" id="person" aria-labelledby="person-title">
        <h2 id="person-title">{msg(lang, 'person.onePerson')}</h2>
        {NOTICE[done] && !failed && (
          <p className="form-notice" role="status">
            {tr(lang, NOTICE[done])}
          </p>
        )}
        {failed?.errors._ && (
          <p className="alert alert-error" role="alert">
            {failed.errors._}
          </p>
        )}
        <RecordFacts
          facts={[
            [msg(lang, 'person.registeredCandidate'), person || msg(lang, 'person.notLinked')],
            [msg(lang, 'search.visa'), text(row.person_status) || '—'],
            [msg(lang, 'applicant.visaExpiry'), text(row.person_expiry) ? dateLong(text(row.person_expiry), lang) : '—'],
            [msg(lang, 'card.number'), text(row.card_number) || '—'],
            [msg(lang, 'record.cardCheck'), text(row.card_check) || '—'],
            [msg(lang, 'record.permissionOutsideStatus'), text(row.permission) || '—'],
            [msg(lang, 'person.languages'), text(row.person_languages) || '—'],
          ]}
        />
        <p className="hint">{msg(lang, 'person.linkedValuesHint')}</p>
        {pairs.length > 0 && <h3>{msg(lang, 'person.possibleDuplicates')}</h3>}
        {pairs.map((p) => (
          <details className="confirm danger-zone" key={p.otherId}>
            <summary>
              {p.otherName}
              {p.otherEmail ? ` <${p.otherEmail}>` : ''} — {reasonText(lang, p.reasons)}
            </summary>
            <ActionForm
              post={action}
              action={act.section}
              arg={p.kind === 'link' ? 'personLink' : 'personMerge'}
              button="btn btn-danger"
              label={p.kind === 'link' ? msg(lang, 'person.link') : msg(lang, 'person.merge')}
            >
              <input type="hidden" name="otherId" value={p.otherId} />
              <p>{p.kind === 'link' ? msg(lang, 'person.linkHint') : msg(lang, 'person.mergeHint')}</p>
            </ActionForm>
          </details>
        ))}
      </section>
    );
  },
  // A link or merge the API refuses is said above the section.
  onRefusal: { values: () => ({}), errors: 'message' },
  async post(ctx, id, body, o) {
    const other = text(body.otherId);
    if (body._op === 'personLink') await ctx.call(OWN.LinkStaffPerson, { staffId: id, userId: other });
    else await ctx.call(OWN.MergeStaffRows, { fromId: other, intoId: id });
    return redirect(`${withFlag(o.recordHref, 'person', body._op === 'personLink' ? 'linked' : 'merged')}#person`);
  },
};

/** One person's record page: the linked candidate and the row's duplicates. */
export const sections = { staffMember: personSection };
