import { z } from 'zod';
import { validate } from '../../validation.ts';
import type { RoleMaps } from '../../auth/default-roles.ts';
import { inReaderOrder, pickLang, tr, type Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { offersRow, seesField, writableFields, type ChildResource, type FieldDef, type Option, type ResourceDef, type Screen as ResourceScreen } from '../../resources/define.ts';
import { resourceDocuments, resourcePageDocument, type ResourcePageParts } from '../../api/graphql/resources.ts';
import { RESOURCES } from '../../resources/registry.ts';
import {
  AuditLog,
  type AuditView,
  ChildList,
  columnOf,
  DeleteButton,
  type FieldView,
  PageHead,
  PreviewCard,
  RecordActions,
  RecordFacts,
  ResourceForm,
} from '../../../views/resources/ResourceViews.tsx';
import { Notice, type ColumnView, type Row } from '../../../views/ui/DataTable.tsx';
import { AlertLine } from '../../../views/ui/Alert.tsx';
import { ListPage, type ListPageRows } from '../../../views/ui/ListPage.tsx';
import { canEnter } from '../../access/guard.ts';
import { hrefFor, routeByPath } from '../../access/routes.ts';
import { tenantOf, type Tenant } from '../../access/tenancy.ts';
import { withFlag } from '../kit.ts';
import { loadList } from './list-page.ts';
import { errorPage, page, plain, redirect, refusalState, runAction, withRefusal, type Action, type OnRefusal, type Outcome, type Screen, type ScreenContext } from '../screen.ts';
import { RECORD_SECTIONS } from './found.ts';
import type { RecordSectionState } from './record-section.ts';
import { personListPanel } from '../../modules/staff/screens/person.tsx';
import { declaredActions } from '../../../views/ui/Action.tsx';

/**
 * The generic screens of the resource engine (DESIGN.md §3): every list, form and detail page
 * of a resource definition, over the same GraphQL operations any client uses.
 */
type Values = Record<string, unknown>;
const docsCache = new Map<ResourceDef, ReturnType<typeof resourceDocuments>>();
const docs = (def: ResourceDef) => docsCache.get(def) ?? docsCache.set(def, resourceDocuments(def)).get(def)!;
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
/** A record's name in the reader's language: a label field `x_ja` (or `x`) has its twin `x_en` on English pages, when given. */
const labelOf = (field: string, row: Record<string, unknown>, lang: Lang) => {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const twin = `${field.replace(/_ja$/, '')}_en`;
  return twin in row ? pickLang(lang, text(row[field]), text(row[twin])) : text(row[field]);
};

type RawOption = { value: string; ja: string; en: string };
type Choices = ReadonlyMap<string, Option[]>;

/**
 * The fields whose choices come from the API (a reference to the caller's rows, an enumeration), by
 * name; on a create form also those that offer a new record only some of their values (`offered`).
 */
const loadedChoices = (fields: readonly FieldDef[], creating = false) => fields.filter((f) => typeof f.options === 'function' || (creating && f.offered)).map((f) => f.name);

const pageDocs = new Map<string, string>();
/**
 * Loads what a resource page shows in one call (resourcePageDocument): the list or the record,
 * the children and the choices of the page's fields. Returns the answer and the choices by field.
 */
async function loadPage(ctx: ScreenContext, def: ResourceDef, parts: ResourcePageParts, variables: Record<string, unknown>): Promise<{ data: Record<string, unknown>; choices: Choices }> {
  if (!parts.list && !parts.record && !parts.audit && !parts.children && !parts.options?.length) return { data: {}, choices: new Map() };
  const key = `${def.name}:${JSON.stringify(parts)}`;
  let doc = pageDocs.get(key);
  if (!doc) pageDocs.set(key, (doc = resourcePageDocument(def, parts)));
  const data = await ctx.call<Record<string, unknown>>(doc, variables);
  const choices = new Map((parts.options ?? []).map((name, i) => [name, (data[`o${i}`] as RawOption[]).map((o) => ({ value: o.value, label: { ja: o.ja, en: o.en } }))]));
  return { data, choices };
}

/** Whether a field must be filled in: its schema refuses both null and a blank (asked once per field, not per page). */
const requiredness = new WeakMap<FieldDef['schema'], boolean>();
function isRequired(f: FieldDef): boolean {
  let r = requiredness.get(f.schema);
  if (r === undefined) requiredness.set(f.schema, (r = !(f.schema.safeParse(null).success || f.schema.safeParse('').success)));
  return r && f.kind !== 'boolean';
}

/**
 * Plain field data for the views, with the choices loaded for the caller (a field whose choices
 * were not loaded has none), in the reader's alphabetical order where they are names. On a create
 * form a field that offers only some values has those, and what to say when none is left.
 */
function fieldViews(fields: readonly FieldDef[], choices: Choices, lang: Lang, creating = false): FieldView[] {
  return fields.map((f) => {
    const offered = creating && f.offered;
    const given = typeof f.options === 'function' || offered ? (choices.get(f.name) ?? (offered ? [] : undefined)) : f.options;
    const options: FieldView['options'] = given && f.alphabetical ? inReaderOrder(given, lang) : given;
    const required = isRequired(f);
    if (f.multiple) return { name: f.name, label: f.label, kind: 'multiselect', hint: f.hint, required: false, options };
    return { name: f.name, label: f.label, kind: f.kind, hint: f.hint, required, options, ...(f.cell ? { cell: f.cell } : {}), ...(offered ? { none: f.offered!.none } : {}) };
  });
}

const isPlatform = (ctx: ScreenContext) => ['superadmin', 'admin'].includes(ctx.user?.role ?? '');
const tenantOfCtx = (ctx: ScreenContext): Tenant => (ctx.user ? tenantOf(ctx.user) : { kind: 'none' });
const fieldsFor = (def: ResourceDef, ctx: ScreenContext, mode: 'create' | 'update', only?: string[]) => writableFields(def.fields, tenantOfCtx(ctx), mode, only);

/** Links between a resource's screens, only to screens the user may enter. */
function navigator(def: ResourceDef, maps: RoleMaps, role: string, from: string) {
  const allowed = (s: ResourceScreen) => canEnter(maps, role, routeByPath(s.path)?.code);
  // Screens of the same family share the list path as a prefix (/admin/company vs /v3/admin/company).
  const lp = listPathOf(def, from);
  // A list at …/list (/admin/jobs/list) has its screens beside it (/admin/jobs/add, /admin/jobs/[id]).
  const base = familyBase(lp);
  const family = def.screens.filter((s) => s.path === lp || s.path.startsWith(`${base}/`));
  const list = family.find((s) => s.mode === 'list' || s.mode === 'single');
  const single = list?.mode === 'single' ? list.path : null;
  // Looked up once, not per row: a list page asks for fifty records' addresses.
  const record = single ? null : family.find((x) => (x.mode === 'detail' || x.mode === 'edit') && allowed(x));
  const extras = single ? [] : family.filter((x) => x.mode === 'edit' && allowed(x)).slice(1);
  return {
    listHref: list && allowed(list) ? list.path : null,
    createHref: single ? (allowed(list!) && !def.noCreate ? `${single}?new=1` : null) : (family.find((s) => s.mode === 'create' && allowed(s))?.path ?? null),
    recordHref: (id: string) => (single ? `${single}?id=${encodeURIComponent(id)}` : record ? hrefFor(record.path, { id }) : null),
    /** The record's other edit screens this user may enter, as a row's links; none when there are none to draw. */
    extraLinks: extras.length ? (id: string) => extras.map((x) => ({ href: hrefFor(x.path, { id }), label: routeByPath(x.path)!.title })) : null,
  };
}

/**
 * The naming field in the reader's language, as labelOf names the record: an English reader's list
 * leads with the `…_en` twin of a `…_ja` naming field (a job's English title, not its Japanese one).
 */
function namingField(def: ResourceDef, lang: Lang): string {
  const twin = `${def.labelField.replace(/_ja$/, '')}_en`;
  return lang === 'en' && twin !== def.labelField && def.fields.some((f) => f.name === twin) ? twin : def.labelField;
}

/** List columns, the naming field first (it carries the link to the record). */
function listColumns(def: ResourceDef, platform: boolean, lang: Lang): string[] {
  const cols = def.fields.filter((f) => f.list && (!f.platformOnly || platform)).map((f) => f.name);
  const computed = (def.computed ?? []).filter((c) => c.list).map((c) => c.name);
  const first = namingField(def, lang);
  return [first, ...cols.filter((c) => c !== first), ...computed];
}

/** Computed values (ResourceDef.computed) as plain text fields of the views: a column label, shown as read. */
const computedViews = (def: ResourceDef): FieldView[] => (def.computed ?? []).map((c) => ({ name: c.name, label: c.label, kind: 'text', required: false }));

/** The path a list's sibling screens start with: the list's own, or its folder for a `…/list` path. */
const familyBase = (listPath: string) => (listPath.endsWith('/list') ? listPath.slice(0, -'/list'.length) : listPath);

function listPathOf(def: ResourceDef, path: string): string {
  const lists = def.screens.filter((s) => s.mode === 'list' || s.mode === 'single').map((s) => s.path);
  return lists.filter((l) => path === l || path.startsWith(`${familyBase(l)}/`)).sort((a, b) => b.length - a.length)[0] ?? lists[0]!;
}

function formValues(def: ResourceDef, body: Record<string, unknown>, fields: FieldDef[]): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = body[f.name];
    if (f.multiple) {
      out[f.name] = (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');
      continue;
    }
    if (f.kind === 'boolean') out[f.name] = v === 'on' || v === 'true';
    else if (typeof v === 'string') out[f.name] = v;
  }
  return out;
}

/** HTML forms send strings; GraphQL wants Int for number fields. A non-number is a field error here. */
function toInput(fields: FieldDef[], values: Values, lang: Lang): { input: Values; errors: Record<string, string> } {
  const input: Values = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'number') {
      // A blank number is no value (the API says "required" where one is needed), not a bad number.
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) input[f.name] = null;
      else if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) {
        const n = Number(v.trim());
        // A number past GraphQL's Int (32 bits) cannot even be sent: the field's own bound is
        // said here (the API's rule); any other number goes to the API, which checks every field.
        if (Math.abs(n) <= 2_147_483_647) input[f.name] = n;
        else {
          const checked = validate(z.object({ [f.name]: f.schema }), { [f.name]: v.trim() }, lang);
          errors[f.name] = (!checked.ok && checked.errors[f.name]) || msg(lang, 'validation.outOfRange');
        }
      } else errors[f.name] = msg(lang, 'error.wholeNumber');
    } else input[f.name] = v ?? null;
  }
  return { input, errors };
}

/** The columns of a resource's list or CSV, by name: its fields and computed values with their loaded choices, the record's own (id, timestamps) as text headed by their names. */
function listColumnViews(def: ResourceDef, choices: Choices, names: readonly string[], lang: Lang): ColumnView[] {
  // Only the named fields are turned into views: this runs on every list page.
  const shown = def.fields.filter((f) => names.includes(f.name));
  const byName = new Map([...fieldViews(shown, choices, lang), ...computedViews(def)].map((f) => [f.name, f]));
  const sortable = new Set(def.fields.filter((f) => f.sortable).map((f) => f.name));
  return names.map((c) => (byName.get(c) ? columnOf(byName.get(c)!, sortable.has(c)) : { name: c, label: { ja: c, en: c }, type: 'text' as const }));
}

/** A resource's list on the one list page: its "new" link, its record links and the links to its other edit screens. */
async function renderList(ctx: ScreenContext, def: ResourceDef): Promise<Outcome> {
  const { lang, route, req } = ctx;
  const platform = isPlatform(ctx);
  const filters = def.fields.filter((f) => f.filter);
  const columns = listColumns(def, platform, lang);
  // The naming field's twin left blank (an imported draft's English title) reads the Japanese one, as labelOf does.
  const naming = namingField(def, lang);
  const loaded = naming === def.labelField || columns.includes(def.labelField) ? columns : [...columns, def.labelField];
  const named = (rows: ListPageRows): ListPageRows => (naming === def.labelField ? rows : { ...rows, rows: rows.rows.map((r) => ({ ...r, [naming]: labelOf(def.labelField, r, lang) })) });
  const shownFilters = filters.filter((f) => !f.platformOnly || platform);
  const shown = def.fields.filter((f) => columns.includes(f.name) || shownFilters.includes(f));
  const { q, list, choices } = await loadList(ctx, {
    name: def.plural,
    filters: filters.map((f) => f.name),
    filtered: filters.length > 0,
    paging: 'offset',
    cursors: false,
    csv: async () => {
      const { choices } = await loadPage(ctx, def, { options: loadedChoices(def.fields) }, {});
      return {
        columns: listColumnViews(
          def,
          choices,
          ['id', ...def.fields.filter((f) => seesField(f, tenantOfCtx(ctx))).map((f) => f.name), ...(def.computed ?? []).map((c) => c.name), 'created_at', 'updated_at'],
          ctx.lang,
        ),
        rows: (vars) => ctx.call<Record<string, ListPageRows>>(docs(def).list, vars).then((d) => d[def.plural]!),
      };
    },
    // One call: the rows with only the columns shown, and the choices of the columns and filters shown.
    page: async (vars) => {
      const { data, choices } = await loadPage(ctx, def, { list: loaded, options: loadedChoices(shown) }, vars);
      return { list: named(data[def.plural] as ListPageRows), choices };
    },
  });
  const nav = navigator(def, ctx.roleMaps!, ctx.user!.role, route.path);
  const { extraLinks } = nav;
  const notice = req.query.saved === '1' ? msg(lang, 'notice.saved') : req.query.created === '1' ? msg(lang, 'notice.created') : req.query.deleted === '1' ? msg(lang, 'notice.deleted') : undefined;
  // The registry's possible duplicates, over the whole list only (first page, no search or filter).
  const whole = q.page === 1 && !q.q && !Object.values(q.filter).some(Boolean);
  const panel = def.name === 'staffMember' && whole ? await personListPanel(ctx) : null;
  return page({
    title: route.title,
    content: (
      <ListPage
        lang={lang}
        title={route.title}
        path={req.path}
        query={q}
        list={list}
        columns={listColumnViews(def, choices, columns, lang)}
        filters={fieldViews(shownFilters, choices, lang).map((f) => ({
          name: f.name,
          label: f.label,
          kind: f.kind === 'boolean' ? 'boolean' : f.kind === 'date' ? 'date' : 'select',
          options: f.options,
        }))}
        searchable={def.fields.some((f) => f.search)}
        createHref={nav.createHref}
        notice={notice}
        above={() => panel}
        table={{
          href: (r, c) => (c === columns[0] ? nav.recordHref(String(r.id)) : null),
          // A column of row links only where there are links to draw.
          ...(extraLinks
            ? {
                rowActions: (r: Row) =>
                  extraLinks(String(r.id)).map((l) => (
                    <a key={l.href} href={l.href}>
                      {tr(lang, l.label)}
                    </a>
                  )),
              }
            : {}),
        }}
      />
    ),
  });
}

interface FormState {
  values?: Values;
  errors?: Record<string, string>;
  status?: number;
  /** A failed post of a child row's add form (ResourceDef.children). */
  child?: { name: string; values: Values; errors: Record<string, string> };
  /** A failed post of the record's own section (a screen module's `sections`, found.ts). */
  section?: RecordSectionState;
}

const notFound = () => errorPage('recordNotFound');
const actionOf = (ctx: ScreenContext) => ctx.req.originalUrl.split('#')[0]!;

async function renderForm(ctx: ScreenContext, def: ResourceDef, mode: 'create' | 'update', id: string | null, only: string[] | undefined, state: FormState = {}): Promise<Outcome> {
  const { lang, route } = ctx;
  const fields = fieldsFor(def, ctx, mode, only);
  const creating = mode === 'create';
  const { data, choices } = await loadPage(ctx, def, { record: !!id, options: loadedChoices(fields, creating) }, id ? { id } : {});
  let current: Values = {};
  if (id) {
    const row = data[def.name] as Values | null;
    if (!row) return notFound();
    current = row;
  }
  if (!id) for (const f of fields) if (f.default !== undefined) current[f.name] = f.default;
  const views = fieldViews(fields, choices, ctx.lang, creating);
  const nav = navigator(def, ctx.roleMaps!, ctx.user!.role, route.path);
  const heading = id ? `${tr(lang, route.title)}: ${labelOf(def.labelField, current, lang)}` : tr(lang, mode === 'create' && route.title ? route.title : def.title);
  // A new record that a field has nothing left to offer to (every mail has its template) could not
  // be saved: the page says so instead of drawing the form. A failed post still gets its form back.
  const nothingLeft = !state.values && views.find((v) => v.none && v.options?.length === 0);
  if (nothingLeft) {
    return page({
      title: heading,
      content: (
        <>
          <PageHead lang={lang} title={heading} back={nav.listHref ? { href: nav.listHref, label: def.titlePlural } : undefined} />
          <AlertLine tone="info">{tr(lang, nothingLeft.none!)}</AlertLine>
        </>
      ),
    });
  }
  return page({
    title: heading,
    status: state.status,
    content: (
      <>
        <PageHead lang={lang} title={heading} back={nav.listHref ? { href: nav.listHref, label: def.titlePlural } : undefined} />
        <ResourceForm
          act={RESOURCE_ACT}
          lang={lang}
          title={route.title}
          action={actionOf(ctx)}
          fields={views}
          values={{ ...current, ...state.values }}
          errors={state.errors ?? {}}
          cancelHref={nav.listHref ?? '/admin'}
        />
      </>
    ),
  });
}

type AuditRow = { id: number; action: string; actor_name: string; at: string; changes: string };

async function renderDetail(ctx: ScreenContext, def: ResourceDef, id: string, state: FormState = {}): Promise<Outcome> {
  if (def.singleton) return renderSingleton(ctx, def, state);
  const { lang, route } = ctx;
  const fields = fieldsFor(def, ctx, 'update');
  // Fields set only on creation (e.g. a job's client) are not on the form, but the history names them.
  const createOnly = def.fields.filter((f) => f.createOnly && (!f.platformOnly || isPlatform(ctx)));
  // One call: the record, its history, its children and the choices of every field shown.
  const loaded = await loadPage(ctx, def, { record: true, audit: true, children: !!def.children?.length, options: [...loadedChoices([...fields, ...createOnly]), ...childChoices(def)] }, { id });
  const row = loaded.data[def.name] as Values | null;
  if (!row) return notFound();
  const hints = def.recordHints?.(row) ?? {};
  const views = fieldViews(fields, loaded.choices, lang).map((v) => ({ ...v, hint: hints[v.name] ?? v.hint }));
  const createOnlyViews = fieldViews(createOnly, loaded.choices, lang);
  const entries: AuditView[] = (loaded.data[`${def.name}Audit`] as AuditRow[]).map((e) => ({ ...e, changes: JSON.parse(e.changes) }));
  relabelChildChanges(entries, def, lang);
  const nav = navigator(def, ctx.roleMaps!, ctx.user!.role, route.path);
  const action = actionOf(ctx);
  const heading = `${tr(lang, def.title)}: ${labelOf(def.labelField, row, lang)}`;
  const extras = await recordExtras(ctx, def, row, action, state, loaded);
  const preview = def.preview?.(row, lang) ?? null;
  return page({
    title: heading,
    status: state.status,
    content: (
      <>
        <PageHead lang={lang} title={heading} back={nav.listHref ? { href: nav.listHref, label: def.titlePlural } : undefined} />
        <Notice text={extras.notice} />
        {extras.above}
        <RecordFacts lang={lang} fields={createOnlyViews.filter((f) => f.name !== def.labelField)} values={row} />
        <ResourceForm
          act={RESOURCE_ACT}
          lang={lang}
          title={route.title}
          action={action}
          fields={views}
          values={{ ...row, ...state.values }}
          errors={state.errors ?? {}}
          cancelHref={nav.listHref ?? '/admin'}
        />
        {preview && <PreviewCard lang={lang} title={preview.title} body={preview.body} />}
        {extras.below}
        {!def.noDelete && <DeleteButton act={RESOURCE_ACT} lang={lang} action={action} />}
        <AuditLog lang={lang} entries={entries} fields={[...views, ...createOnlyViews]} />
      </>
    ),
  });
}

const idOf = (ctx: ScreenContext) => ctx.params.id ?? (typeof ctx.req.query.id === 'string' ? ctx.req.query.id : null);

/** The screen of one route of a resource: GET draws it, POST creates, updates, deletes or runs an action, then redirects (303) or draws the form again with the errors. */
function resourceScreen(def: ResourceDef, screen: ResourceScreen): Screen {
  const self: Screen = {
    path: screen.path,
    form: { limit: '256kb', parameterLimit: 200 },
    async get(ctx, kept) {
      const id = idOf(ctx);
      // A form kept from a post made after the session ended is drawn again with what was typed.
      const state: FormState = kept ? { values: kept.values, errors: kept.errors } : {};
      switch (screen.mode) {
        case 'list':
          return renderList(ctx, def);
        case 'create':
          return renderForm(ctx, def, 'create', null, undefined, state);
        case 'edit':
          return renderForm(ctx, def, 'update', id, screen.fields, state);
        case 'detail':
          return renderDetail(ctx, def, id!, state);
        case 'single':
          if (def.singleton) return renderSingleton(ctx, def, state);
          if (ctx.req.query.new === '1' && !def.noCreate) return renderForm(ctx, def, 'create', null, undefined, state);
          if (id) return renderDetail(ctx, def, id, state);
          return renderList(ctx, def);
      }
    },
    // A failed post draws its own form; the kit draws the page as it stands only to ask first (ask-first.tsx).
    post: (ctx, body) => runAction(resourceActions(def, screen), ctx, body, (state) => (state ? Promise.resolve(errorPage('badRequest')) : self.get(ctx))),
  };
  return self;
}

/**
 * What a resource page's buttons do: save the form (create or update), delete the record, run one
 * of the definition's actions on it (`run:<name>`), add or delete a child row, or one of its
 * record section's ops (`section:<op>`). Each sets the internal op postResource dispatches on.
 */
function resourceActions(def: ResourceDef, screen: ResourceScreen): { readonly [K in ResourceActionName]: Action } {
  const op = (name: string) => withRefusal(resourceRefusal(def, screen, name), (ctx, body, arg) => postResource(ctx, def, screen, { ...body, _op: name, _arg: arg ?? '' }));
  return {
    save: op('save'),
    delete: op('delete'),
    run: op('action'),
    addChild: op('addChild'),
    deleteChild: op('deleteChild'),
    section: withRefusal(resourceRefusal(def, screen, 'section'), (ctx, body, arg) =>
      arg && RECORD_SECTIONS[def.name]?.ops.includes(arg) ? postResource(ctx, def, screen, { ...body, _op: arg }) : errorPage('badRequest'),
    ),
  };
}

/**
 * What a refused post of a resource page shows: a record that is gone is the error page; a record
 * action's refusal is said on the record; a child row's or a section's form, or the record's own
 * form, is drawn again with what was typed and the errors beside their fields.
 */
function resourceRefusal(def: ResourceDef, screen: ResourceScreen, op: string): OnRefusal {
  return {
    answer: async (r, kitState, ctx, body, arg) => {
      const id = await recordIdOf(ctx, def);
      if (op === 'section') {
        const section = RECORD_SECTIONS[def.name]!;
        const posted = { ...body, _op: arg };
        const own = await section.onRefusal?.answer?.(r, kitState, ctx, posted, arg);
        if (own) return own;
        const state = refusalState(r, ctx, posted, arg, section.onRefusal);
        return renderDetail(ctx, def, id!, { section: { values: state.values, errors: state.errors }, status: state.status });
      }
      if (r.code === 'NOT_FOUND') return notFound();
      if (op === 'action') return renderDetail(ctx, def, id!, { errors: { _: r.fields._ ?? r.message }, status: r.status });
      const child = def.children?.find((c) => c.name === body._child);
      if ((op === 'addChild' || op === 'deleteChild') && child) {
        const unprefixed = Object.fromEntries(child.fields.map((f) => [f.name, body[`${child.name}.${f.name}`]]));
        return renderDetail(ctx, def, id!, { child: { name: child.name, values: formValues(def, unprefixed, child.fields), errors: r.formErrors }, status: r.status });
      }
      const state = { values: formValues(def, body, def.fields), errors: r.formErrors, status: r.status };
      if (creatingOn(ctx, screen)) return renderForm(ctx, def, 'create', null, undefined, state);
      return rerenderUpdate(ctx, def, screen, id!, state);
    },
  };
}

/** The record a post is about: the route's id, else `?id=`; a singleton's one row. */
async function recordIdOf(ctx: ScreenContext, def: ResourceDef): Promise<string | null> {
  // A singleton's one row is the screen's record: its form posts carry no id.
  if (def.singleton && !ctx.params.id) return String((await singletonRow(ctx, def))?.id ?? '');
  return ctx.params.id ?? (typeof ctx.req.query.id === 'string' ? ctx.req.query.id : null);
}

/** A post of the create form (the create screen, or a single page's `?new=1`). */
const creatingOn = (ctx: ScreenContext, screen: ResourceScreen) => screen.mode === 'create' || (screen.mode === 'single' && ctx.req.query.new === '1');
type ResourceActionName = 'save' | 'delete' | 'run' | 'addChild' | 'deleteChild' | 'section';
/** The buttons of every resource page, one per action of resourceActions. */
const RESOURCE_ACT = declaredActions<ResourceActionName>(['save', 'delete', 'run', 'addChild', 'deleteChild', 'section']);

async function postResource(ctx: ScreenContext, def: ResourceDef, screen: ResourceScreen, body: Record<string, unknown>): Promise<Outcome> {
  const { req, lang } = ctx;
  const id = await recordIdOf(ctx, def);
  const nav = navigator(def, ctx.roleMaps!, ctx.user!.role, ctx.route.path);
  const back = (flag: string) => withFlag(nav.listHref ?? ctx.route.path, flag);
  const creating = creatingOn(ctx, screen);
  if (body._op === 'action' && id) return await postAction(ctx, def, id, String(body._arg ?? ''), nav.recordHref(id));
  // The forms of a record's own section (e.g. a daily job's shifts), handled by the section.
  const section = RECORD_SECTIONS[def.name];
  if (section && id && typeof body._op === 'string' && section.ops.includes(body._op)) {
    return await section.post(ctx, id, body, { recordHref: nav.recordHref(id) ?? req.originalUrl.split('?')[0]! });
  }
  if ((body._op === 'addChild' || body._op === 'deleteChild') && id) return await postChild(ctx, def, id, body, nav.recordHref(id));
  if (body._op === 'delete' && id && docs(def).delete) {
    await ctx.call(docs(def).delete!, { id });
    return redirect(back('deleted'));
  }
  const only = screen.mode === 'edit' ? screen.fields : undefined;
  const fields = fieldsFor(def, ctx, creating ? 'create' : 'update', only);
  const values = formValues(def, body, fields);
  const { input, errors } = toInput(fields, values, lang);
  if (Object.keys(errors).length) {
    return creating ? renderForm(ctx, def, 'create', null, undefined, { values, errors, status: 422 }) : rerenderUpdate(ctx, def, screen, id!, { values, errors, status: 422 });
  }
  if (creating) {
    if (!docs(def).create) return plain(404, 'Not found');
    const d = await ctx.call<Record<string, { id: string }>>(docs(def).create!, { input });
    const newId = d[`create${cap(def.name)}`]!.id;
    const target = nav.recordHref(newId);
    return redirect(target ? withFlag(target, 'created') : back('created'));
  }
  if (!id) return plain(404, 'Not found');
  await ctx.call(docs(def).update, { id, input });
  const here = req.originalUrl.split('?')[0]!;
  return redirect(screen.mode === 'edit' ? back('saved') : screen.mode === 'single' ? `${here}?id=${encodeURIComponent(id)}&saved=1` : withFlag(here, 'saved'));
}

function rerenderUpdate(ctx: ScreenContext, def: ResourceDef, screen: ResourceScreen, id: string, state: FormState) {
  return screen.mode === 'edit' ? renderForm(ctx, def, 'update', id, screen.fields, state) : renderDetail(ctx, def, id, state);
}

/** Every screen of every resource definition. */
export const RESOURCE_SCREENS: readonly Screen[] = RESOURCES.flatMap((def) => def.screens.map((screen) => resourceScreen(def, screen)));

// ---------------------------------------------------------------------------------------------
// Record pages: notices, action buttons (ResourceDef.actions), child rows (ResourceDef.children)
// and singletons (ResourceDef.singleton).

/** The one row of a singleton definition. */
async function singletonRow(ctx: ScreenContext, def: ResourceDef): Promise<Values | undefined> {
  const d = await ctx.call<Record<string, { rows: Values[] }>>(docs(def).list, { page: 1, size: 1 });
  return d[def.plural]!.rows[0];
}

/** A singleton's screen: the record's form and history directly, under the route's title. */
async function renderSingleton(ctx: ScreenContext, def: ResourceDef, state: FormState = {}): Promise<Outcome> {
  const { lang, route } = ctx;
  const row = await singletonRow(ctx, def);
  if (!row) return notFound();
  const id = String(row.id);
  const fields = fieldsFor(def, ctx, 'update');
  const loaded = await loadPage(ctx, def, { audit: true, children: !!def.children?.length, options: [...loadedChoices(fields), ...childChoices(def)] }, { id });
  const views = fieldViews(fields, loaded.choices, lang);
  const entries: AuditView[] = (loaded.data[`${def.name}Audit`] as AuditRow[]).map((e) => ({ ...e, changes: JSON.parse(e.changes) }));
  relabelChildChanges(entries, def, lang);
  const extras = await recordExtras(ctx, def, row, route.path, state, loaded);
  return page({
    title: route.title,
    status: state.status,
    content: (
      <>
        <PageHead lang={lang} title={tr(lang, route.title)} />
        <Notice text={extras.notice} />
        <ResourceForm act={RESOURCE_ACT} lang={lang} title={route.title} action={route.path} fields={views} values={{ ...row, ...state.values }} errors={state.errors ?? {}} cancelHref={route.path} />
        {extras.below}
        <AuditLog lang={lang} entries={entries} fields={views} />
      </>
    ),
  });
}

/** The choices a record page loads for its children's add forms, asked for as `child.field`. */
const childChoices = (def: ResourceDef) => (def.children ?? []).flatMap((c) => loadedChoices(c.fields).map((name) => `${c.name}.${name}`));

/** Child fields for the views, with the choices loaded as `child.field`. */
function childFieldViews(child: ChildResource, choices: Choices, lang: Lang): FieldView[] {
  const prefix = `${child.name}.`;
  return fieldViews(
    child.fields.map((f) => ({ ...f, name: prefix + f.name })),
    choices,
    lang,
  ).map((v) => ({ ...v, name: v.name.slice(prefix.length) }));
}

/** What a record page shows besides its form: the notice of what just happened, action buttons and child rows. */
async function recordExtras(ctx: ScreenContext, def: ResourceDef, row: Values, action: string, state: FormState, loaded: { data: Record<string, unknown>; choices: Choices }) {
  const { req, lang } = ctx;
  const done = typeof req.query.done === 'string' ? def.actions?.find((a) => a.name === req.query.done) : undefined;
  const notice = done ? tr(lang, done.done) : req.query.saved === '1' ? msg(lang, 'notice.saved') : req.query.created === '1' ? msg(lang, 'notice.created') : undefined;
  const children = (def.children ?? []).map((c) => {
    const failed = state.child?.name === c.name ? state.child : undefined;
    const rows = (loaded.data[c.plural] as Values[] | null | undefined) ?? [];
    return (
      <ChildList
        key={c.name}
        act={RESOURCE_ACT}
        lang={lang}
        name={c.name}
        title={c.titlePlural}
        fields={childFieldViews(c, loaded.choices, lang)}
        rows={rows}
        action={action}
        values={failed?.values ?? {}}
        errors={failed?.errors ?? {}}
      />
    );
  });
  const section = RECORD_SECTIONS[def.name];
  const sectionView = section ? await section.render(ctx, row, action, state.section, RESOURCE_ACT) : null;
  const offered = (def.actions ?? []).filter((a) => offersRow(a.rows, row));
  const below = (
    <>
      {offered.length ? <RecordActions act={RESOURCE_ACT} lang={lang} action={action} actions={offered.map((a) => ({ name: a.name, label: a.label }))} /> : null}
      {children}
      {section?.first ? null : sectionView}
    </>
  );
  return { notice, above: section?.first ? sectionView : null, below };
}

/** Child additions and removals are audited on the record under the child list's key; show its title and option labels. */
function relabelChildChanges(entries: AuditView[], def: ResourceDef, lang: Lang) {
  // Keys the definition's own operations write (ResourceDef.auditLabels), shown with their label.
  for (const [key, label] of Object.entries(def.auditLabels ?? {})) {
    for (const e of entries) {
      const change = e.changes[key];
      if (!change) continue;
      delete e.changes[key];
      e.changes[tr(lang, label)] = change;
    }
  }
  for (const c of def.children ?? []) {
    const labelField = c.fields.find((f) => f.name === c.labelField);
    const show = (v: unknown) => (v === null || v === undefined ? null : Array.isArray(labelField?.options) ? (labelField.options.find((o) => o.value === v)?.label[lang] ?? v) : v);
    for (const e of entries) {
      const change = e.changes[c.plural];
      if (!change) continue;
      delete e.changes[c.plural];
      e.changes[tr(lang, c.titlePlural)] = { from: show(change.from), to: show(change.to) };
    }
  }
}

/** Runs a record action, then back to the record with its notice (or the refusal as the page's error). */
async function postAction(ctx: ScreenContext, def: ResourceDef, id: string, name: string, recordHref: string | null): Promise<Outcome> {
  const doc = docs(def).action;
  if (!doc) return plain(400, 'Bad request');
  await ctx.call(doc, { id, action: name });
  return redirect(withFlag(recordHref ?? ctx.route.path, 'done', name));
}

/** Adds or removes a child row from the record page's child forms (field names `child.field`). */
async function postChild(ctx: ScreenContext, def: ResourceDef, id: string, body: Record<string, unknown>, recordHref: string | null): Promise<Outcome> {
  const child = def.children?.find((c) => c.name === body._child);
  if (!child) return plain(400, 'Bad request');
  const back = () => redirect(`${withFlag(recordHref ?? ctx.route.path, 'saved')}#child-${child.name}`);
  const unprefixed = Object.fromEntries(child.fields.map((f) => [f.name, body[`${child.name}.${f.name}`]]));
  const values = formValues(def, unprefixed, child.fields);
  const failed = (errors: Record<string, string>, code: number) => renderDetail(ctx, def, id, { child: { name: child.name, values, errors }, status: code });
  if (body._op === 'deleteChild') {
    await ctx.call(docs(def)[`${child.name}Delete`]!, { id: String(body._childId ?? '') });
    return back();
  }
  const { input, errors } = toInput(child.fields, values, ctx.lang);
  if (Object.keys(errors).length) return failed(errors, 422);
  await ctx.call(docs(def)[`${child.name}Create`]!, { parentId: id, input });
  return back();
}
