import { z } from 'zod';
import { findClient, findCompany, listClients, listCompanies, updateClient, updateCompany } from '../../modules/organizations/service.ts';
import { optionalText, requiredText, validate } from '../../validation.ts';
import type { ApiContext } from '../context.ts';
import { apiError, badInput } from '../errors.ts';
import { tenantOf } from '../tenancy.ts';

export const typeDefs = /* GraphQL */ `
  type Company {
    id: ID!
    name: String!
    name_en: String!
    email: String
    phone: String
    status: String!
  }

  type Client {
    id: ID!
    company_id: ID!
    name: String!
    name_en: String!
  }

  input CompanyInput {
    name: String!
    name_en: String!
    email: String
    phone: String
  }

  input ClientInput {
    name: String!
    name_en: String!
  }

  extend type Query {
    companies: [Company!]!
    company(id: ID!): Company
    clients: [Client!]!
    client(id: ID!): Client
  }

  extend type Mutation {
    updateCompany(id: ID!, input: CompanyInput!): Company!
    updateClient(id: ID!, input: ClientInput!): Client!
  }
`;

const CompanyInput = z.object({
  name: requiredText(200),
  name_en: requiredText(200),
  email: optionalText(254).pipe(z.email().optional()),
  phone: optionalText(30),
});
const ClientInput = z.object({ name: requiredText(200), name_en: requiredText(200) });

/** Rows outside the caller's tenant are answered exactly like rows that do not exist. */
const notFound = (ctx: ApiContext) => apiError('NOT_FOUND', ctx.lang === 'ja' ? '見つかりません。' : 'Not found.');

export const resolvers = {
  Query: {
    companies: (_: unknown, __: unknown, ctx: ApiContext) => listCompanies(ctx.services.db, tenantOf(ctx.user!)),
    company: (_: unknown, a: { id: string }, ctx: ApiContext) => findCompany(ctx.services.db, tenantOf(ctx.user!), a.id).then((c) => c ?? null),
    clients: (_: unknown, __: unknown, ctx: ApiContext) => listClients(ctx.services.db, tenantOf(ctx.user!)),
    client: (_: unknown, a: { id: string }, ctx: ApiContext) => findClient(ctx.services.db, tenantOf(ctx.user!), a.id).then((c) => c ?? null),
  },
  Mutation: {
    updateCompany: async (_: unknown, a: { id: string; input: unknown }, ctx: ApiContext) => {
      const v = validate(CompanyInput, a.input, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      const row = await updateCompany(ctx.services.db, tenantOf(ctx.user!), a.id, v.data);
      if (!row) throw notFound(ctx);
      return row;
    },
    updateClient: async (_: unknown, a: { id: string; input: unknown }, ctx: ApiContext) => {
      const v = validate(ClientInput, a.input, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      const row = await updateClient(ctx.services.db, tenantOf(ctx.user!), a.id, v.data);
      if (!row) throw notFound(ctx);
      return row;
    },
  },
};
