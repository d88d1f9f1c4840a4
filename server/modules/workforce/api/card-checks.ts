/**
 * Residence-card checks (docs/workforce.md): one card as the check screen shows
 * it, the staff's decision, and the candidate's own card on /staff/card. The list of cards is a
 * read model (server/modules/workforce/defs/card-checks.ts); the images are not GraphQL
 * (server/api/card-images.ts). Staff see a card only when its person applied to their tenant.
 */
import { z } from 'zod';
import { tenantOf } from '../../../access/tenancy.ts';
import { msg } from '../../../../shared/messages.ts';
import { cardForStaff, cardProfileOf, CardRecordInput, DECISIONS, decideCard, latestCard, visaTypeExists } from '../card-checks.ts';
import { CARD_IMAGES_PATH, cardNumberMatches } from '../card-format.ts';
import { validate } from '../../../validation.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { jaEn } from '../../../api/graphql/both-langs.ts';

export const typeDefs = /* GraphQL */ `
  "A residence card as staff check it: the person, the record they entered (or staff corrected), the decision, and where its two images are."
  type ResidenceCardCheck {
    id: ID!
    personName: String!
    email: String!
    nationality: String
    "pending, verified, reupload, rejected, replaced"
    status: String!
    reason: String!
    cardNumber: String!
    "Whether the number has the printed format: two letters, eight digits, two letters."
    numberMatches: Boolean!
    visaTypeId: Int
    visaJa: String
    visaEn: String
    expiry: String
    permission: Boolean!
    uploadedAt: String!
    decidedAt: String
    decidedBy: String!
    "Whether the person's card on file is verified now (what the working-limit check reads)."
    personVerified: Boolean!
    frontUrl: String!
    backUrl: String!
  }
  "The candidate's latest upload."
  type MyCardUpload {
    status: String!
    reason: String!
    cardNumber: String!
    visaTypeId: Int
    expiry: String
    permission: Boolean!
    uploadedAt: String!
    frontUrl: String!
    backUrl: String!
  }
  "The candidate's card: what their profile says, whether it is verified, and their latest upload."
  type MyResidenceCard {
    verified: Boolean!
    visaTypeId: Int
    expiry: String
    cardNumber: String
    permission: Boolean!
    latest: MyCardUpload
  }
  "A decision on a card: verified (with the record as read from the images), reupload or rejected (with the reason the candidate reads)."
  input CardDecisionInput {
    decision: String!
    reason: String
    cardNumber: String
    visaTypeId: String
    expiry: String
    permission: Boolean
    "The 特定技能 field (分野, its Japanese name); needed when the status is 特定技能."
    sswField: String
  }
  extend type Query {
    "One card for the check screen (null: none, or its person never applied to the caller's tenant)."
    residenceCardCheck(id: ID!): ResidenceCardCheck
    "The signed-in candidate's own residence card."
    myResidenceCard: MyResidenceCard!
  }
  extend type Mutation {
    "Records the decision on a card waiting for a check; audited; the candidate is told in the chat."
    decideResidenceCard(id: ID!, input: CardDecisionInput!): ResidenceCardCheck!
  }
`;

const imageUrl = (id: string, side: 'front' | 'back') => `${CARD_IMAGES_PATH}/${id}/${side}`;

async function check(ctx: ApiContext, id: string) {
  const c = isUuid(id) ? await cardForStaff(ctx.services.db, ctx.tenant, id) : null;
  if (!c) return null;
  return {
    id: c.id,
    personName: c.name,
    email: c.email,
    nationality: c.nationality,
    status: c.status,
    reason: c.reason,
    cardNumber: c.card_number,
    numberMatches: cardNumberMatches(c.card_number),
    visaTypeId: c.visa_type_id,
    ...jaEn('visa', c.visa_ja, c.visa_en),
    expiry: c.expiry,
    permission: c.permission_outside_status,
    uploadedAt: c.created_at.toISOString(),
    decidedAt: c.decided_at?.toISOString() ?? null,
    decidedBy: c.decided_by_name,
    personVerified: c.card_verified ?? false,
    frontUrl: imageUrl(c.id, 'front'),
    backUrl: imageUrl(c.id, 'back'),
  };
}

const DecisionInput = z.object({ decision: z.enum(DECISIONS), reason: z.string().max(500).nullish() });

export const resolvers = {
  Query: {
    residenceCardCheck: (_: unknown, a: { id: string }, ctx: ApiContext) => check(ctx, a.id),
    myResidenceCard: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const db = ctx.services.db;
      const me = ctx.user!.id;
      const [profile, latest] = await Promise.all([cardProfileOf(db, me), latestCard(db, me)]);
      return {
        verified: profile?.card_verified ?? false,
        visaTypeId: profile?.visa_type_id ?? null,
        expiry: profile?.visa_expiry ?? null,
        cardNumber: profile?.card_number ?? null,
        permission: profile?.permission_outside_status ?? false,
        latest: latest
          ? {
              status: latest.status,
              reason: latest.reason,
              cardNumber: latest.card_number,
              visaTypeId: latest.visa_type_id,
              expiry: latest.expiry,
              permission: latest.permission_outside_status,
              uploadedAt: latest.created_at.toISOString(),
              frontUrl: imageUrl(latest.id, 'front'),
              backUrl: imageUrl(latest.id, 'back'),
            }
          : null,
      };
    },
  },
  Mutation: {
    decideResidenceCard: async (_: unknown, a: { id: string; input: Record<string, unknown> }, ctx: ApiContext) => {
      const lang = ctx.lang;
      const d = DecisionInput.safeParse(a.input);
      if (!d.success) throw badInput(lang, { decision: msg(lang, 'validation.choice') });
      let record = null;
      if (d.data.decision === 'verified') {
        const v = validate(
          CardRecordInput,
          { cardNumber: a.input.cardNumber ?? '', visaTypeId: a.input.visaTypeId ?? '', expiry: a.input.expiry ?? '', permission: a.input.permission ?? false, sswField: a.input.sswField ?? '' },
          lang,
        );
        if (!v.ok) throw badInput(lang, v.errors);
        if (!(await visaTypeExists(ctx.services.db, v.data.visaTypeId))) throw badInput(lang, { visaTypeId: msg(lang, 'validation.choice') });
        record = v.data;
      }
      const user = ctx.user!;
      const r = isUuid(a.id)
        ? await decideCard(
            { db: ctx.services.db, bus: ctx.services.bus, publicUrl: ctx.services.publicUrl, log: ctx.services.log },
            { id: user.id, name: user.name, tenant: tenantOf(user), lang },
            a.id,
            d.data.decision,
            d.data.reason ?? '',
            record,
          )
        : ({ ok: false, reason: 'not-found' } as const);
      if (!r.ok) {
        if (r.reason === 'invalid') throw badInput(lang, r.errors);
        if (r.reason === 'decided') throw apiError('CONFLICT', msg(lang, 'card.decided'));
        throw apiError('NOT_FOUND', msg(lang, 'error.notFound'));
      }
      return (await check(ctx, a.id))!;
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // Residence-card checks: the check screen's code; the card's person must have applied to the caller's tenant.
  'Query.residenceCardCheck': pages('/admin/worker/rcCheckCandidate'),
  'Mutation.decideResidenceCard': pages('/admin/worker/rcCheckCandidate'),
  // a candidate's own card on /staff/card
  'Query.myResidenceCard': { candidate: true },
};
