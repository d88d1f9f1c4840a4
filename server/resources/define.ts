import { z } from 'zod';
import type { Text } from '../i18n.ts';
import type { Tenant } from '../api/tenancy.ts';

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
  /** Not editable after creation. */
  createOnly?: boolean;
  hint?: Text;
  /** GraphQL scalar of the field. Default String (Int for number, Boolean for boolean). */
  graphqlType?: 'String' | 'Int' | 'Boolean' | 'ID';
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
  /** Extra row constraints on list and get (e.g. kind = 'mail' on a shared table). */
  fixed?: Record<string, string>;
  /**
   * A valid create input, as a platform user would send it (GraphQL types: numbers as numbers).
   * The generic resource tests create, read, update, audit and delete with it; a ref field may
   * hold the placeholder '$company' (replaced by a real company id the caller may use).
   */
  sample: Record<string, unknown>;
}

/** Scoped by a company_id column: platform sees all; company and client users their company. */
export function companyScope(column = 'company_id'): TenantScope {
  return {
    where: (t) => (t.kind === 'platform' ? [] : t.kind === 'none' ? null : [{ column, value: t.companyId }]),
    assign: (t) => (t.kind === 'platform' || t.kind === 'none' ? {} : { [column]: t.companyId }),
    companyOf: (row) => (row[column] as string | null) ?? null,
  };
}

/** Platform data: no tenant column; only platform roles hold the codes anyway. */
export const platformScope: TenantScope = {
  where: (t) => (t.kind === 'platform' ? [] : null),
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
    schema: o.required === false ? z.preprocess(blankToNull, z.string().trim().max(o.max ?? 200).nullable()) : z.string().trim().min(1).max(o.max ?? 200),
    ...o,
  }),
  textarea: (name: string, label: Text, o: Partial<FieldDef> & { max?: number; required?: boolean } = {}): FieldDef => ({
    name,
    label,
    kind: 'textarea',
    schema: o.required ? z.string().trim().min(1).max(o.max ?? 20_000) : z.string().trim().max(o.max ?? 20_000),
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
        .refine((v) => /^[0-9+()\-\s]{6,30}$/.test(v), { message: 'phone', params: { ja: '電話番号は数字とハイフンで入力してください。', en: 'Enter a phone number with digits and hyphens.' } })
        .nullable(),
    ),
    ...o,
  }),
  number: (name: string, label: Text, o: Partial<FieldDef> & { min?: number; max?: number } = {}): FieldDef => ({
    name,
    label,
    kind: 'number',
    graphqlType: 'Int',
    schema: z.coerce.number().int().min(o.min ?? 0).max(o.max ?? 1_000_000),
    ...o,
  }),
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
    schema: o.required === false ? z.preprocess(blankToNull, z.uuid().nullable()) : z.uuid(),
    ...o,
  }),
  color: (name: string, label: Text, o: Partial<FieldDef> = {}): FieldDef => ({
    name,
    label,
    kind: 'color',
    schema: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    ...o,
  }),
};

export const t = (ja: string, en: string): Text => ({ ja, en });
