import type { ApiContext } from '../../../api/context.ts';
import { badInput } from '../../../api/errors.ts';
import { acceptPublicForm } from '../../../api/form-limits.ts';
import { type Rules } from '../../../api/rules.ts';
import { notifyPlatform } from '../../notifications/service.ts';
import { announceContact, announceTrial, ContactInput, TrialInput, saveContact } from '../service.ts';
import { signUpForTrial } from '../trial.ts';

/** The public site's two forms: /staff/contact writes to the platform (its list: defs/messages.ts), /v3/trial opens a trial. */
export const typeDefs = /* GraphQL */ `
  input ContactInput {
    name: String!
    email: String!
    phone: String
    topic: String!
    message: String!
  }

  input TrialInput {
    company_name: String!
    contact_name: String!
    email: String!
    phone: String!
    message: String
  }

  extend type Mutation {
    submitContact(input: ContactInput!): ID!
    submitTrial(input: TrialInput!): ID!
  }
`;

export const resolvers = {
  Mutation: {
    submitContact: async (_: unknown, args: { input: unknown }, ctx: ApiContext) => {
      const input = await acceptPublicForm(ctx, 'contact', ContactInput, args.input);
      const id = await saveContact(ctx.services.db, input, ctx.lang);
      await announceContact(ctx.services, input, ctx.lang);
      return id;
    },
    // The trial signup: company, first company admin, templates and the request row in
    // one transaction; the invitation (which verifies the address) is mailed after the commit.
    submitTrial: async (_: unknown, args: { input: unknown }, ctx: ApiContext) => {
      const input = await acceptPublicForm(ctx, 'trial', TrialInput, args.input);
      const r = await signUpForTrial(ctx.services.db, input, ctx.lang);
      if (!r.ok) throw badInput(ctx.lang, r.errors);
      await notifyPlatform(ctx.services.db, ctx.services.bus, { key: 'notify.newCompany', params: { company: input.company_name }, link: `/v3/admin/company/${r.companyId}` });
      try {
        await ctx.services.auth.sendTrialInvitation(r.userId, input.company_name);
      } catch (err) {
        // The account stands: "forgot your password" sends a new link to the same address.
        ctx.services.log.error({ err, userId: r.userId }, 'trial invitation mail failed');
      }
      await announceTrial(ctx.services, input, ctx.lang, r.companyId);
      return r.requestId;
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // anyone on the public site, each post counted against the form limits (server/api/form-limits.ts)
  'Mutation.submitContact': { public: true },
  'Mutation.submitTrial': { public: true },
};
