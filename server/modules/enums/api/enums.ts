import { z } from 'zod';
import { requiredText, validate } from '../../../validation.ts';
import { deriveJobEnum } from '../derive.ts';
import { createJobEnum, deleteJobEnum, deleteVisaType, enumStore, findJobEnum, listLanguages, takenWords, updateJobEnum, upsertVisaType } from '../service.ts';
import { ENUM_TYPES, JOB_ENUM_TYPES, USER_ENUM_TYPES } from '../reference-data.ts';
import type { JobEnumRecord } from '../derive.ts';
import { SSW_FIELDS } from '../../workforce/work-limits.ts';
import { canEnter } from '../../../access/guard.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput, forbidden } from '../../../api/errors.ts';
import { type MessageKey, msg } from '../../../../shared/messages.ts';
import { routeCode } from '../../../access/routes.ts';
import { type Rules, pages } from '../../../api/rules.ts';

export const typeDefs = /* GraphQL */ `
  "One translation of an enumeration value (SPEC §3)."
  type EnumTranslate {
    language_key: String!
    value: String!
  }

  "A job-enum record with the derived display fields of SPEC §3."
  type JobEnum {
    id: Int!
    type: Int!
    enum_job_translate_value: [EnumTranslate!]!
    "The Japanese value."
    name: String!
    "The Japanese value."
    label: String!
    "The id."
    value: Int!
    "The English value; only on the read-skill list."
    enName: String
    "A job type's default 特定技能 field (分野) for its jobs (one of the fields the job form offers); null: none, and on other types."
    sswField: String
    "A job type's default for simple manual work: true, false, or null (no default: not simple)."
    simpleLabour: Boolean
  }

  type VisaType {
    id: Int!
    ja: String!
    en: String!
    "Shown as id plus name (SPEC §3)."
    name: String!
  }

  type Language {
    id: Int!
    code: String!
    ja: String!
    en: String!
  }

  "The enumeration store of SPEC §3."
  type EnumStore {
    enums: [JobEnum!]!
    jobTypes: [JobEnum!]!
    genders: [JobEnum!]!
    overtimes: [JobEnum!]!
    jobWeeks: [JobEnum!]!
    computerSkills: [JobEnum!]!
    writeSkills: [JobEnum!]!
    educations: [JobEnum!]!
    readSkills: [JobEnum!]!
    payTypes: [JobEnum!]!
    visaTypes: [VisaType!]!
  }

  input JobEnumInput {
    ja: String!
    en: String!
    "Job types only: the default 特定技能 field of their jobs ('' or null: none). Left out: unchanged."
    sswField: String
    "Job types only: 'true', 'false', or '' (no default). Left out: unchanged."
    simpleLabour: String
  }

  extend type Query {
    enums: EnumStore!
    languages: [Language!]!
  }

  extend type Mutation {
    createJobEnum(type: Int!, input: JobEnumInput!): JobEnum!
    updateJobEnum(id: Int!, input: JobEnumInput!): JobEnum!
    deleteJobEnum(id: Int!): Boolean!
    upsertVisaType(id: Int, input: JobEnumInput!): VisaType!
    deleteVisaType(id: Int!): Boolean!
  }
`;

const Values = z.object({ ja: requiredText(100), en: requiredText(100) });
const blankToNull = (v: unknown) => (v === '' ? null : v);
/**
 * A job type's defaults for its jobs, as the job form reads them when it is left blank
 * (docs/workforce.md "The data behind the rules"): the field one of the 特定技能運用要領's (SSW_FIELDS),
 * simple manual work yes, no or no default. A key left out leaves the stored value.
 */
const Defaults = z.object({
  sswField: z.preprocess(blankToNull, z.enum(SSW_FIELDS.map(([ja]) => ja) as [string, ...string[]]).nullish()),
  simpleLabour: z.preprocess(blankToNull, z.enum(['true', 'false']).nullish()),
});
const JobEnumValues = Values.extend(Defaults.shape);

/** The values of a create or update: the job type's defaults only on a job type; anything else refuses them. */
function enumValues(ctx: ApiContext, type: number, input: unknown) {
  const v = validate(JobEnumValues, input, ctx.lang, new Set(['sswField', 'simpleLabour']));
  if (!v.ok) throw badInput(ctx.lang, v.errors);
  const { ja, en, sswField, simpleLabour } = v.data;
  if (type !== ENUM_TYPES.jobTypes) {
    if (sswField != null || simpleLabour != null) throw badInput(ctx.lang, { [sswField != null ? 'sswField' : 'simpleLabour']: msg(ctx.lang, 'enums.defaultsJobTypesOnly') });
    return { ja, en };
  }
  return {
    ja,
    en,
    ...(sswField === undefined ? {} : { ssw_field: sswField }),
    ...(simpleLabour === undefined ? {} : { simple_labour: simpleLabour === null ? null : simpleLabour === 'true' }),
  };
}

/** Job-related types are edited under 200014 (enumjobvalue), person-related under 200015 (enumuservalue). */
async function assertMayEditType(ctx: ApiContext, type: number) {
  const code = (JOB_ENUM_TYPES as readonly number[]).includes(type)
    ? routeCode('/admin/templates/enumjobvalue')
    : (USER_ENUM_TYPES as readonly number[]).includes(type)
      ? routeCode('/admin/templates/enumuservalue')
      : null;
  if (code === null) throw badInput(ctx.lang, { type: msg(ctx.lang, 'enums.unknownType') });
  const maps = await ctx.services.roleMaps.get();
  if (!canEnter(maps, ctx.user!.role, code)) throw forbidden(ctx.lang);
}

const notFound = (ctx: ApiContext) => apiError('NOT_FOUND', msg(ctx.lang, 'error.notFound'));

/** Refuses a value whose Japanese or English word another value of its list already has, at that field. */
async function refuseTakenWords(ctx: ApiContext, list: number | 'visa', words: { ja: string; en: string }, except: number | null) {
  const taken = await takenWords(ctx.services.db, list, words, except);
  if (taken.length) throw badInput(ctx.lang, Object.fromEntries(taken.map((lang) => [lang, msg(ctx.lang, 'enums.wordTaken')])));
}

/** What the rows of each table that can use a value are called. */
const USED_IN: Record<string, MessageKey> = {
  jobs: 'enums.usedIn.jobs',
  staff: 'enums.usedIn.staff',
  candidate_profiles: 'enums.usedIn.profiles',
  residence_cards: 'enums.usedIn.cards',
};

/** A delete's answer: a value still in use is refused with where it is used (it would go blank there). */
function deleted(ctx: ApiContext, r: Awaited<ReturnType<typeof deleteVisaType>>): true {
  if (r === null) throw notFound(ctx);
  if (!r.deleted) {
    const uses = r.uses.map((u) => msg(ctx.lang, 'enums.use', { what: msg(ctx.lang, USED_IN[u.table] ?? 'enums.usedIn.other'), count: u.count }));
    throw apiError('CONFLICT', msg(ctx.lang, 'enums.inUse', { uses: uses.join(msg(ctx.lang, 'list.separator')) }));
  }
  return true;
}

export const resolvers = {
  JobEnum: {
    sswField: (e: JobEnumRecord) => e.ssw_field ?? null,
    simpleLabour: (e: JobEnumRecord) => e.simple_labour ?? null,
  },
  Query: {
    enums: (_: unknown, __: unknown, ctx: ApiContext) => enumStore(ctx.services.db),
    languages: (_: unknown, __: unknown, ctx: ApiContext) => listLanguages(ctx.services.db),
  },
  Mutation: {
    createJobEnum: async (_: unknown, args: { type: number; input: unknown }, ctx: ApiContext) => {
      await assertMayEditType(ctx, args.type);
      const values = enumValues(ctx, args.type, args.input);
      await refuseTakenWords(ctx, args.type, values, null);
      const id = await createJobEnum(ctx.services.db, { type: args.type, ...values });
      return deriveJobEnum((await findJobEnum(ctx.services.db, id))!);
    },
    updateJobEnum: async (_: unknown, args: { id: number; input: unknown }, ctx: ApiContext) => {
      const existing = await findJobEnum(ctx.services.db, args.id);
      if (!existing) throw notFound(ctx);
      await assertMayEditType(ctx, existing.type);
      const values = enumValues(ctx, existing.type, args.input);
      await refuseTakenWords(ctx, existing.type, values, args.id);
      await updateJobEnum(ctx.services.db, args.id, values);
      return deriveJobEnum((await findJobEnum(ctx.services.db, args.id))!);
    },
    deleteJobEnum: async (_: unknown, args: { id: number }, ctx: ApiContext) => {
      const existing = await findJobEnum(ctx.services.db, args.id);
      if (!existing) throw notFound(ctx);
      await assertMayEditType(ctx, existing.type);
      return deleted(ctx, await deleteJobEnum(ctx.services.db, args.id));
    },
    upsertVisaType: async (_: unknown, args: { id?: number | null; input: unknown }, ctx: ApiContext) => {
      const v = validate(Values, args.input, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      await refuseTakenWords(ctx, 'visa', v.data, args.id ?? null);
      const id = await upsertVisaType(ctx.services.db, { id: args.id, ...v.data });
      if (id === null) throw notFound(ctx);
      return { id, ...v.data, name: v.data.ja };
    },
    deleteVisaType: async (_: unknown, args: { id: number }, ctx: ApiContext) => {
      return deleted(ctx, await deleteVisaType(ctx.services.db, args.id));
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // enumerations (SPEC §3): read by every page and the public boards; edited on the template pages
  'Query.enums': { public: true },
  'Query.languages': { public: true },
  'Mutation.createJobEnum': pages('/admin/templates/enumjobvalue', '/admin/templates/enumuservalue'),
  'Mutation.updateJobEnum': pages('/admin/templates/enumjobvalue', '/admin/templates/enumuservalue'),
  'Mutation.deleteJobEnum': pages('/admin/templates/enumjobvalue', '/admin/templates/enumuservalue'),
  'Mutation.upsertVisaType': pages('/admin/templates/enumuservalue'),
  'Mutation.deleteVisaType': pages('/admin/templates/enumuservalue'),
};
