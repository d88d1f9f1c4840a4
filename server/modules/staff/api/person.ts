/**
 * One person on /admin/staff (docs/workforce.md "One person"): the likely
 * duplicates of the caller's registry (by residence-card number and e-mail), linking a registry
 * row to the candidate it is, merging two registry rows, and the record of merges. Code 150001
 * (the registry's); rows of another company are "not found", and a merge across companies is refused.
 */
import { tr, type Text } from '../../../../shared/i18n.ts';
import { msgText } from '../../../../shared/texts/index.ts';
import { findDuplicates, linkStaffToCandidate, listMerges, mergeStaffRows, type MergeRefusal } from '../person.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';

export const typeDefs = /* GraphQL */ `
  "Two records that are likely one person, and why (card: same residence-card number; email: same e-mail, any case)."
  type PersonDuplicate {
    "link: a registry row and a registered candidate; staff: two registry rows."
    kind: String!
    staffId: ID!
    staffName: String!
    otherId: ID!
    otherName: String!
    otherEmail: String
    reasons: [String!]!
  }
  "A recorded link or merge: what was merged into which registry row, which side each field came from, by whom."
  type PersonMerge {
    id: ID!
    kind: String!
    intoStaffId: ID
    intoName: String
    fromLabel: String!
    reasons: [String!]!
    "JSON: { field: 'from' | 'into' }"
    fields: String!
    mergedBy: String!
    mergedAt: String!
  }
  type PersonMerged {
    mergeId: ID!
  }
  extend type Query {
    "Likely duplicates in the caller's registry (150001), optionally of one row; candidates only those who applied to the company or accepted its scout."
    personDuplicates(staffId: ID): [PersonDuplicate!]!
    "The links and merges recorded in the caller's registry, newest first (150001)."
    personMerges: [PersonMerge!]!
  }
  extend type Mutation {
    "Links a registry row to the registered candidate it is (150001); refused when already linked."
    linkStaffPerson(staffId: ID!, userId: ID!): PersonMerged!
    "Merges registry row fromId into intoId, same company only (150001); fromId is deleted."
    mergeStaffRows(fromId: ID!, intoId: ID!): PersonMerged!
  }
`;

const REFUSALS: Record<MergeRefusal, { code: 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN'; text: Text }> = {
  not_found: { code: 'NOT_FOUND', text: msgText('person.refusedNotFound') },
  already_linked: { code: 'CONFLICT', text: msgText('person.refusedAlreadyLinked') },
  already_merged: { code: 'CONFLICT', text: msgText('person.refusedAlreadyMerged') },
  cross_tenant: { code: 'FORBIDDEN', text: msgText('person.refusedCrossTenant') },
  same_row: { code: 'CONFLICT', text: msgText('person.refusedSameRow') },
  two_people: { code: 'CONFLICT', text: msgText('person.refusedTwoPeople') },
};

const ids = (ctx: ApiContext, ...v: (string | undefined)[]) => {
  if (v.some((x) => x !== undefined && !isUuid(x))) throw apiError('NOT_FOUND', tr(ctx.lang, REFUSALS.not_found.text));
};
const actorOf = (ctx: ApiContext) => ({ id: ctx.user!.id, name: ctx.user!.name, tenant: ctx.tenant });
const answer = (ctx: ApiContext, r: Awaited<ReturnType<typeof mergeStaffRows>>) => {
  if (!r.ok) throw apiError(REFUSALS[r.reason].code, tr(ctx.lang, REFUSALS[r.reason].text), { reason: r.reason });
  return { mergeId: r.mergeId };
};

export const resolvers = {
  Query: {
    personDuplicates: async (_: unknown, a: { staffId?: string | null }, ctx: ApiContext) => {
      ids(ctx, a.staffId ?? undefined);
      return findDuplicates(ctx.services.db, ctx.tenant, a.staffId ?? undefined);
    },
    personMerges: async (_: unknown, __: unknown, ctx: ApiContext) =>
      (await listMerges(ctx.services.db, ctx.tenant)).map((m) => ({
        id: m.id,
        kind: m.kind,
        intoStaffId: m.into_staff_id,
        intoName: m.into_name,
        fromLabel: m.from_label,
        reasons: m.reasons,
        fields: JSON.stringify(m.fields),
        mergedBy: m.merged_by_name,
        mergedAt: m.created_at.toISOString(),
      })),
  },
  Mutation: {
    linkStaffPerson: async (_: unknown, a: { staffId: string; userId: string }, ctx: ApiContext) => {
      ids(ctx, a.staffId, a.userId);
      return answer(ctx, await linkStaffToCandidate(ctx.services.db, actorOf(ctx), a.staffId, a.userId));
    },
    mergeStaffRows: async (_: unknown, a: { fromId: string; intoId: string }, ctx: ApiContext) => {
      ids(ctx, a.fromId, a.intoId);
      return answer(ctx, await mergeStaffRows(ctx.services.db, actorOf(ctx), a.fromId, a.intoId));
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // One person: the registry's code; rows of another company are not found, merges across companies refused.
  'Query.personDuplicates': pages('/admin/staff'),
  'Query.personMerges': pages('/admin/staff'),
  'Mutation.linkStaffPerson': pages('/admin/staff'),
  'Mutation.mergeStaffRows': pages('/admin/staff'),
};
