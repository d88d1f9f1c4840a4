import { tr, type Lang, type Text } from '../../shared/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { DATE_FILTERS } from '../../server/resources/define.ts';

/** What the generic screens need to know of a field (no zod, no functions: plain data). */
export interface FieldView {
  name: string;
  label: Text;
  kind: string;
  hint?: Text;
  required: boolean;
  options?: { value: string; label: Text }[];
}

export interface ListView {
  lang: Lang;
  title: Text;
  path: string;
  fields: FieldView[];
  columns: string[];
  sortable: string[];
  filters: FieldView[];
  rows: Record<string, unknown>[];
  total: number;
  page: number;
  size: number;
  sort: string | null;
  dir: 'asc' | 'desc' | null;
  q: string;
  filterValues: Record<string, string>;
  createHref: string | null;
  rowHref: (id: string) => string | null;
  rowLinks: (id: string) => { href: string; label: Text }[];
  notice?: string;
  searchable: boolean;
}

const L = {
  ja: { add: '新規登録', search: '検索', keyword: 'キーワード', all: 'すべて', apply: '絞り込む', clear: 'クリア', csv: 'CSVで書き出す', empty: '該当するデータがありません。', emptyAll: 'まだ登録がありません。', prev: '前へ', next: '次へ', of: (from: number, to: number, total: number) => `${total}件中 ${from}〜${to}件`, save: '保存する', cancel: 'キャンセル', del: '削除', confirm: '本当に削除しますか？この操作は取り消せません。', sure: '削除する', history: '変更履歴', noHistory: '変更履歴はまだありません。', created: '作成', updated: '更新', deleted: '削除', yes: 'はい', no: 'いいえ', details: '詳細', fix: '入力内容を確認してください。', select: '選択してください' },
  en: { add: 'Add new', search: 'Search', keyword: 'Keyword', all: 'All', apply: 'Filter', clear: 'Clear', csv: 'Export CSV', empty: 'Nothing matches these filters.', emptyAll: 'Nothing here yet.', prev: 'Previous', next: 'Next', of: (from: number, to: number, total: number) => `${from}–${to} of ${total}`, save: 'Save', cancel: 'Cancel', del: 'Delete', confirm: 'Delete this record? This cannot be undone.', sure: 'Delete', history: 'Change history', noHistory: 'No changes recorded yet.', created: 'Created', updated: 'Updated', deleted: 'Deleted', yes: 'Yes', no: 'No', details: 'Details', fix: 'Please check the highlighted fields.', select: 'Choose…' },
};

export function displayValue(lang: Lang, field: FieldView | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((x) => displayValue(lang, field, x)).join(lang === 'ja' ? '、' : ', ') : '—';
  if (field?.kind === 'boolean') return value ? L[lang].yes : L[lang].no;
  if (field?.options) {
    const o = field.options.find((x) => x.value === String(value));
    if (o) return tr(lang, o.label);
  }
  return String(value);
}

function query(base: Record<string, string | number | null | undefined>, change: Record<string, string | number | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...base, ...change })) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The generic list: search, filters, sortable columns, paging, CSV export, empty state. */
export function ResourceList(v: ListView) {
  const t = L[v.lang];
  const state: Record<string, string | number | null> = { q: v.q, sort: v.sort, dir: v.dir, size: v.size === 20 ? null : v.size, ...Object.fromEntries(Object.entries(v.filterValues).map(([k, x]) => [`f_${k}`, x])) };
  const from = v.total === 0 ? 0 : (v.page - 1) * v.size + 1;
  const to = Math.min(v.total, v.page * v.size);
  const pages = Math.max(1, Math.ceil(v.total / v.size));
  const filtered = !!v.q || Object.values(v.filterValues).some(Boolean);
  const byName = new Map(v.fields.map((f) => [f.name, f]));
  return (
    <section className="resource-list">
      <div className="page-head">
        <h1>{tr(v.lang, v.title)}</h1>
        <div className="page-actions">
          <a className="btn btn-secondary" href={`${v.path}${query(state, { format: 'csv', page: null })}`} download>
            {t.csv}
          </a>
          {v.createHref && (
            <a className="btn" href={v.createHref}>
              {t.add}
            </a>
          )}
        </div>
      </div>
      {v.notice && (
        <p className="notice" role="status">
          {v.notice}
        </p>
      )}
      <form method="get" action={v.path} className="filters" role="search">
        {v.searchable && (
          <label>
            {t.keyword}
            <input type="search" name="q" defaultValue={v.q} />
          </label>
        )}
        {v.filters.map((f) => (
          <label key={f.name}>
            {tr(v.lang, f.label)}
            <select name={`f_${f.name}`} defaultValue={v.filterValues[f.name] ?? ''}>
              <option value="">{t.all}</option>
              {f.kind === 'boolean'
                ? [
                    <option key="t" value="true">
                      {t.yes}
                    </option>,
                    <option key="f" value="false">
                      {t.no}
                    </option>,
                  ]
                : (f.kind === 'date' ? DATE_FILTER_OPTIONS : (f.options ?? [])).map((o) => (
                    <option key={o.value} value={o.value}>
                      {tr(v.lang, o.label)}
                    </option>
                  ))}
            </select>
          </label>
        ))}
        {v.sort && <input type="hidden" name="sort" value={v.sort} />}
        {v.dir && <input type="hidden" name="dir" value={v.dir} />}
        <button type="submit" className="btn btn-small-solid">
          {t.apply}
        </button>
        {filtered && (
          <a href={v.path} className="clear-filters">
            {t.clear}
          </a>
        )}
      </form>
      <div className="card">
        <table className="table">
          <thead>
            <tr>
              {v.columns.map((c) => {
                const f = byName.get(c);
                const label = f ? tr(v.lang, f.label) : c;
                if (!v.sortable.includes(c)) return <th key={c} scope="col">{label}</th>;
                const active = v.sort === c;
                const nextDir = active && v.dir !== 'desc' ? 'desc' : 'asc';
                return (
                  <th key={c} scope="col" aria-sort={active ? (v.dir === 'desc' ? 'descending' : 'ascending') : undefined}>
                    <a href={`${v.path}${query(state, { sort: c, dir: nextDir, page: null })}`}>
                      {label} {active ? (v.dir === 'desc' ? '▼' : '▲') : ''}
                    </a>
                  </th>
                );
              })}
              <th scope="col">
                <span className="visually-hidden">{t.details}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {v.rows.length === 0 && (
              <tr>
                <td colSpan={v.columns.length + 1} className="empty">
                  {filtered ? t.empty : t.emptyAll}
                </td>
              </tr>
            )}
            {v.rows.map((r) => {
              const id = String(r.id);
              const href = v.rowHref(id);
              return (
                <tr key={id}>
                  {v.columns.map((c, i) => (
                    <td key={c}>{i === 0 && href ? <a href={href}>{displayValue(v.lang, byName.get(c), r[c])}</a> : displayValue(v.lang, byName.get(c), r[c])}</td>
                  ))}
                  <td className="row-actions">
                    {v.rowLinks(id).map((l) => (
                      <a key={l.href} href={l.href}>
                        {tr(v.lang, l.label)}
                      </a>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="pagination">
        <span>{t.of(from, to, v.total)}</span>
        {v.page > 1 ? <a href={`${v.path}${query(state, { page: v.page - 1 })}`}>{t.prev}</a> : <span aria-disabled="true">{t.prev}</span>}
        <span>
          {v.page} / {pages}
        </span>
        {v.page < pages ? <a href={`${v.path}${query(state, { page: v.page + 1 })}`}>{t.next}</a> : <span aria-disabled="true">{t.next}</span>}
      </nav>
    </section>
  );
}

export interface FormView {
  lang: Lang;
  title: Text;
  action: string;
  fields: FieldView[];
  values: Record<string, unknown>;
  errors: Record<string, string>;
  cancelHref: string;
}

/** The generic form: field errors beside each field, values kept, works without JavaScript. */
export function ResourceForm(v: FormView) {
  const t = L[v.lang];
  const general = v.errors._;
  return (
    <form method="post" action={v.action} className="card resource-form" noValidate>
      {(Object.keys(v.errors).length > 0 || general) && (
        <div className="form-alert" role="alert">
          {general ?? t.fix}
        </div>
      )}
      {v.fields.map((f) => {
        const value = v.values[f.name];
        const label = tr(v.lang, f.label);
        const hint = f.hint ? tr(v.lang, f.hint) : undefined;
        if (f.kind === 'boolean') {
          return (
            <div className="field field-check" key={f.name}>
              <label>
                <input type="checkbox" name={f.name} defaultChecked={value === true || value === 'true' || value === 'on'} /> {label}
              </label>
              {v.errors[f.name] && <p className="field-error">{v.errors[f.name]}</p>}
            </div>
          );
        }
        if (f.kind === 'multiselect') {
          const chosen = Array.isArray(value) ? value.map(String) : [];
          return (
            <fieldset className="field field-multi" key={f.name} aria-describedby={v.errors[f.name] ? `${f.name}-error` : undefined}>
              <legend>{label}</legend>
              {hint && <p className="field-hint">{hint}</p>}
              <div className="choices">
                {(f.options ?? []).map((o) => (
                  <label key={o.value} className="choice">
                    <input type="checkbox" name={f.name} value={o.value} defaultChecked={chosen.includes(o.value)} /> {tr(v.lang, o.label)}
                  </label>
                ))}
              </div>
              {v.errors[f.name] && (
                <p className="field-error" id={`${f.name}-error`}>
                  {v.errors[f.name]}
                </p>
              )}
            </fieldset>
          );
        }
        if (f.options) {
          // A required choice with a single option (e.g. a client user's own client) starts chosen.
          const only = f.required && f.options.length === 1 ? f.options[0]!.value : '';
          return (
            <Field key={f.name} name={f.name} label={label} value={value === null || value === undefined || value === '' ? only : String(value)} error={v.errors[f.name]} required={f.required} hint={hint}>
              <option value="">{t.select}</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {tr(v.lang, o.label)}
                </option>
              ))}
            </Field>
          );
        }
        return (
          <Field
            key={f.name}
            name={f.name}
            label={label}
            type={f.kind === 'number' ? 'number' : f.kind === 'email' ? 'email' : f.kind === 'tel' ? 'tel' : f.kind === 'color' ? 'color' : f.kind === 'date' ? 'date' : 'text'}
            textarea={f.kind === 'textarea'}
            value={value === null || value === undefined ? '' : String(value)}
            error={v.errors[f.name]}
            required={f.required}
            hint={hint}
          />
        );
      })}
      <div className="form-actions">
        <button type="submit" className="btn">
          {t.save}
        </button>
        <a href={v.cancelHref} className="btn btn-secondary">
          {t.cancel}
        </a>
      </div>
    </form>
  );
}

export interface AuditView {
  id: number;
  action: string;
  actor_name: string;
  at: string;
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** The record's audit log (issue 4): who changed what, when. */
export function AuditLog({ lang, entries, fields }: { lang: Lang; entries: AuditView[]; fields: FieldView[] }) {
  const t = L[lang];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const when = (iso: string) => new Date(iso).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="card audit-log" aria-labelledby="audit-title">
      <h2 id="audit-title">{t.history}</h2>
      {entries.length === 0 && <p className="empty">{t.noHistory}</p>}
      <ol>
        {entries.map((e) => (
          <li key={e.id}>
            <p>
              <strong>{e.action === 'create' ? t.created : e.action === 'update' ? t.updated : t.deleted}</strong> · {e.actor_name} · <time dateTime={e.at}>{when(e.at)}</time>
            </p>
            <ul>
              {Object.entries(e.changes).map(([k, c]) => (
                <li key={k}>
                  {byName.get(k) ? tr(lang, byName.get(k)!.label) : k}: {e.action === 'create' ? displayValue(lang, byName.get(k), c.to) : `${displayValue(lang, byName.get(k), c.from)} → ${displayValue(lang, byName.get(k), c.to)}`}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Delete with a confirmation step that needs no JavaScript. */
export function DeleteButton({ lang, action }: { lang: Lang; action: string }) {
  const t = L[lang];
  return (
    <details className="confirm danger-zone">
      <summary>{t.del}</summary>
      <form method="post" action={action}>
        <input type="hidden" name="_op" value="delete" />
        <p>{t.confirm}</p>
        <button type="submit" className="btn btn-danger">
          {t.sure}
        </button>
      </form>
    </details>
  );
}

export function PageHead({ lang, title, back }: { lang: Lang; title: string; back?: { href: string; label: Text } }) {
  return (
    <div className="page-head">
      <h1>{title}</h1>
      {back && (
        <a href={back.href} className="back-link">
          ← {tr(lang, back.label)}
        </a>
      )}
    </div>
  );
}

/** A record's preview (ResourceDef.preview), e.g. a mail template filled with sample values: plain text, pre-wrapped. */
export function PreviewCard({ lang, title, body }: { lang: Lang; title: string; body: string }) {
  return (
    <section className="card resource-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">{lang === 'ja' ? 'プレビュー' : 'Preview'}</h2>
      <p className="resource-preview-title">
        <strong>{title}</strong>
      </p>
      <pre className="resource-preview-body">{body}</pre>
    </section>
  );
}

/** The list filter of a date field: windows relative to today (DATE_FILTERS). */
const DATE_FILTER_OPTIONS = Object.entries(DATE_FILTERS).map(([value, w]) => ({ value, label: w.label }));

/** A status line at the top of a record page ("saved", "the mail has been sent"). */
export function Notice({ text }: { text?: string | undefined }) {
  return text ? (
    <p className="notice" role="status">
      {text}
    </p>
  ) : null;
}

/** The record's action buttons (ResourceDef.actions), each its own small form post. */
export function RecordActions({ lang, action, actions }: { lang: Lang; action: string; actions: { name: string; label: Text }[] }) {
  return (
    <section className="card record-actions" aria-labelledby="record-actions-title">
      <h2 id="record-actions-title">{lang === 'ja' ? '操作' : 'Actions'}</h2>
      <div className="row-actions">
        {actions.map((a) => (
          <form key={a.name} method="post" action={action}>
            <input type="hidden" name="_op" value="action" />
            <input type="hidden" name="_action" value={a.name} />
            <button type="submit" className="btn btn-secondary">
              {tr(lang, a.label)}
            </button>
          </form>
        ))}
      </div>
    </section>
  );
}

export interface ChildListView {
  lang: Lang;
  /** The child's name: form field names are prefixed with it (`staffDocument.kind`). */
  name: string;
  title: Text;
  fields: FieldView[];
  rows: Record<string, unknown>[];
  action: string;
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

/** A record's child rows (ResourceDef.children): a table with a delete button per row and an add form. */
export function ChildList(v: ChildListView) {
  const t = L[v.lang];
  const add = v.lang === 'ja' ? '追加する' : 'Add';
  const id = (f: FieldView) => `${v.name}.${f.name}`;
  return (
    <section className="card child-list" id={`child-${v.name}`} aria-labelledby={`child-${v.name}-title`}>
      <h2 id={`child-${v.name}-title`}>{tr(v.lang, v.title)}</h2>
      <table className="table">
        <thead>
          <tr>
            {v.fields.map((f) => (
              <th key={f.name} scope="col">
                {tr(v.lang, f.label)}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t.del}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {v.rows.length === 0 && (
            <tr>
              <td colSpan={v.fields.length + 1} className="empty">
                {t.emptyAll}
              </td>
            </tr>
          )}
          {v.rows.map((r) => (
            <tr key={String(r.id)}>
              {v.fields.map((f) => (
                <td key={f.name}>{displayValue(v.lang, f, r[f.name])}</td>
              ))}
              <td className="row-actions">
                <form method="post" action={v.action}>
                  <input type="hidden" name="_op" value="deleteChild" />
                  <input type="hidden" name="_child" value={v.name} />
                  <input type="hidden" name="_childId" value={String(r.id)} />
                  <button type="submit" className="btn-link">
                    {t.del}
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="post" action={v.action} className="inline-form" noValidate>
        <input type="hidden" name="_op" value="addChild" />
        <input type="hidden" name="_child" value={v.name} />
        {v.errors._ && (
          <p className="field-error" role="alert">
            {v.errors._}
          </p>
        )}
        {v.fields.map((f) => {
          const value = v.values[f.name];
          const text = value === null || value === undefined ? '' : String(value);
          const error = v.errors[f.name];
          return (
            <label key={f.name} htmlFor={id(f)}>
              {tr(v.lang, f.label)}
              {f.options ? (
                <select id={id(f)} name={id(f)} defaultValue={text} aria-invalid={error ? true : undefined}>
                  {!f.required && <option value="">{t.select}</option>}
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {tr(v.lang, o.label)}
                    </option>
                  ))}
                </select>
              ) : (
                <input id={id(f)} name={id(f)} type={f.kind === 'date' ? 'date' : f.kind === 'number' ? 'number' : 'text'} defaultValue={text} aria-invalid={error ? true : undefined} />
              )}
              {error && <span className="field-error">{error}</span>}
            </label>
          );
        })}
        <button type="submit" className="btn btn-small-solid">
          {add}
        </button>
      </form>
    </section>
  );
}
