/** SPEC §3 "Notification state" and §4 "Notifications". Items carry id and is_read. */
export interface NotificationItem {
  id: string;
  is_read: number;
  [key: string]: unknown;
}

/** A page as SPEC §3 describes it: current (page number), size and data. */
export interface NotificationPage {
  current: number;
  size: number;
  data: NotificationItem[];
}

export interface NotificationState {
  recentList: NotificationItem[];
  recentPage: number;
  recentFinished: boolean;
  recentWorked: boolean;
  documentList: NotificationItem[];
  documentPage: number;
  documentFinished: boolean;
  documentWorked: boolean;
  count: number;
  noti_count: number;
  doc_count: number;
  count_worked: boolean;
  token: string | null;
}

export type NotificationAction =
  | { type: 'recentLoaded'; page: NotificationPage }
  | { type: 'documentLoaded'; page: NotificationPage }
  /** type 1 marks an item of the recent list, type 2 of the document list. */
  | { type: 'markRead'; kind: 1 | 2; id: string }
  | { type: 'countLoaded'; notification: number; document: number }
  /** One arrived live (the notificationAdded subscription): on top of its list, counted when unread. */
  | { type: 'added'; item: NotificationItem & { type: 1 | 2 } }
  | { type: 'setToken'; token: string | null };

export const NOTIFICATION_STATE: NotificationState = {
  recentList: [],
  recentPage: 0,
  recentFinished: false,
  recentWorked: false,
  documentList: [],
  documentPage: 0,
  documentFinished: false,
  documentWorked: false,
  count: 0,
  noti_count: 0,
  doc_count: 0,
  count_worked: false,
  token: null,
};

/** Page 1 replaces the list, later pages append; a page shorter than its size finishes the list. */
function applyPage(list: NotificationItem[], page: NotificationPage) {
  return {
    list: page.current === 1 ? page.data : [...list, ...page.data],
    finished: page.data.length < page.size,
    // The list counts as worked unless page 1 came back empty.
    worked: !(page.current === 1 && page.data.length === 0),
  };
}

const readIn = (list: NotificationItem[], id: string) => list.map((n) => (n.id === id ? { ...n, is_read: 1 } : n));

export function reduceNotifications(state: NotificationState, action: NotificationAction): NotificationState {
  switch (action.type) {
    case 'recentLoaded': {
      const r = applyPage(state.recentList, action.page);
      return { ...state, recentList: r.list, recentPage: action.page.current, recentFinished: r.finished, recentWorked: r.worked };
    }
    case 'documentLoaded': {
      const r = applyPage(state.documentList, action.page);
      return { ...state, documentList: r.list, documentPage: action.page.current, documentFinished: r.finished, documentWorked: r.worked };
    }
    case 'markRead': {
      const noti_count = action.kind === 1 && state.noti_count > 0 ? state.noti_count - 1 : state.noti_count;
      const doc_count = action.kind === 2 && state.doc_count > 0 ? state.doc_count - 1 : state.doc_count;
      return {
        ...state,
        recentList: action.kind === 1 ? readIn(state.recentList, action.id) : state.recentList,
        documentList: action.kind === 2 ? readIn(state.documentList, action.id) : state.documentList,
        noti_count,
        doc_count,
        count: noti_count + doc_count,
      };
    }
    case 'countLoaded': {
      const noti_count = Math.max(0, action.notification);
      const doc_count = Math.max(0, action.document);
      return { ...state, noti_count, doc_count, count: Math.max(0, noti_count + doc_count), count_worked: true };
    }
    case 'added': {
      const { item } = action;
      const own = item.type === 1 ? state.recentList : state.documentList;
      if (own.some((n) => n.id === item.id)) return state;
      const unread = item.is_read === 1 ? 0 : 1;
      const noti_count = state.noti_count + (item.type === 1 ? unread : 0);
      const doc_count = state.doc_count + (item.type === 2 ? unread : 0);
      return {
        ...state,
        recentList: item.type === 1 ? [item, ...state.recentList] : state.recentList,
        documentList: item.type === 2 ? [item, ...state.documentList] : state.documentList,
        noti_count,
        doc_count,
        count: noti_count + doc_count,
      };
    }
    case 'setToken':
      return { ...state, token: action.token };
  }
}
