import { tr, type Lang, type Text } from '../../../shared/i18n.ts';

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

const L = {
  ja: { ja: '日本語', en: '英語', save: '保存', add: '追加', del: '削除', confirm: '本当に削除しますか？この値を使っている求人やスタッフの表示から消えます。', sure: '削除する', empty: 'まだ値がありません。', id: 'ID' },
  en: { ja: 'Japanese', en: 'English', save: 'Save', add: 'Add', del: 'Delete', confirm: 'Delete this value? Jobs and staff that use it will no longer show it.', sure: 'Delete', empty: 'No values yet.', id: 'ID' },
};

/** The enumeration editor of /admin/templates/enumjobvalue and enumuservalue (issue 3). Works without JavaScript. */
export function EnumEditorPage({ lang, title, action, sections, errors, values, notice }: EnumEditorProps) {
  const t = L[lang];
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
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t.id}</th>
                  <th scope="col">{t.ja}</th>
                  <th scope="col">{t.en}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t.save}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.rows.length === 0 && (
                  <tr>
                    <td colSpan={4} className="empty">
                      {t.empty}
                    </td>
                  </tr>
                )}
                {s.rows.map((r) => {
                  const key = `update-${r.id}`;
                  const v = values[key] ?? r;
                  const formId = `f-${s.type}-${r.id}`;
                  return (
                    <tr key={r.id}>
                      <td>{r.id}</td>
                      <td>
                        <input form={formId} name="ja" defaultValue={v.ja} aria-label={`${t.ja} ${r.id}`} required aria-invalid={errors[key]?.ja ? true : undefined} />
                        {fieldError(key, 'ja')}
                      </td>
                      <td>
                        <input form={formId} name="en" defaultValue={v.en} aria-label={`${t.en} ${r.id}`} required aria-invalid={errors[key]?.en ? true : undefined} />
                        {fieldError(key, 'en')}
                      </td>
                      <td className="row-actions">
                        <form id={formId} method="post" action={action}>
                          <input type="hidden" name="op" value="update" />
                          <input type="hidden" name="type" value={String(s.type)} />
                          <input type="hidden" name="id" value={String(r.id)} />
                          <button type="submit" className="btn btn-small-solid">
                            {t.save}
                          </button>
                        </form>
                        <details className="confirm">
                          <summary>{t.del}</summary>
                          <form method="post" action={action}>
                            <input type="hidden" name="op" value="delete" />
                            <input type="hidden" name="type" value={String(s.type)} />
                            <input type="hidden" name="id" value={String(r.id)} />
                            <p>{t.confirm}</p>
                            <button type="submit" className="btn btn-danger">
                              {t.sure}
                            </button>
                          </form>
                        </details>
                        {fieldError(`delete-${r.id}`, '_')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <form method="post" action={action} className="inline-form">
              <input type="hidden" name="op" value="create" />
              <input type="hidden" name="type" value={String(s.type)} />
              <label>
                {t.ja}
                <input name="ja" defaultValue={values[createKey]?.ja ?? ''} required aria-invalid={errors[createKey]?.ja ? true : undefined} />
                {fieldError(createKey, 'ja')}
              </label>
              <label>
                {t.en}
                <input name="en" defaultValue={values[createKey]?.en ?? ''} required aria-invalid={errors[createKey]?.en ? true : undefined} />
                {fieldError(createKey, 'en')}
              </label>
              <button type="submit" className="btn">
                {t.add}
              </button>
              {fieldError(createKey, '_')}
            </form>
          </section>
        );
      })}
    </section>
  );
}
