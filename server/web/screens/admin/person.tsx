import type { ScreenContext } from '../../screen.ts';
import { tr, type Lang, type Text } from '../../../../shared/i18n.ts';
import { dateLong, dateTimeText } from '../../../../shared/format.ts';
import { DOCS } from '../../../api/documents.ts';
import { queryText, withFlag } from '../../kit.ts';
import { redirect } from '../../screen.ts';
import type { RecordSection } from '../record-section.ts';
import { ActionButton } from '../../../../views/ui/Action.tsx';

/**
 * One person on /admin/staff (docs/workforce.md "One person"): above the
 * registry list, the likely duplicates of the caller's registry with why they matched and the
 * merges recorded; on a registry row's page, its person (the linked candidate) and its own
 * duplicates, each with a merge button behind a confirmation (no JavaScript: a <details>).
 */
const t = (ja: string, en: string): Text => ({ ja, en });
const REASONS: Record<string, Text> = {
  card: t('在留カード番号が同じ', 'Same residence-card number'),
  email: t('メールアドレスが同じ（大文字・小文字を区別しない）', 'Same e-mail (any capitals)'),
};
const reasonText = (lang: Lang, reasons: readonly string[]) => reasons.map((r) => tr(lang, REASONS[r] ?? t(r, r))).join(' · ');
const KIND: Record<string, Text> = {
  link: t('スタッフ ↔ 登録ユーザー', 'Registry row ↔ registered candidate'),
  staff: t('スタッフ ↔ スタッフ', 'Registry row ↔ registry row'),
};
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The panel above the registry list: every likely duplicate pair, and the merges recorded. */
export async function personListPanel(ctx: ScreenContext) {
  const [{ personDuplicates: pairs }, { personMerges: merges }] = await Promise.all([ctx.call(DOCS.PersonDuplicates, {}), ctx.call(DOCS.PersonMerges)]);
  const { lang } = ctx;
  return (
    <section className="panel person-duplicates" aria-labelledby="dup-title">
      <h2 id="dup-title">{tr(lang, t('重複の可能性', 'Possible duplicates'))}</h2>
      <p className="hint">
        {tr(lang, t('在留カード番号とメールアドレスで同じ人と思われる記録です。スタッフを開いて確認し、統合してください。', 'Records that look like one person, by residence-card number and e-mail. Open the registry row to check and merge.'))}
      </p>
      {pairs.length === 0 ? (
        <p>{tr(lang, t('重複の可能性はありません。', 'No possible duplicates.'))}</p>
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
          <summary>{tr(lang, t('統合の記録', 'Merges recorded'))}</summary>
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
  linked: t('登録ユーザーと紐付けました。在留カードの情報は本人の登録から表示されます。', 'Linked to the registered candidate: the card data now comes from their registration.'),
  merged: t('スタッフを統合しました。', 'The registry rows were merged.'),
};

/** A registry row's person: its linked candidate, its likely duplicates and the merge forms. */
export const personSection: RecordSection = {
  ops: ['personLink', 'personMerge'],
  async render(ctx, row, action, failed, act) {
    const { lang } = ctx;
    const { personDuplicates: pairs } = await ctx.call(DOCS.PersonDuplicates, { staffId: String(row.id) });
    const done = text(queryText(ctx.req, 'person'));
    const person = text(row.person);
    return (
      <section className="panel" id="person" aria-labelledby="person-title">
        <h2 id="person-title">{tr(lang, t('本人の記録（ひとりの人）', 'One person'))}</h2>
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
        <dl className="record-facts">
          <div>
            <dt>{tr(lang, t('登録ユーザー', 'Registered candidate'))}</dt>
            <dd>{person || tr(lang, t('紐付けなし', 'Not linked'))}</dd>
          </div>
          <div>
            <dt>{tr(lang, t('在留資格', 'Residence status'))}</dt>
            <dd>{text(row.person_status) || '—'}</dd>
          </div>
          <div>
            <dt>{tr(lang, t('在留期限', 'Card expiry'))}</dt>
            <dd>{text(row.person_expiry) ? dateLong(text(row.person_expiry), lang) : '—'}</dd>
          </div>
          <div>
            <dt>{tr(lang, t('在留カード番号', 'Residence card number'))}</dt>
            <dd>{text(row.card_number) || '—'}</dd>
          </div>
          <div>
            <dt>{tr(lang, t('在留カード確認', 'Card check'))}</dt>
            <dd>{text(row.card_check) || '—'}</dd>
          </div>
          <div>
            <dt>{tr(lang, t('資格外活動許可', 'Permission outside status'))}</dt>
            <dd>{text(row.permission) || '—'}</dd>
          </div>
          <div>
            <dt>{tr(lang, t('話せる言語', 'Languages'))}</dt>
            <dd>{text(row.person_languages) || '—'}</dd>
          </div>
        </dl>
        <p className="hint">
          {tr(lang, t('紐付けた登録ユーザーの情報がある項目は、そちらが優先されます。', 'Where the linked candidate has a value, theirs is shown over the row’s own.'))}
        </p>
        {pairs.length > 0 && <h3>{tr(lang, t('重複の可能性', 'Possible duplicates'))}</h3>}
        {pairs.map((p) => (
          <details className="confirm danger-zone" key={p.otherId}>
            <summary>
              {p.otherName}
              {p.otherEmail ? ` <${p.otherEmail}>` : ''} — {reasonText(lang, p.reasons)}
            </summary>
            <form method="post" action={action}>
              <input type="hidden" name="otherId" value={p.otherId} />
              <p>
                {p.kind === 'link'
                  ? tr(lang, t('このスタッフを登録ユーザーと紐付けます。在留資格・期限・カード確認・許可・言語は本人の登録から表示されます。', 'Link this registry row to the registered candidate: residence status, expiry, card check, permission and languages then come from their registration.'))
                  : tr(lang, t('もう一方のスタッフをこのスタッフに統合します。空欄はもう一方の値で埋め、書類を移し、もう一方は削除されます。元に戻せません。', 'Merge the other registry row into this one: empty fields are filled from it, its documents move here, and it is deleted. This cannot be undone.'))}
              </p>
              <ActionButton action={act.section} arg={p.kind === 'link' ? 'personLink' : 'personMerge'} className="btn btn-danger">
                {p.kind === 'link' ? tr(lang, t('紐付ける', 'Link')) : tr(lang, t('統合する', 'Merge'))}
              </ActionButton>
            </form>
          </details>
        ))}
      </section>
    );
  },
  // A link or merge the API refuses is said above the section.
  onRefusal: { values: () => ({}), errors: 'message' },
  async post(ctx, id, body, o) {
    const other = text(body.otherId);
    if (body._op === 'personLink') await ctx.call(DOCS.LinkStaffPerson, { staffId: id, userId: other });
    else await ctx.call(DOCS.MergeStaffRows, { fromId: other, intoId: id });
    return redirect(`${withFlag(o.recordHref, 'person', body._op === 'personLink' ? 'linked' : 'merged')}#person`);
  },
};
