import { TitledSection } from '../ui/TitledSection.tsx';
import { Facts } from '../ui/Facts.tsx';
import { tr, type Lang, type Text } from '../../shared/i18n.ts';
import { Field, FieldSet } from '../ui/Field.tsx';
import { msg } from '../../shared/messages.ts';
import { dateTimeText } from '../../shared/format.ts';
import { cellText, DataTable, type ColumnView } from '../ui/DataTable.tsx';
import { ActionButton, ActionForm, ConfirmAction, FormFooter, type ActionRefs } from '../ui/Action.tsx';

/** What the generic screens need to know of a field (no zod, no functions: plain data). */
export interface FieldView {
  name: string;
  label: Text;
  kind: string;
  hint?: Text;
  required: boolean;
  options?: readonly { value: string; label: Text }[];
  /** Shown as money (FieldDef.cell). */
  cell?: 'money';
  /** What a create form says when the select has no value left to offer (FieldDef.offered). */
  none?: Text;
}

/** A field as a column of the UI kit's table (views/ui/DataTable.tsx). */
export function columnOf(f: FieldView, sortable = false): ColumnView {
  const type = f.kind === 'boolean' ? 'boolean' : f.options ? 'choice' : f.kind === 'date' ? 'date' : f.kind === 'number' ? (f.cell ?? 'number') : 'text';
  return { name: f.name, label: f.label, type, sortable, states: f.options };
}

/** A value of no field as text: a list (the roles of a role-map change) in the reader's language, not joined by bare commas. */
const plainText = (lang: Lang, value: unknown): string =>
  Array.isArray(value) ? value.map((v) => plainText(lang, v)).join(msg(lang, 'list.separator')) : value === null || value === undefined ? '' : String(value);

/** A field's value as text ('—' for none): the record pages and the audit log. */
export function displayValue(lang: Lang, field: FieldView | undefined, value: unknown): string {
  return (field ? cellText(lang, columnOf(field), value) : plainText(lang, value)) || '—';
}

export interface FormView {
  act: ActionRefs<'save'>;
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
  const general = v.errors._;
  return (
    <form method="post" action={v.action} className="card resource-form" noValidate>
      {(Object.keys(v.errors).length > 0 || general) && (
        <div className="form-alert" role="alert">
          {general ?? msg(v.lang, 'error.checkFields')}
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
            <FieldSet key={f.name} name={f.name} legend={label} error={v.errors[f.name]}>
              {hint && <p className="field-hint">{hint}</p>}
              <div className="choices">
                {(f.options ?? []).map((o) => (
                  <label key={o.value} className="choice">
                    <input type="checkbox" name={f.name} value={o.value} defaultChecked={chosen.includes(o.value)} /> {tr(v.lang, o.label)}
                  </label>
                ))}
              </div>
            </FieldSet>
          );
        }
        if (f.options) {
          // A required choice with a single option (e.g. a client user's own client) starts chosen.
          const only = f.required && f.options.length === 1 ? f.options[0]!.value : '';
          return (
            <Field
              key={f.name}
              name={f.name}
              label={label}
              value={value === null || value === undefined || value === '' ? only : String(value)}
              error={v.errors[f.name]}
              required={f.required}
              hint={f.none && f.options.length === 0 ? tr(v.lang, f.none) : hint}
            >
              <option value="">{msg(v.lang, 'record.choose')}</option>
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
      <FormFooter action={v.act.save} label={msg(v.lang, 'record.save')} leave={{ href: v.cancelHref, label: msg(v.lang, 'record.cancel') }} />
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

/** The record's audit log: who changed what, when. */
export function AuditLog({ lang, entries, fields }: { lang: Lang; entries: AuditView[]; fields: FieldView[] }) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return (
    <TitledSection className="card audit-log" id="audit-title" title={msg(lang, 'record.history')}>
      {entries.length === 0 && <p className="empty">{msg(lang, 'record.noHistory')}</p>}
      <ol>
        {entries.map((e) => (
          <li key={e.id}>
            <p>
              <strong>{msg(lang, e.action === 'create' ? 'record.created' : e.action === 'update' ? 'record.updated' : 'record.deleted')}</strong> · {e.actor_name} ·{' '}
              <time dateTime={e.at}>{dateTimeText(e.at, lang, { medium: true })}</time>
            </p>
            <ul>
              {Object.entries(e.changes).map(([k, c]) => (
                <li key={k}>
                  {byName.get(k) ? tr(lang, byName.get(k)!.label) : k}:{' '}
                  {e.action === 'create' ? displayValue(lang, byName.get(k), c.to) : `${displayValue(lang, byName.get(k), c.from)} → ${displayValue(lang, byName.get(k), c.to)}`}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}

/** Delete, asking first (with or without script). */
export function DeleteButton({ act, lang, action }: { act: ActionRefs<'delete'>; lang: Lang; action: string }) {
  return <ConfirmAction className="confirm danger-zone" label={msg(lang, 'record.delete')} post={action} prompt={msg(lang, 'record.deleteConfirm')} action={act.delete} />;
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

/**
 * What a record's form cannot change, shown above it: the fields set only on creation, e.g. the
 * company a template belongs to, so a platform admin who opens one of a key's rows (one per
 * company and the platform's) reads whose it is before changing it.
 */
export function RecordFacts({ lang, fields, values }: { lang: Lang; fields: FieldView[]; values: Record<string, unknown> }) {
  if (!fields.length) return null;
  return <Facts className="record-facts resource-facts" rows={fields.map((f) => [tr(lang, f.label), displayValue(lang, f, values[f.name])])} />;
}

/** A record's preview (ResourceDef.preview), e.g. a mail template filled with sample values: plain text, pre-wrapped. */
export function PreviewCard({ lang, title, body }: { lang: Lang; title: string; body: string }) {
  return (
    <TitledSection className="card resource-preview" id="preview-title" title={msg(lang, 'record.preview')}>
      <p className="resource-preview-title">
        <strong>{title}</strong>
      </p>
      <pre className="resource-preview-body">{body}</pre>
    </TitledSection>
  );
}

/** The record's action buttons (ResourceDef.actions), each its own small form post. */
export function RecordActions({ act, lang, action, actions }: { act: ActionRefs<'run'>; lang: Lang; action: string; actions: { name: string; label: Text }[] }) {
  return (
    <TitledSection className="card record-actions" id="record-actions-title" title={msg(lang, 'list.actions')}>
      <div className="row-actions">
        {actions.map((a) => (
          <ActionForm key={a.name} post={action} action={act.run} arg={a.name} button="btn btn-secondary" label={tr(lang, a.label)} />
        ))}
      </div>
    </TitledSection>
  );
}

export interface ChildListView {
  act: ActionRefs<'addChild' | 'deleteChild'>;
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
  const id = (f: FieldView) => `${v.name}.${f.name}`;
  return (
    <section className="card child-list" id={`child-${v.name}`} aria-labelledby={`child-${v.name}-title`}>
      <h2 id={`child-${v.name}-title`}>{tr(v.lang, v.title)}</h2>
      <DataTable
        lang={v.lang}
        columns={v.fields.map((f) => columnOf(f))}
        rows={v.rows}
        empty={msg(v.lang, 'list.emptyAll')}
        rowActions={(r) => (
          <ActionForm post={v.action} action={v.act.deleteChild} button="btn-link" confirm={msg(v.lang, 'record.deleteConfirm')} label={msg(v.lang, 'record.delete')}>
            <input type="hidden" name="_child" value={v.name} />
            <input type="hidden" name="_childId" value={String(r.id)} />
          </ActionForm>
        )}
      />
      <form method="post" action={v.action} className="inline-form" noValidate>
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
                  {!f.required && <option value="">{msg(v.lang, 'record.choose')}</option>}
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
        <ActionButton action={v.act.addChild} className="btn btn-small-solid">
          {msg(v.lang, 'record.add')}
        </ActionButton>
      </form>
    </section>
  );
}
