import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { DataTable } from '../../ui/DataTable.tsx';

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
            <DataTable
              lang={lang}
              columns={[
                { name: 'id', label: { ja: L.ja.id, en: L.en.id }, type: 'text' },
                { name: 'ja', label: { ja: L.ja.ja, en: L.en.ja }, type: 'text' },
                { name: 'en', label: { ja: L.ja.en, en: L.en.en }, type: 'text' },
              ]}
              rows={s.rows}
              // Each row is its own small form: the inputs sit in the cells and belong to the row's form.
              cell={(r, c) => {
                if (c !== 'ja' && c !== 'en') return undefined;
                const key = `update-${String(r.id)}`;
                const v = values[key] ?? (r as unknown as EnumRow);
                return (
                  <>
                    <input form={`f-${s.type}-${String(r.id)}`} name={c} defaultValue={v[c]} aria-label={`${t[c]} ${String(r.id)}`} required aria-invalid={errors[key]?.[c] ? true : undefined} />
                    {fieldError(key, c)}
                  </>
                );
              }}
              rowActions={(r) => (
                <>
                  <form id={`f-${s.type}-${String(r.id)}`} method="post" action={action}>
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
                  {fieldError(`delete-${String(r.id)}`, '_')}
                </>
              )}
              empty={t.empty}
            />
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
