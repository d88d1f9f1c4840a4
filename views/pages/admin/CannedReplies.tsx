import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/texts/index.ts';
import { ActionButton, type ActionRefs } from '../../ui/Action.tsx';

export interface CannedReplyRow {
  id: string;
  title: string;
  bodyJa: string;
  bodyEn: string;
  /** When it was last changed, as the page says it. */
  updated: string;
}

/** What one reply's form holds after a refused post, so nothing typed is lost. */
export type CannedValues = Partial<Record<'title' | 'bodyJa' | 'bodyEn', string>>;

export interface CannedRepliesProps {
  act: ActionRefs<'add' | 'save' | 'delete'>;
  lang: Lang;
  title: Text;
  action: string;
  rows: readonly CannedReplyRow[];
  /** The placeholders a reply may use, as written in it (`{name}`…). */
  placeholders: readonly string[];
  /** The form a refused post came from (a reply's id, or 'new'), its errors by field and what it held. */
  refused?: { key: string; errors: Record<string, string>; values: CannedValues };
  notice?: string;
  /** Back to the inbox. */
  inboxHref: string;
}

/**
 * /admin/inbox/replies (docs/inbox.md "Canned replies"): the company's ready answers, each a form
 * of its own (title, Japanese, English) with save and delete, and a form for a new one. Works
 * without JavaScript; delete asks first.
 */
export function CannedRepliesPage({ act, lang, title, action, rows, placeholders, refused, notice, inboxHref }: CannedRepliesProps) {
  const form = (key: string, row: CannedReplyRow | null) => {
    const mine = refused?.key === key;
    const value = (f: keyof CannedValues) => (mine ? refused.values[f] : undefined) ?? row?.[f] ?? '';
    const error = (f: string) =>
      mine && refused.errors[f] ? (
        <span className="field-error" role="alert">
          {refused.errors[f]}
        </span>
      ) : null;
    const id = (f: string) => `canned-${key}-${f}`;
    return (
      <form method="post" action={action} className="canned-form">
        <label htmlFor={id('title')}>{msg(lang, 'cannedPage.titleLabel')}</label>
        <input id={id('title')} name="title" defaultValue={value('title')} required maxLength={100} aria-invalid={mine && refused.errors.title ? true : undefined} />
        {error('title')}
        <label htmlFor={id('bodyJa')}>{msg(lang, 'cannedPage.bodyJa')}</label>
        <textarea id={id('bodyJa')} name="bodyJa" lang="ja" rows={3} defaultValue={value('bodyJa')} required maxLength={4000} aria-invalid={mine && refused.errors.bodyJa ? true : undefined} />
        {error('bodyJa')}
        <label htmlFor={id('bodyEn')}>{msg(lang, 'cannedPage.bodyEn')}</label>
        <textarea id={id('bodyEn')} name="bodyEn" lang="en" rows={3} defaultValue={value('bodyEn')} required maxLength={4000} aria-invalid={mine && refused.errors.bodyEn ? true : undefined} />
        {error('bodyEn')}
        {error('_')}
        <p className="form-actions">
          <ActionButton action={row ? act.save : act.add} arg={row?.id ?? null} className="btn btn-small-solid">
            {msg(lang, row ? 'cannedPage.save' : 'cannedPage.add')}
          </ActionButton>{' '}
          {row && (
            <ActionButton action={act.delete} arg={row.id} className="btn btn-danger" confirm={msg(lang, 'cannedPage.confirmDelete', { title: row.title })} noValidate>
              {msg(lang, 'cannedPage.delete')}
            </ActionButton>
          )}
        </p>
      </form>
    );
  };
  return (
    <section className="canned-replies">
      <h1>{tr(lang, title)}</h1>
      <p>
        <a href={inboxHref}>{msg(lang, 'cannedPage.back')}</a>
      </p>
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
      <p className="hint">{msg(lang, 'cannedPage.hint', { placeholders: placeholders.join(' ') })}</p>
      {rows.length === 0 && <p className="empty">{msg(lang, 'cannedPage.empty')}</p>}
      {rows.map((r) => (
        <section key={r.id} className="card" id={`reply-${r.id}`} aria-label={r.title}>
          <h2>{r.title}</h2>
          <p className="hint">{msg(lang, 'cannedPage.updated', { when: r.updated })}</p>
          {form(r.id, r)}
        </section>
      ))}
      <section className="card" id="new-reply">
        <h2>{msg(lang, 'cannedPage.new')}</h2>
        {form('new', null)}
      </section>
    </section>
  );
}
