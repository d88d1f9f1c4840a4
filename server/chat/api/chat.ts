import type { ChatMessage } from '../events.ts';
import { chatMailOf, setChatMail } from '../preferences.ts';
import { mayAccess, viewerOf } from '../queries.ts';
import { busIterator } from '../../events/bus.ts';
import type { ApiContext } from '../../api/context.ts';
import { type Rules, pages } from '../../api/rules.ts';

/**
 * Chat over graphql-ws (DESIGN.md §7): the V3 chat windows and the support chat listen for new
 * messages here; they send and read history over socket.io (server/chat). The filter applies the
 * same rule as every socket event (chat/queries.ts mayAccess), so a subscriber hears only the
 * conversations of its tenant and of the kinds its role's codes open.
 */
export const typeDefs = /* GraphQL */ `
  "A stored chat message."
  type ChatMessage {
    id: ID!
    conversation_id: ID!
    seq: Int!
    sender_id: ID
    sender_role: String!
    sender_name: String!
    message_type: Int!
    content: String!
    client_msg_id: String
    created_at: String!
    conversation_type: Int!
    support: Boolean!
  }

  extend type Query {
    "Whether the signed-in candidate gets mail about company answers left unread (on by default)."
    myChatMail: Boolean!
  }

  extend type Mutation {
    "Turns the signed-in candidate's mail about unread answers on or off; answers the new setting."
    setMyChatMail(enabled: Boolean!): Boolean!
  }

  extend type Subscription {
    "New messages of the conversations the caller may open; one conversation, or only support conversations, when asked."
    chatMessageAdded(conversationId: ID, support: Boolean): ChatMessage!
  }
`;

export const resolvers = {
  Query: {
    myChatMail: async (_: unknown, __: unknown, ctx: ApiContext) => {
      return chatMailOf(ctx.services.db, ctx.user!.id);
    },
  },
  Mutation: {
    setMyChatMail: async (_: unknown, args: { enabled: boolean }, ctx: ApiContext) => {
      return setChatMail(ctx.services.db, ctx.user!.id, args.enabled);
    },
  },
  Subscription: {
    chatMessageAdded: {
      subscribe: async (_: unknown, args: { conversationId?: string | null; support?: boolean | null }, ctx: ApiContext) => {
        const viewer = viewerOf(ctx.user!, await ctx.services.roleMaps.get());
        return busIterator(ctx.services.bus, 'chat.message', (p): { chatMessageAdded: ChatMessage } | undefined => {
          if (args.conversationId && p.message.conversation_id !== args.conversationId) return undefined;
          if (args.support != null && p.message.support !== args.support) return undefined;
          return mayAccess(viewer, p.conversation) ? { chatMessageAdded: p.message } : undefined;
        });
      },
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // a candidate's own switch for mail about unread chat answers (server/chat/mail.ts)
  'Query.myChatMail': { candidate: true },
  'Mutation.setMyChatMail': { candidate: true },
  // Chat: whoever may open some kind of conversation; the filter narrows to the ones it may open.
  'Subscription.chatMessageAdded': pages('/admin/candidate', '/v3/admin/candidate/other', '/v3/admin/supportChat'),
};
