import { isLang, tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { msg, msgText, type MessageKey } from '../../../shared/messages.ts';
import { ActionButton, type ActionRefs } from '../../ui/Action.tsx';

/** The label of each language's column (the value in Japanese, in English). */
const COLUMN_LABEL: Record<Lang, MessageKey> = { ja: 'enums.ja', en: 'enums.en' };

export interface EnumRow {
  id: number;
  ja: string;
  en: string;
}

export interface EnumSection {
  /** The enum type number (SPEC §3) or 'visa' for visa types. */
  type: number | 'visa';
  title: Text;
  rows: EnumRow[];
}

export interface EnumEditorProps {
  act: ActionRefs<'create' | 'update' | 'delete'>;
  lang: Lang;
  title: Text;
  action: string;
  sections: EnumSection[];
  /** Errors by form key (`create-{type}`, `update-{id}`, `delete-{id}`), then by field. */
  errors: Record<string, Record<string, string>>;
  /** What the failed form held, so nothing typed is lost. */
  values: Record<string, { ja?: string; en?: string }>;
  notice?: string;
}

/** The enumeration editor of /admin/templates/enumjobvalue and enumuservalue. Works without JavaScript. */
export function EnumEditorPage({ act, lang, title, action, sections, errors, values, notice }: EnumEditorProps) {
  const fieldError = (key: string, field: string) => {
    const e = errors[key]?.[field];
    return e ? (
      <span className="field-error" role="alert">
        {e}
      </span>
    ) : null;
  };
  return (
    <section className="enum-editor">
      <h1>{tr(lang, title)}</h1>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {sections.map((s) => {
        const createKey = `create-${s.type}`;
        return (
          <section key={String(s.type)} id={`type-${s.type}`} className="card">
            <h2>{tr(lang, s.title)}</h2>
            <DataTable
              lang={lang}
              columns={[
                { name: 'id', label: msgText('enums.id'), type: 'text' },
                { name: 'ja', label: msgText('enums.ja'), type: 'text' },
                { name: 'en', label: msgText('enums.en'), type: 'text' },
              ]}
              rows={s.rows}
              // Each row is its own small form: the inputs sit in the cells and belong to the row's form.
              cell={(r, c) => {
                if (!isLang(c)) return undefined;
                const key = `update-${String(r.id)}`;
                const v = values[key] ?? (r as unknown as EnumRow);
                return (
                  <>
                    <input
                      form={`f-${s.type}-${String(r.id)}`}
                      name={c}
                      defaultValue={v[c]}
                      aria-label={`${msg(lang, COLUMN_LABEL[c])} ${String(r.id)}`}
                      required
                      aria-invalid={errors[key]?.[c] ? true : undefined}
                    />
                    {fieldError(key, c)}
                  </>
                );
              }}
              rowActions={(r) => (
                <>
                  <form id={`f-${s.type}-${String(r.id)}`} method="post" action={action}>
                    <input type="hidden" name="type" value={String(s.type)} />
                    <input type="hidden" name="id" value={String(r.id)} />
                    <ActionButton action={act.update} className="btn btn-small-solid">
                      {msg(lang, 'candidate.save')}
                    </ActionButton>
                  </form>
                  <details className="confirm">
                    <summary>{msg(lang, 'record.delete')}</summary>
                    <form method="post" action={action}>
                      <input type="hidden" name="type" value={String(s.type)} />
                      <input type="hidden" name="id" value={String(r.id)} />
                      <p>{msg(lang, 'enums.confirm')}</p>
                      <ActionButton action={act.delete} className="btn btn-danger">
                        {msg(lang, 'record.deleteSure')}
                      </ActionButton>
                    </form>
                  </details>
                  {fieldError(`delete-${String(r.id)}`, '_')}
                </>
              )}
              empty={msg(lang, 'enums.empty')}
            />
            <form method="post" action={action} className="inline-form">
              <input type="hidden" name="type" value={String(s.type)} />
              <label>
                {msg(lang, 'enums.ja')}
                <input name="ja" defaultValue={values[createKey]?.ja ?? ''} required aria-invalid={errors[createKey]?.ja ? true : undefined} />
                {fieldError(createKey, 'ja')}
              </label>
              <label>
                {msg(lang, 'enums.en')}
                <input name="en" defaultValue={values[createKey]?.en ?? ''} required aria-invalid={errors[createKey]?.en ? true : undefined} />
                {fieldError(createKey, 'en')}
              </label>
              <ActionButton action={act.create} className="btn">
                {msg(lang, 'enums.add')}
              </ActionButton>
              {fieldError(createKey, '_')}
            </form>
          </section>
        );
      })}
    </section>
  );
}
