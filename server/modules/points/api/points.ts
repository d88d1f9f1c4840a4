/**
 * Points (docs/points.md): adding or taking a person's points by hand on
 * /v3/admin/point (the ledger itself is the read model server/modules/points/defs/points.ts), and the
 * candidate's own balances, history and referral link on /staff/points.
 */
import { candidateByEmail } from '../../staff/person.ts';
import { companyDirectory, companyPointsValidDays } from '../../companies/directory.ts';
import { z } from 'zod';
import { msg } from '../../../../shared/messages.ts';
import { isCompany, isPlatform } from '../../../access/tenancy.ts';
import { balancesOf, latestEntriesOf, postPoints } from '../ledger.ts';
import { referralCodeOf } from '../referral.ts';
import { addDays, todayInJapan } from '../../../../shared/time.ts';
import { PLATFORM_POINTS_VALID_DAYS } from '../awards.ts';
import type { ApiContext } from '../../../api/context.ts';
import { badInput, forbidden } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { jaEn } from '../../../api/graphql/both-langs.ts';
import { idSchema } from '../../../validation.ts';

export const typeDefs = /* GraphQL */ `
  "Points added to (add) or taken from (spend) a person's wallet by hand, with the reason."
  input PointAdjustInput {
    email: String!
    "The company's wallet; empty for the platform's (platform staff only). A company user always writes their own."
    companyId: ID
    direction: String!
    points: Int!
    reason: String!
  }
  type PointAdjusted {
    balance: Int!
  }
  "One wallet of the signed-in candidate: a company's points, or the platform's (companyId null)."
  type MyPointBalance {
    companyId: ID
    companyJa: String!
    companyEn: String!
    balance: Int!
  }
  type MyPointEntry {
    id: ID!
    createdAt: String!
    companyJa: String!
    companyEn: String!
    kind: String!
    points: Int!
    reasonJa: String!
    reasonEn: String!
    expiresOn: String
  }
  type MyPoints {
    balances: [MyPointBalance!]!
    entries: [MyPointEntry!]!
    referralCode: String!
  }
  "A wallet the caller may write by hand: a company's (companyId), or the platform's (null)."
  type PointWallet {
    companyId: ID
    nameJa: String!
    nameEn: String!
  }
  extend type Query {
    "The wallets the caller may add to or take from on the points page (390001)."
    pointWallets: [PointWallet!]!
    "The signed-in candidate's points: balances per wallet, the latest movements and their referral code."
    myPoints: MyPoints!
  }
  extend type Mutation {
    "Adds or takes a person's points by hand (390001); a spend never takes a balance below zero."
    adjustPoints(input: PointAdjustInput!): PointAdjusted!
  }
`;

/**
 * No person the caller may give points to has the e-mail: a company reaches only the people who
 * came to it (DESIGN §5), and says so; the platform reaches every registered candidate.
 */
const unknownPerson = (ctx: ApiContext) => msg(ctx.lang, isPlatform(ctx.tenant) ? 'points.noCandidate' : 'points.unknownPerson');

const AdjustInput = z.object({
  email: z.string().trim().min(1).max(254),
  companyId: idSchema.nullish(),
  direction: z.enum(['add', 'spend']),
  points: z.number().int().min(1).max(100_000),
  reason: z.string().trim().min(1).max(200),
});

export const resolvers = {
  Query: {
    pointWallets: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const tenant = ctx.tenant;
      if (!isCompany(tenant) && !isPlatform(tenant)) throw forbidden(ctx.lang);
      const companies = (await companyDirectory(ctx.services.db)).filter((c) => isPlatform(tenant) || c.id === tenant.companyId).map((c) => ({ companyId: c.id, ...jaEn('name', c.name, c.name_en) }));
      return isPlatform(tenant) ? [{ companyId: null, nameJa: msg('ja', 'points.platform'), nameEn: msg('en', 'points.platform') }, ...companies] : companies;
    },
    myPoints: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const db = ctx.services.db;
      const me = ctx.user!.id;
      const [balances, entries, referralCode] = await Promise.all([balancesOf(db, me), latestEntriesOf(db, me), referralCodeOf(db, me)]);
      return {
        balances,
        entries: entries.map((e) => ({
          id: e.id,
          createdAt: e.created_at.toISOString(),
          companyJa: e.name ?? '',
          companyEn: e.name_en || e.name || '',
          kind: e.kind,
          points: e.delta,
          // A campaign's name is what the person reads; a hand entry's reason is as staff wrote it.
          reasonJa: e.name_ja ?? (e.kind === 'manual' || e.kind === 'spend' ? e.reason : ''),
          reasonEn: e.g_en || e.name_ja || (e.kind === 'manual' || e.kind === 'spend' ? e.reason : ''),
          expiresOn: e.expires_on,
        })),
        referralCode,
      };
    },
  },
  Mutation: {
    adjustPoints: async (_: unknown, a: { input: unknown }, ctx: ApiContext) => {
      const v = AdjustInput.safeParse(a.input);
      if (!v.success) {
        const errors: Record<string, string> = {};
        for (const issue of v.error.issues) {
          const field = String(issue.path[0] ?? '_');
          errors[field] ??=
            field === 'points'
              ? msg(ctx.lang, 'points.amountRange')
              : field === 'reason'
                ? msg(ctx.lang, 'points.reasonRequired')
                : field === 'email'
                  ? unknownPerson(ctx)
                  : msg(ctx.lang, 'validation.choice');
        }
        throw badInput(ctx.lang, errors);
      }
      const input = v.data;
      const db = ctx.services.db;
      const tenant = ctx.tenant;
      let companyId: string | null;
      if (isCompany(tenant)) companyId = tenant.companyId;
      else if (isPlatform(tenant)) companyId = input.companyId ?? null;
      else throw forbidden(ctx.lang);
      // A company writes only the points of people who came to it (DESIGN §5): anyone else is "not found".
      const personId = await candidateByEmail(db, input.email, isPlatform(tenant) ? null : companyId);
      if (!personId) throw badInput(ctx.lang, { email: unknownPerson(ctx) });
      let validDays = PLATFORM_POINTS_VALID_DAYS;
      if (companyId) {
        const company = await companyPointsValidDays(db, companyId);
        if (!company) throw badInput(ctx.lang, { companyId: msg(ctx.lang, 'validation.choice') });
        validDays = company.points_valid_days;
      }
      const add = input.direction === 'add';
      const r = await postPoints(
        db,
        { id: ctx.user!.id, name: ctx.user!.name },
        {
          candidateId: personId,
          companyId,
          delta: add ? input.points : -input.points,
          kind: add ? 'manual' : 'spend',
          reason: input.reason,
          expiresOn: add ? addDays(todayInJapan(), validDays) : null,
        },
      );
      if (!r.ok) throw badInput(ctx.lang, { points: r.reason === 'insufficient' ? msg(ctx.lang, 'points.insufficient', { balance: r.balance }) : msg(ctx.lang, 'points.amountRange') });
      return { balance: r.balance };
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // Points: by hand on the points page; the candidate's own on /staff/points.
  'Mutation.adjustPoints': pages('/v3/admin/point'),
  'Query.pointWallets': pages('/v3/admin/point'),
  'Query.myPoints': { candidate: true },
};
