import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { AuditLog, type AuditView } from '../../resources/ResourceViews.tsx';
import { msg } from '../../../shared/messages.ts';
import { ActionButton, type ActionRefs } from '../../ui/Action.tsx';

export interface MatrixRole {
  name: string;
  kind: string;
  title: Text;
}

export interface MatrixRow {
  code: number;
  /** The titles of the routes that carry the code (several routes may share one). */
  titles: Text[];
}

export interface MatrixGroup {
  key: string;
  title: Text;
  rows: MatrixRow[];
}

export interface RoleMatrixProps {
  act: ActionRefs<'save'>;
  lang: Lang;
  title: Text;
  action: string;
  roles: MatrixRole[];
  groups: MatrixGroup[];
  /** Code → roles, for each map. */
  pageRoles: Record<string, string[]>;
  actionRoles: Record<string, string[]>;
  errors: Record<string, string>;
  notice?: string;
  history: AuditView[];
}

function MatrixTable(p: {
  lang: Lang;
  prefix: 'page' | 'action';
  caption: string;
  hint: string;
  roles: MatrixRole[];
  groups: MatrixGroup[];
  map: Record<string, string[]>;
  errors: Record<string, string>;
}) {
  return (
    <section className="card role-matrix" aria-labelledby={`${p.prefix}-title`}>
      <h2 id={`${p.prefix}-title`}>{p.caption}</h2>
      <p className="field-hint">{p.hint}</p>
      {/* A role per column: on a phone the matrix scrolls inside its box, the screen names held in place. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={`${p.prefix}-title`}>
        <table className="table data-table role-matrix-table">
          <thead>
            <tr>
              <th scope="col">{msg(p.lang, 'roles.code')}</th>
              <th scope="col">{msg(p.lang, 'roles.screen')}</th>
              {p.roles.map((r) => (
                <th key={r.name} scope="col">
                  {tr(p.lang, r.title)}
                </th>
              ))}
            </tr>
          </thead>
          {p.groups.map((g) => (
            <tbody key={g.key}>
              <tr className="role-matrix-group">
                <th scope="rowgroup" colSpan={p.roles.length + 2}>
                  {tr(p.lang, g.title)}
                </th>
              </tr>
              {g.rows.map((row) => {
                const label = row.titles.map((x) => tr(p.lang, x)).join(' / ');
                const error = p.prefix === 'page' ? p.errors[String(row.code)] : undefined;
                return (
                  <tr key={row.code} className={error ? 'field-invalid' : undefined}>
                    <td>{row.code}</td>
                    <th scope="row">
                      {label}
                      {error && <span className="field-error">{error}</span>}
                    </th>
                    {p.roles.map((r) => (
                      <td key={r.name}>
                        <input
                          type="checkbox"
                          name={`${p.prefix}:${row.code}:${r.name}`}
                          aria-label={`${label} (${row.code}): ${tr(p.lang, r.title)}`}
                          defaultChecked={p.map[String(row.code)]?.includes(r.name) ?? false}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}

/** /admin/roles: both role maps as one matrix form (codes × roles), with the change history. Works without JavaScript. */
export function RoleMatrixPage(p: RoleMatrixProps) {
  return (
    <section className="role-matrix-page">
      <div className="page-head">
        <h1>{tr(p.lang, p.title)}</h1>
      </div>
      <p>{msg(p.lang, 'roles.intro')}</p>
      {p.notice && (
        <p className="notice" role="status">
          {p.notice}
        </p>
      )}
      <form method="post" action={p.action} noValidate>
        {p.errors._ && (
          <div className="form-alert" role="alert">
            {msg(p.lang, 'roles.fix')} {p.errors._}
          </div>
        )}
        <input type="hidden" name="_form" value="roles" />
        <MatrixTable lang={p.lang} prefix="page" caption={msg(p.lang, 'roles.page')} hint={msg(p.lang, 'roles.pageHint')} roles={p.roles} groups={p.groups} map={p.pageRoles} errors={p.errors} />
        <MatrixTable
          lang={p.lang}
          prefix="action"
          caption={msg(p.lang, 'roles.action')}
          hint={msg(p.lang, 'roles.actionHint')}
          roles={p.roles}
          groups={p.groups}
          map={p.actionRoles}
          errors={p.errors}
        />
        <div className="form-actions">
          <ActionButton action={p.act.save} className="btn">
            {msg(p.lang, 'record.save')}
          </ActionButton>
        </div>
      </form>
      <AuditLog lang={p.lang} entries={p.history} fields={[]} />
    </section>
  );
}
