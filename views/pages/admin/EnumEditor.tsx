import { isLang, tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { DataTable, tableColumns } from '../../ui/DataTable.tsx';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { ActionButton, ConfirmAction, type ActionRefs } from '../../ui/Action.tsx';

/** The label of each language's column (the value in Japanese, in English). */
const COLUMN_LABEL: Record<Lang, MessageKey> = { ja: 'enums.ja', en: 'enums.en' };

export interface EnumRow {
  id: number;
  ja: string;
  en: string;
  /** A job type's defaults for its jobs: the 特定技能 field ('' none) and simple manual work ('true', 'false', '' none). */
  sswField?: string;
  simpleLabour?: string;
}

/** What one row's form holds (or the add form's): drawn again after a refused post. */
export type EnumValues = Partial<Record<'ja' | 'en' | 'sswField' | 'simpleLabour', string>>;

export interface EnumSection {
  /** The enum type number (SPEC §3) or 'visa' for visa types. */
  type: number | 'visa';
  title: Text;
  rows: EnumRow[];
  /** Job types: the 特定技能 fields a default may name; the section then edits each type's defaults too. */
  defaults?: readonly { value: string; label: Text }[];
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
  values: Record<string, EnumValues>;
  /** What the last post did, said in the section it changed (the page opens there). */
  notice?: EnumNotice;
}

/** A done notice and the section (`type`, as a string) it belongs to. */
export interface EnumNotice {
  section: string;
  text: string;
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
  /** A job type's two defaults as selects of the form `form` (a row's, or the add form's when undefined). */
  const defaultSelect = (s: EnumSection, field: 'sswField' | 'simpleLabour', key: string, value: string, form: string | undefined, label: string) => (
    <>
      <select form={form} name={field} defaultValue={value} aria-label={label} aria-invalid={errors[key]?.[field] ? true : undefined}>
        <option value="">{msg(lang, 'enums.noDefault')}</option>
        {field === 'sswField'
          ? (s.defaults ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {tr(lang, o.label)}
              </option>
            ))
          : [
              <option key="true" value="true">
                {msg(lang, 'enums.simpleYes')}
              </option>,
              <option key="false" value="false">
                {msg(lang, 'enums.simpleNo')}
              </option>,
            ]}
      </select>
      {fieldError(key, field)}
    </>
  );
  return (
    <section className="enum-editor">
      <h1>{tr(lang, title)}</h1>
      {sections.map((s) => {
        const createKey = `create-${s.type}`;
        // Each form posts to its section: the page then opens where the person was, with its notice or its errors.
        const post = `${action}#type-${s.type}`;
        return (
          <section key={String(s.type)} id={`type-${s.type}`} className="card">
            <h2>{tr(lang, s.title)}</h2>
            {notice?.section === String(s.type) && (
              <p className="notice" role="status">
                {notice.text}
              </p>
            )}
            {s.defaults && <p className="hint">{msg(lang, 'enums.defaultsHint')}</p>}
            <DataTable
              lang={lang}
              columns={tableColumns({
                id: ['enums.id', 'text'],
                ja: ['enums.ja', 'text'],
                en: ['enums.en', 'text'],
                ...(s.defaults ? { sswField: ['enums.sswField', 'text'], simpleLabour: ['enums.simpleLabour', 'text'] } : {}),
              })}
              rows={s.rows}
              // Each row is its own small form: the inputs sit in the cells and belong to the row's form.
              cell={(r, c) => {
                const key = `update-${String(r.id)}`;
                const v: EnumValues = values[key] ?? (r as unknown as EnumRow);
                if (s.defaults && (c === 'sswField' || c === 'simpleLabour')) {
                  return defaultSelect(s, c, key, v[c] ?? '', `f-${s.type}-${String(r.id)}`, `${msg(lang, c === 'sswField' ? 'enums.sswField' : 'enums.simpleLabour')} ${String(r.id)}`);
                }
                if (!isLang(c)) return undefined;
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
                  <form id={`f-${s.type}-${String(r.id)}`} method="post" action={post}>
                    <input type="hidden" name="type" value={String(s.type)} />
                    <input type="hidden" name="id" value={String(r.id)} />
                    <ActionButton action={act.update} className="btn btn-small-solid">
                      {msg(lang, 'candidate.save')}
                    </ActionButton>
                  </form>
                  <ConfirmAction small label={msg(lang, 'record.delete')} post={post} prompt={msg(lang, 'enums.confirm')} action={act.delete}>
                    <input type="hidden" name="type" value={String(s.type)} />
                    <input type="hidden" name="id" value={String(r.id)} />
                  </ConfirmAction>
                  {fieldError(`delete-${String(r.id)}`, '_')}
                </>
              )}
              empty={msg(lang, 'enums.empty')}
            />
            <form method="post" action={post} className="inline-form">
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
              {s.defaults && (
                <>
                  <label>
                    {msg(lang, 'enums.sswField')}
                    {defaultSelect(s, 'sswField', createKey, values[createKey]?.sswField ?? '', undefined, msg(lang, 'enums.sswField'))}
                  </label>
                  <label>
                    {msg(lang, 'enums.simpleLabour')}
                    {defaultSelect(s, 'simpleLabour', createKey, values[createKey]?.simpleLabour ?? '', undefined, msg(lang, 'enums.simpleLabour'))}
                  </label>
                </>
              )}
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
