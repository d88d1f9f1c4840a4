import type { RawBuilder } from 'kysely';
import { z } from 'zod';
import type { Text } from '../../shared/i18n.ts';
import { forTenant, isPlatform, keptFrom, tenantAssignedValues, tenantFilterFor, type Tenant } from '../access/tenancy.ts';
import { msgText } from '../../shared/messages.ts';
import type { Lang } from '../../shared/i18n.ts';
import type { Services } from '../services.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import { idSchema } from '../validation.ts';

/**
 * A resource definition (DESIGN.md §3): one back-office entity, from which the engine derives
 * its GraphQL list/get/create/update/delete operations, their authorization rules (from the
 * route table's codes of the screens below), tenant scoping, the audit log, and the
 * server-rendered list, detail and form pages with CSV export.
 */
export type FieldKind = 'text' | 'textarea' | 'email' | 'tel' | 'number' | 'boolean' | 'select' | 'color' | 'date';

export interface Option {
  value: string;
  label: Text;
}

export interface FieldDef {
  /** Column name and form field name. */
  name: string;
  label: Text;
  kind: FieldKind;
  /** Validation of the submitted value (forms and API alike). */
  schema: z.ZodType;
  /** Fixed choices, or choices loaded for the caller (e.g. the caller's companies). */
  options?: Option[] | ((ctx: OptionContext) => Promise<Option[]>);
  /**
   * The values of `options` a new record may still take, when not all of them (a mail template's
   * key: the mails without a template of the company yet): `{name}Options` answers only these and
   * the create form offers only these, while lists, records and the history name every value by
   * `options`. With none left, the create form says `none` instead of drawing a form that could
   * not be saved. The API still takes any value of `options`: the definition's `validate` refuses
   * one that is taken, so a stale form hears why.
   */
  offered?: { values: (ctx: OptionContext) => Promise<readonly string[]>; none: Text };
  /** The options are names (countries): each reader gets them in the alphabetical order of their language. */
  alphabetical?: boolean;
  /** Shown as a list column. */
  list?: boolean;
  /** The list can be sorted by it. */
  sortable?: boolean;
  /** The list filter form offers it (select fields filter by value, text fields by substring). */
  filter?: boolean;
  /** Included in the free-text search. */
  search?: boolean;
  /** Only platform users may set it (e.g. a row's company); others get their own tenant's value. */
  platformOnly?: boolean;
  /**
   * Only users of these tenant kinds see and set it (a job's bill rate, the staffing company's
   * price: not the client it bills, who would read the company's margin beside the wage). The
   * others' forms and CSV do not draw it, their change history leaves it out, the API answers null
   * for it and leaves out what their calls send for it. Default: all.
   */
  tenants?: readonly Tenant['kind'][];
  /** Not editable after creation. */
  createOnly?: boolean;
  hint?: Text;
  /** GraphQL scalar of the field. Default String (Int for number, Boolean for boolean). */
  graphqlType?: 'String' | 'Int' | 'Boolean' | 'ID';
  /**
   * Several choices at once (a select stored in an array column, e.g. text[]): the form shows a
   * checkbox per option, the API takes [String!], a list filter matches rows holding the value.
   */
  multiple?: boolean;
  /** The value a new record's form starts with (e.g. true for "active"); the API applies no default. */
  default?: unknown;
  /**
   * How lists, CSV files and the history show a number field when it is not a plain number: money
   * in yen (shared/format.ts `yen`), as the read models' money columns (docs/lists.md, kinds).
   */
  cell?: 'money';
}

export interface OptionContext {
  tenant: Tenant;
  db: import('../db/connect.ts').DB;
}

/** Where a resource's screens live (paths of the route table). */
export type Screen =
  | { path: string; mode: 'list' }
  | { path: string; mode: 'create' }
  | { path: string; mode: 'edit'; fields?: string[] }
  | { path: string; mode: 'detail' }
  /** One route for everything: ?new=1 for the form, ?id=… for a record (the template pages). */
  | { path: string; mode: 'single' };

export interface TenantScope {
  /** Rows the tenant may see, as a column filter, or null for "nothing". */
  where(tenant: Tenant): { column: string; value: string }[] | null;
  /** Values the tenant's new rows get (e.g. company_id), overriding the input. */
  assign(tenant: Tenant): Record<string, string | null>;
  /** The company a row belongs to, for the audit log. */
  companyOf(row: Record<string, unknown>): string | null;
}

export interface ResourceDef {
  /** Singular camelCase name: `client` → Client, clients, client, createClient, … */
  name: string;
  /** Plural camelCase name for the list query. */
  plural: string;
  table: string;
  title: Text;
  titlePlural: Text;
  fields: FieldDef[];
  /** The field that names a row in links and titles. */
  labelField: string;
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  scope: TenantScope;
  screens: Screen[];
  /** No create or delete through the engine (e.g. rows made elsewhere). */
  noCreate?: boolean;
  noDelete?: boolean;
  /**
   * Rows of other tables that keep a record from being deleted: its history (a client's jobs,
   * with their applications, attendance and pay; its invoices). Deleting it is refused with the
   * tables named, instead of cascading the history away.
   */
  keptBy?: readonly { table: string; column: string; what: Text }[];
  /** Extra row constraints on list and get (e.g. kind = 'mail' on a shared table). */
  fixed?: Record<string, string>;
  /**
   * A valid create input, as a platform user would send it (GraphQL types: numbers as numbers).
   * The generic resource tests create, read, update, audit and delete with it; a ref field may
   * hold the placeholder '$company' (replaced by a real company id the caller may use).
   * Likewise '$client': a client of that company.
   */
  sample: Record<string, unknown>;
  /**
   * Columns by which the sample replaces a row every company already holds (a mail template's
   * `company_id` and `key`: each company has a template of every mail, one per key). The generic
   * tests delete the row holding the sample's values of them (with `fixed`) through the API
   * before creating the sample, as a person deletes a mail's template to write it anew.
   */
  sampleReplaces?: readonly string[];
  /**
   * Cross-field or cross-row checks the field schemas cannot make (a status tree without cycles,
   * a key unique per tenant). Called by createRow and updateRow after field validation with the
   * validated input (on update only the fields being written), and `id` null on create; the
   * returned field errors (already in `lang`) are reported like validation errors. {} = valid.
   */
  validate?(input: Record<string, unknown>, ctx: ResourceValidateContext): Promise<Record<string, string>>;
  /**
   * An optional rendering of a record shown on its detail page under the form (e.g. a mail
   * template filled with sample values). Plain text: the screen shows `body` pre-wrapped.
   */
  preview?: (row: Record<string, unknown>, lang: Lang) => { title: string; body: string } | null;
  /**
   * Hints of a record's form that depend on the record, by field name, in place of the fields' own
   * (e.g. a mail template's body: the variables the mail of its key is sent with).
   */
  recordHints?: (row: Record<string, unknown>) => Partial<Record<string, Text>>;
  /**
   * Rows whose column holds one of these values (list, get, update, delete): `fixed` for a set,
   * e.g. the roles of one user screen. A create must pick one of them (give the field those options).
   */
  fixedIn?: Record<string, readonly string[]>;
  /**
   * Exactly one row, made by a migration (platform settings): its `single` screen shows the
   * record's form and history directly. Use with noCreate and noDelete.
   */
  singleton?: boolean;
  /**
   * Shapes what is written, once the input is valid (after `validate`): the returned values are
   * merged over it, e.g. columns that are not fields (a password hash) or values derived from
   * another row. It may refuse with field errors (e.g. a role above the caller's own). On create
   * `values` already holds the tenant's assigned columns; on update only the fields being written,
   * and whatever it returns there is recorded as a change (so return only field values).
   */
  beforeWrite?(values: Record<string, unknown>, ctx: HookContext, change: WriteChange): Promise<BeforeWriteResult>;
  /**
   * Runs after a create or update has committed (mail an invitation, end the sessions of a user
   * just deactivated). An error it throws reaches the caller, but the write stands.
   */
  afterWrite?(row: RecordRow, ctx: HookContext, change: WriteChange): Promise<void>;
  /** Buttons on the record page (e.g. "send a password reset mail"); allowed to whoever may edit the record. */
  actions?: RecordAction[];
  /** Rows of other tables that belong to a record (e.g. a staff member's documents), listed and added on its page. */
  children?: ChildResource[];
  /**
   * Read-only values computed per row in SQL (e.g. a job's fill rate over its shifts): fields of
   * the GraphQL type (String, null when not computed) and list columns; never written or audited.
   */
  computed?: ComputedColumn[];
  /**
   * Labels of audit-log keys that are not fields: changes written by the definition's own
   * operations or actions (e.g. "shifts added", "duplicated as …").
   */
  auditLabels?: Record<string, Text>;
}

/** A value computed per row (ResourceDef.computed). */
export interface ComputedColumn {
  name: string;
  label: Text;
  /**
   * The value as SQL text, given the resource's table name (e.g. a correlated subquery on
   * `<table>.id`) and the reader's language (for a value that holds words: bind them, never splice).
   */
  sql: (table: string, lang: Lang) => RawBuilder<string | null>;
  /** Shown as a list column. */
  list?: boolean;
}

/** What a definition's `validate` hook may use: the database, the caller's tenant, the row (null on create). */
export interface ResourceValidateContext {
  db: import('../db/connect.ts').DB;
  tenant: Tenant;
  id: string | null;
  lang: Lang;
  /** The API's services when the write comes through the API (e.g. the outbound guard for a check that fetches). */
  services: Services | undefined;
}

/** A row as the engine reads it: its id, fields and timestamps. */
export type RecordRow = Record<string, unknown> & { id: string };

/** What the write hooks and record actions get: the caller, its tenant and language, the database and the API's services. */
export interface HookContext {
  user: SessionUser;
  tenant: Tenant;
  lang: Lang;
  db: import('../db/connect.ts').DB;
  /** Mail and sessions (`services.auth`), the event bus, the log, … */
  services: Services;
}

export interface WriteChange {
  mode: 'create' | 'update';
  /** The row before the write (null on create). */
  before: RecordRow | null;
}

/** Values to merge into the write, or field errors (already in the caller's language) that refuse it. */
/** The fields a caller of this tenant may write in this operation (the API's and the form's alike). */
export const writableFields = (fields: readonly FieldDef[], tenant: Tenant, mode: 'create' | 'update', only?: readonly string[]): FieldDef[] =>
  fields.filter((f) => (!f.platformOnly || isPlatform(tenant)) && seesField(f, tenant) && (mode === 'create' || !f.createOnly) && (!only || only.includes(f.name)));

/** Whether a caller of this tenant sees (and so may set) the field (FieldDef.tenants). */
export const seesField: (f: FieldDef, tenant: Tenant) => boolean = forTenant;

/** The names of the fields a caller of this tenant does not see (FieldDef.tenants): none for most definitions. */
export const unseenFields = (fields: readonly FieldDef[], tenant: Tenant): readonly string[] => keptFrom(fields, tenant);

export type BeforeWriteResult = { values: Record<string, unknown> } | { errors: Record<string, string> };

/** A button on a record's page that does something other than saving (engine: `<name>Action` mutation). */
export interface RecordAction {
  /** Letters only; the API's `action` argument. */
  name: string;
  label: Text;
  /** The notice shown once it ran. */
  done: Text;
  /** Runs it; a returned text refuses (shown as the page's error), nothing means done. */
  run(row: RecordRow, ctx: HookContext): Promise<Text | void>;
  /** The records it can run on, by a column's values (a closed job is not closed again); default: every record. */
  rows?: RowsOffered;
}

/**
 * Which rows an action is drawn on, by a column's values (`{ status: ['requested'] }`), for a
 * record's action and a list row's alike: on the other rows it could only be refused.
 */
export type RowsOffered = Readonly<Record<string, readonly string[]>>;

/** Whether an action declaring `rows` is drawn on `row`. */
export const offersRow = (rows: RowsOffered | undefined, row: Readonly<Record<string, unknown>>): boolean =>
  Object.entries(rows ?? {}).every(([column, values]) => values.includes(String(row[column])));

/**
 * Rows of another table belonging to one record through `parentColumn`. They are read and
 * written through the record (the caller must be allowed to see it, and to edit it to add or
 * remove one), and each addition or removal is written to the record's own audit log.
 * Operations: `<plural>(parentId)`, `create<Name>(parentId, input)`, `delete<Name>(id)`.
 */
export interface ChildResource {
  name: string;
  plural: string;
  table: string;
  parentColumn: string;
  title: Text;
  titlePlural: Text;
  fields: FieldDef[];
  /** The field that names a row in the audit log. */
  labelField: string;
  defaultSort: { field: string; dir: 'asc' | 'desc' };
}

/** Scoped by a company_id column: platform sees all; company and client users their company. */
export function companyScope(column = 'company_id'): TenantScope {
  return {
    where: (t) => tenantFilterFor(t, { company: column }),
    assign: (t) => tenantAssignedValues(tenantFilterFor(t, { company: column })),
    companyOf: (row) => (row[column] as string | null) ?? null,
  };
}

/**
 * Scoped by company and client: platform sees all; company users their company's rows; client
 * users only their client's (`clientColumn` is the row's client, or `id` for the clients table).
 */
export function companyClientScope(clientColumn: string): TenantScope {
  return {
    where: (t) => tenantFilterFor(t, { company: 'company_id', client: clientColumn }),
    // A client user's new client row (the clients table itself) gets no id from the tenant.
    assign: (t) => tenantAssignedValues(tenantFilterFor(t, { company: 'company_id', client: clientColumn })?.filter((c) => c.column !== 'id') ?? null),
    companyOf: (row) => (row.company_id as string | null | undefined) ?? null,
  };
}

/** Platform data: no tenant column; only platform roles hold the codes anyway. */
export const platformScope: TenantScope = {
  where: (t) => tenantFilterFor(t, { company: false }),
  assign: () => ({}),
  companyOf: () => null,
};

// Field builders keep definitions short and the validation messages uniform (server/validation.ts).
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const f = {
  text: (name: string, label: Text, o: Partial<FieldDef> & { max?: number; required?: boolean } = {}): FieldDef => ({
    name,
    label,
    kind: 'text',
    schema:
      o.required === false
        ? z.preprocess(
            blankToNull,
            z
              .string()
              .trim()
              .max(o.max ?? 200)
              .nullable(),
          )
        : z
            .string()
            .trim()
            .min(1)
            .max(o.max ?? 200),
    ...o,
  }),
  textarea: (name: string, label: Text, o: Partial<FieldDef> & { max?: number; required?: boolean } = {}): FieldDef => ({
    name,
    label,
    kind: 'textarea',
    schema: o.required
      ? z
          .string()
          .trim()
          .min(1)
          .max(o.max ?? 20_000)
      : z.preprocess(
          (v) => v ?? '',
          z
            .string()
            .trim()
            .max(o.max ?? 20_000),
        ),
    ...o,
  }),
  email: (name: string, label: Text, o: Partial<FieldDef> & { required?: boolean } = {}): FieldDef => ({
    name,
    label,
    kind: 'email',
    schema: o.required ? z.string().trim().min(1).max(254).pipe(z.email()) : z.preprocess(blankToNull, z.string().trim().max(254).pipe(z.email()).nullable()),
    ...o,
  }),
  tel: (name: string, label: Text, o: Partial<FieldDef> & { required?: boolean } = {}): FieldDef => ({
    name,
    label,
    kind: 'tel',
    schema: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(30)
        .refine((v) => /^[0-9+()\-\s]{6,30}$/.test(v), { message: 'phone', params: msgText('validation.phone') })
        .nullable(),
    ),
    ...o,
  }),
  /**
   * A whole number. Left blank it is "required", or null where `required: false` (a nullable
   * column); never silently 0. A form that should start with a value gives `default`.
   */
  number: (name: string, label: Text, o: Partial<FieldDef> & { min?: number; max?: number; required?: boolean } = {}): FieldDef => {
    const n = z
      .number()
      .int()
      .min(o.min ?? 0)
      .max(o.max ?? 1_000_000);
    return {
      name,
      label,
      kind: 'number',
      graphqlType: 'Int',
      schema: z.preprocess(
        (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? (o.required === false ? null : undefined) : typeof v === 'string' ? Number(v.trim()) : v),
        o.required === false ? n.nullable() : n,
      ),
      ...o,
    };
  },
  boolean: (name: string, label: Text, o: Partial<FieldDef> = {}): FieldDef => ({
    name,
    label,
    kind: 'boolean',
    graphqlType: 'Boolean',
    schema: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()),
    ...o,
  }),
  select: (name: string, label: Text, options: Option[], o: Partial<FieldDef> = {}): FieldDef => ({
    name,
    label,
    kind: 'select',
    options,
    schema: z.enum(options.map((x) => x.value) as [string, ...string[]]),
    ...o,
  }),
  /** A reference to another table's row, chosen from options loaded for the caller. */
  ref: (name: string, label: Text, options: (ctx: OptionContext) => Promise<Option[]>, o: Partial<FieldDef> & { required?: boolean } = {}): FieldDef => ({
    name,
    label,
    kind: 'select',
    options,
    graphqlType: 'ID',
    schema: o.required === false ? z.preprocess(blankToNull, idSchema.nullable()) : idSchema,
    ...o,
  }),
  color: (name: string, label: Text, o: Partial<FieldDef> = {}): FieldDef => ({
    name,
    label,
    kind: 'color',
    schema: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    ...o,
  }),
  /** A calendar date, YYYY-MM-DD (a date column; read back as the same string). */
  date: (name: string, label: Text, o: Partial<FieldDef> & { required?: boolean } = {}): FieldDef => ({
    name,
    label,
    kind: 'date',
    schema: o.required ? z.iso.date() : z.preprocess(blankToNull, z.iso.date().nullable()),
    ...o,
  }),
  /** Several choices (an array column); duplicates are dropped. */
  multi: (name: string, label: Text, options: Option[] | ((ctx: OptionContext) => Promise<Option[]>), o: Partial<FieldDef> & { max?: number } = {}): FieldDef => ({
    name,
    label,
    kind: 'select',
    options,
    multiple: true,
    schema: z.preprocess(
      (v) => (v === null || v === undefined || v === '' ? [] : typeof v === 'string' ? [v] : Array.isArray(v) ? [...new Set(v)] : v),
      z.array(Array.isArray(options) ? z.enum(options.map((x) => x.value) as [string, ...string[]]) : z.string().min(1).max(100)).max(o.max ?? 50),
    ),
    ...o,
  }),
};

/** A text said in each language by `say` (a catalogue sentence filled with values of that language). */
export const inBoth = (say: (lang: Lang) => string): Text => ({ ja: say('ja'), en: say('en') });

/** The windows of a date field's list filter (shared with the views). */
export { DATE_FILTERS } from '../../shared/date-filters.ts';
