import { busIterator } from '../../../events/bus.ts';
import { countUnread, drawNotification, listNotifications, markRead } from '../service.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError } from '../../../api/errors.ts';
import { msg } from '../../../../shared/messages.ts';
import { type Rules } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';

export const typeDefs = /* GraphQL */ `
  "A notification (type 1) or a document notice (type 2), SPEC §3."
  type Notification {
    id: ID!
    type: Int!
    title: String!
    body: String!
    link: String
    is_read: Int!
    created_at: String!
  }

  "A page as SPEC §3 describes it: current page number, size and data."
  type NotificationPage {
    current: Int!
    size: Int!
    total: Int!
    data: [Notification!]!
  }

  "The count payload of SPEC §3: unread notifications and documents."
  type NotificationCount {
    notification: Int!
    document: Int!
  }

  extend type Query {
    notifications(type: Int!, current: Int! = 1, size: Int! = 20): NotificationPage!
    notificationCount: NotificationCount!
  }

  extend type Mutation {
    markNotificationRead(id: ID!): Boolean!
  }

  type Subscription {
    "New notifications of the signed-in user."
    notificationAdded: Notification!
  }
`;

const badPaging = (ctx: ApiContext) => apiError('BAD_USER_INPUT', msg(ctx.lang, 'notifications.badPage'), { fields: { current: msg(ctx.lang, 'notifications.badPageHint') } });

export const resolvers = {
  Query: {
    notifications: (_: unknown, a: { type: number; current: number; size: number }, ctx: ApiContext) => {
      if ((a.type !== 1 && a.type !== 2) || a.current < 1 || a.current > 10_000 || a.size < 1 || a.size > 100) throw badPaging(ctx);
      return listNotifications(ctx.services.db, ctx.user!.id, a.type, a.current, a.size, ctx.lang);
    },
    notificationCount: (_: unknown, __: unknown, ctx: ApiContext) => countUnread(ctx.services.db, ctx.user!.id),
  },
  Mutation: {
    markNotificationRead: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      const ok = isUuid(a.id) && (await markRead(ctx.services.db, ctx.user!.id, a.id));
      if (!ok) throw apiError('NOT_FOUND', msg(ctx.lang, 'notifications.notFound'));
      return true;
    },
  },
  Subscription: {
    notificationAdded: {
      // Only the signed-in user's own notifications pass the filter (a user id is inside one tenant).
      subscribe: (_: unknown, __: unknown, ctx: ApiContext) =>
        busIterator(ctx.services.bus, 'notification.added', (p) => (p.userId === ctx.user!.id ? { notificationAdded: drawNotification(p.notification, ctx.lang) } : undefined)),
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // notifications (SPEC §3, §4): each signed-in person's own, back office or candidate
  'Query.notifications': { session: true },
  'Query.notificationCount': { session: true },
  'Mutation.markNotificationRead': { session: true },
  'Subscription.notificationAdded': { session: true },
};
