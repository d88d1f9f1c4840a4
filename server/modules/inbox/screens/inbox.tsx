/**
 * /admin/inbox (docs/inbox.md): every conversation the person may answer, newest activity first,
 * with search and filters as GET parameters (the page works server-rendered), the open
 * conversation (`?c=<id>`) beside the list on a wide screen and as its own screen on a phone, the
 * candidate at a glance, assignee, status and private notes as the screen's actions, and its
 * history. Live parts are two islands over the page's one chat socket: the list (InboxList) and
 * the thread with canned replies (InboxThread).
 */
import type { ReactNode } from 'react';
import type { ResultOf } from 'gql.tada';
import type { ConversationRow } from '../../../chat/events.ts';
import { DOCS, operation } from '../../../api/documents.ts';
import { isPlatform, tenantOf } from '../../../access/tenancy.ts';
import { canEnter } from '../../../access/guard.ts';
import { CHAT_CODES } from '../../../access/codes.ts';
import { Island } from '../../../../views/ui/Island.tsx';
import { ActionButton, type ActionRefs } from '../../../../views/ui/Action.tsx';
import { Badge } from '../../../../views/ui/DataTable.tsx';
import { toListRow } from '../../../../client/islands/InboxList.tsx';
import { dateLong, dateTimeText } from '../../../../shared/format.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { LANG_NAMES, isLang, pickLang, type Lang } from '../../../../shared/i18n.ts';
import { msg, type TextKey } from '../../../../shared/texts/index.ts';
import { BadRequest, formList, queryText, refusalOf, withFlag } from '../../../web/kit.ts';
import { defineScreen, redirect, type FormState, type ScreenContext } from '../../../web/screen.ts';
import { RecordFacts } from '../../../web/screens/record-facts.tsx';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  InboxOpen: operation(/* GraphQL */ `
    query InboxOpen($id: ID!) {
      inboxOpen(conversationId: $id) {
        conversation { id kind type candidateId candidateName companyName companyNameEn jobId jobTitleJa jobTitleEn clientId clientName clientNameEn shiftId shiftDate applicationId status snoozedUntil assigneeId assigneeName unread lastMessageAt lastMessage lastSenderRole }
        notes { id authorName body mentions createdAt }
        history { kind actorName assigneeName snoozedUntil at }
        colleagues { id name }
        replies { id title text lang }
        glance { statusJa statusEn nextShift { date start end titleJa titleEn } cardExpiry lang }
        translateTemplate
      }
    }`),
  AssignConversation: operation(/* GraphQL */ `mutation AssignConversation($id: ID!, $assigneeId: ID) { assignConversation(conversationId: $id, assigneeId: $assigneeId) }`),
  SetConversationStatus: operation(
    /* GraphQL */ `mutation SetConversationStatus($id: ID!, $status: String!, $until: String) { setConversationStatus(conversationId: $id, status: $status, snoozedUntil: $until) }`,
  ),
  AddConversationNote: operation(
    /* GraphQL */ `mutation AddConversationNote($id: ID!, $body: String!, $mentions: [ID!]) { addConversationNote(conversationId: $id, body: $body, mentions: $mentions) { id } }`,
  ),
};

const PATH = '/admin/inbox';
const STATUSES = ['open', 'resolved', 'snoozed'] as const;
const KINDS = ['application', 'shift', 'support', 'scout'] as const;
type InboxKindChoice = (typeof KINDS)[number];
type Open = NonNullable<ResultOf<typeof OWN.InboxOpen>['inboxOpen']>;
type Act = ActionRefs<'assign' | 'resolve' | 'reopen' | 'snooze' | 'note'>;

/** The list's GET parameters, each checked: anything unknown is left out (the list is then wider, never an error). */
function filtersOf(ctx: ScreenContext) {
  const pick = <T extends string>(name: string, allowed: readonly T[]) => {
    const v = queryText(ctx.req, name, 20);
    return (allowed as readonly string[]).includes(v) ? (v as T) : null;
  };
  const id = (name: string) => {
    const v = queryText(ctx.req, name, 40);
    return isUuid(v) ? v : null;
  };
  return {
    q: queryText(ctx.req, 'q', 200).trim(),
    unread: queryText(ctx.req, 'unread', 1) === '1',
    assignee: pick('assignee', ['me', 'none'] as const),
    status: pick('status', STATUSES),
    kind: pick('kind', KINDS),
    job: id('job'),
    client: id('client'),
  };
}
type Filters = ReturnType<typeof filtersOf>;

/** The query string of the filters (no `c`, no page), as the list's links and forms carry it. */
function queryOf(f: Filters, drop?: 'job' | 'client'): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.unread) p.set('unread', '1');
  if (f.assignee) p.set('assignee', f.assignee);
  if (f.status) p.set('status', f.status);
  if (f.kind) p.set('kind', f.kind);
  if (f.job && drop !== 'job') p.set('job', f.job);
  if (f.client && drop !== 'client') p.set('client', f.client);
  return p.toString();
}

const apiFilter = (f: Filters) => ({
  ...(f.q ? { search: f.q } : {}),
  ...(f.unread ? { unread: true } : {}),
  ...(f.assignee ? { assignee: f.assignee } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.job ? { jobId: f.job } : {}),
  ...(f.client ? { clientId: f.client } : {}),
});

/** The open conversation named by ?c=, or null. */
const openId = (ctx: ScreenContext) => {
  const v = queryText(ctx.req, 'c', 40);
  return isUuid(v) ? v : null;
};

async function load(ctx: ScreenContext) {
  const f = filtersOf(ctx);
  const after = queryText(ctx.req, 'after', 200) || null;
  const c = openId(ctx);
  // A cursor the API does not take (edited by hand, or of another list) is the 400 page, as any bad query value.
  const list = ctx.call(DOCS.InboxList, { filter: apiFilter(f), after }).catch((err: unknown) => {
    throw after && refusalOf(err)?.fields.after ? new BadRequest('after is not a cursor of this list') : err;
  });
  const [{ inbox }, open] = await Promise.all([list, c ? ctx.call(OWN.InboxOpen, { id: c }).then((d) => d.inboxOpen) : null]);
  // Support conversations are the platform's with companies (their own chat code): a role without it has none to filter for.
  const kinds = KINDS.filter((k) => k !== 'support' || (!!ctx.user && !!ctx.roleMaps && canEnter(ctx.roleMaps, ctx.user.role, CHAT_CODES.support)));
  return { f, after, c, inbox, open, kinds, showCompany: !!ctx.user && isPlatform(tenantOf(ctx.user)) };
}
type Loaded = Awaited<ReturnType<typeof load>>;

/** What the thread island needs of a conversation: the chat's row (ChatThread, the chat store). */
function chatRow(o: Open['conversation']): ConversationRow {
  return {
    id: o.id,
    conversation_id: o.id,
    is_read: o.unread > 0 ? 0 : 1,
    message_type: 1,
    message_user_name: '',
    message_content: o.lastMessage,
    message_date: o.lastMessageAt ?? '',
    last_message: o.lastMessage,
    type: o.type === 1 ? 1 : 2,
    support: o.kind === 'support',
    unread: o.unread,
    last_seq: 0,
    other_seen_seq: 0,
    candidate_id: o.candidateId,
    candidate_name: o.candidateName,
    company_name: o.companyName,
    company_name_en: o.companyNameEn,
    job_id: o.jobId ?? null,
    job_title: o.jobTitleJa ?? null,
    job_title_en: o.jobTitleEn ?? null,
    shift_id: o.shiftId ?? null,
    shift_date: o.shiftDate ?? null,
    application_id: o.applicationId ?? null,
    candidate_status_id: null,
    chat_status: 1,
  };
}

const STATUS_TONE = { open: 'info', resolved: 'success', snoozed: 'warning' } as const;

/** 'YYYY-MM-DDTHH:mm' typed in Japan time, as the API's ISO time; anything else is passed on for the API to refuse. */
const japanTime = (v: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+09:00` : v);

/** A filter's select: "any" first (the empty value), then each choice as [value, words]. */
function ChoiceFilter({ name, value, label, any, choices }: { name: string; value: string | null | undefined; label: string; any: string; choices: readonly (readonly [string, string])[] }) {
  return (
    <select name={name} defaultValue={value ?? ''} aria-label={label}>
      <option value="">{any}</option>
      {choices.map(([v, words]) => (
        <option key={v} value={v}>
          {words}
        </option>
      ))}
    </select>
  );
}

function FiltersForm({ lang, f, kinds }: { lang: Lang; f: Filters; kinds: readonly InboxKindChoice[] }) {
  const m = (k: TextKey) => msg(lang, k);
  return (
    <form method="get" action={PATH} className="inbox-filters" role="search">
      <input type="search" name="q" defaultValue={f.q} placeholder={m('inboxPage.search')} aria-label={m('inboxPage.search')} maxLength={200} />
      <ChoiceFilter name="status" value={f.status} label={m('inboxPage.status')} any={m('inboxPage.anyStatus')} choices={STATUSES.map((s) => [s, m(`inbox.status.${s}`)])} />
      <ChoiceFilter
        name="assignee"
        value={f.assignee}
        label={m('inboxPage.assignee')}
        any={m('inboxPage.anyone')}
        choices={[
          ['me', m('inboxPage.mine')],
          ['none', m('inboxPage.unassigned')],
        ]}
      />
      <ChoiceFilter name="kind" value={f.kind} label={m('inboxPage.anyKind')} any={m('inboxPage.anyKind')} choices={kinds.map((k) => [k, m(`inbox.kind.${k}`)])} />
      <label className="inbox-unread-only">
        <input type="checkbox" name="unread" value="1" defaultChecked={f.unread} /> {m('inboxPage.unreadOnly')}
      </label>
      {f.job && <input type="hidden" name="job" value={f.job} />}
      {f.client && <input type="hidden" name="client" value={f.client} />}
      <button type="submit" className="btn btn-small">
        {m('inboxPage.filter')}
      </button>
      {queryOf(f) && (
        <a className="btn-link" href={PATH}>
          {m('inboxPage.clear')}
        </a>
      )}
    </form>
  );
}

function Glance({ lang, o }: { lang: Lang; o: Open }) {
  const g = o.glance;
  const m = (k: TextKey) => msg(lang, k);
  if (!g) return null;
  const status = g.statusJa === null ? null : pickLang(lang, g.statusJa, g.statusEn ?? '');
  const s = g.nextShift;
  return (
    <section className="inbox-glance" aria-labelledby="inbox-glance-title">
      <h3 id="inbox-glance-title">{m('inboxPage.glance')}</h3>
      <RecordFacts
        facts={[
          [m('inboxPage.applicationStatus'), status ?? m('inboxPage.none'), 'glance-status'],
          [m('inboxPage.nextShift'), s ? `${dateLong(s.date, lang)} ${s.start}–${s.end} · ${pickLang(lang, s.titleJa, s.titleEn ?? '')}` : m('inboxPage.none')],
          [m('inboxPage.cardExpiry'), g.cardExpiry ? dateLong(g.cardExpiry, lang) : m('inboxPage.none')],
          [m('inboxPage.language'), isLang(g.lang) ? LANG_NAMES[g.lang] : g.lang],
        ]}
      />
    </section>
  );
}

/** A control with its button on the same line (the assignee, the snooze time): its label above, its error below. */
function InlineField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="inbox-inline">{children}</div>
      {error && <span className="field-error">{error}</span>}
    </>
  );
}

function Side({ ctx, o, here, state, act }: { ctx: ScreenContext; o: Open; here: string; state: FormState | undefined; act: Act }) {
  const { lang } = ctx;
  const m = (k: TextKey, v?: Record<string, string>) => msg(lang, k, v);
  const err = state?.errors ?? {};
  const values = state?.values ?? {};
  const conv = o.conversation;
  return (
    <aside className="inbox-side-panel">
      <Glance lang={lang} o={o} />
      {err._ && (
        <p className="form-alert" role="alert">
          {err._}
        </p>
      )}
      <form method="post" action={here} className="inbox-form inbox-assign">
        <InlineField id="inbox-assignee" label={m('inboxPage.assignee')} error={err.assigneeId}>
          <select id="inbox-assignee" name="assigneeId" defaultValue={conv.assigneeId ?? ''} aria-invalid={err.assigneeId ? true : undefined}>
            <option value="">{m('inboxPage.nobody')}</option>
            {o.colleagues.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <ActionButton action={act.assign} className="btn btn-small">
            {m('inboxPage.assign')}
          </ActionButton>
        </InlineField>
      </form>
      <form method="post" action={here} className="inbox-form inbox-status">
        <p className="inbox-status-now">
          {m('inboxPage.status')}: <Badge tone={STATUS_TONE[conv.status as keyof typeof STATUS_TONE] ?? 'neutral'}>{m(`inbox.status.${conv.status}` as TextKey)}</Badge>
          {conv.snoozedUntil && <> {m('inboxPage.snoozedUntil', { time: dateTimeText(conv.snoozedUntil, lang) })}</>}
        </p>
        <div className="inbox-inline">
          {conv.status === 'resolved' ? (
            <ActionButton action={act.reopen} className="btn btn-small">
              {m('inboxPage.reopen')}
            </ActionButton>
          ) : (
            <ActionButton action={act.resolve} className="btn btn-small">
              {m('inboxPage.resolve')}
            </ActionButton>
          )}
        </div>
        <InlineField id="inbox-snooze" label={m('inboxPage.snoozeUntil')} error={err.snoozedUntil}>
          <input
            id="inbox-snooze"
            type="datetime-local"
            name="snoozedUntil"
            defaultValue={typeof values.snoozedUntil === 'string' ? values.snoozedUntil : ''}
            aria-invalid={err.snoozedUntil ? true : undefined}
          />
          <ActionButton action={act.snooze} className="btn btn-small">
            {m('inboxPage.snooze')}
          </ActionButton>
        </InlineField>
      </form>
      <SideList
        name="inbox-notes"
        listClass="inbox-note-list"
        title={m('inboxPage.notes')}
        empty={o.notes.length === 0 && m('inboxPage.noNotes')}
        after={
          <form method="post" action={here} className="inbox-form inbox-note-form">
            <label htmlFor="inbox-note-body">{m('inboxPage.noteBody')}</label>
            <textarea id="inbox-note-body" name="body" rows={3} maxLength={4000} defaultValue={typeof values.body === 'string' ? values.body : ''} aria-invalid={err.body ? true : undefined} />
            {err.body && <span className="field-error">{err.body}</span>}
            {o.colleagues.length > 0 && (
              <fieldset className="inbox-mentions">
                <legend>{m('inboxPage.mention')}</legend>
                {o.colleagues.map((c) => (
                  <label key={c.id}>
                    <input type="checkbox" name="mentions" value={c.id} /> @{c.name}
                  </label>
                ))}
              </fieldset>
            )}
            {err.mentions && <span className="field-error">{err.mentions}</span>}
            <ActionButton action={act.note} className="btn btn-small">
              {m('inboxPage.addNote')}
            </ActionButton>
          </form>
        }
      >
        {o.notes.map((n) => (
          <li key={n.id} className="inbox-note" data-testid="inbox-note">
            <p className="inbox-note-body">{n.body}</p>
            <p className="inbox-note-meta">
              {n.authorName} · <time dateTime={n.createdAt}>{dateTimeText(n.createdAt, lang)}</time>
              {n.mentions.length > 0 && <> · {m('inboxPage.mentioned', { names: n.mentions.map((id) => o.colleagues.find((c) => c.id === id)?.name ?? '?').join(', ') })}</>}
            </p>
          </li>
        ))}
      </SideList>
      <SideList name="inbox-history" listClass="inbox-history-list" title={m('inboxPage.history')} empty={o.history.length === 0 && m('inboxPage.noHistory')}>
        {o.history.map((e, i) => (
          <li key={i}>
            {m(`inboxPage.ev.${e.kind}` as TextKey, {
              actor: e.actorName ?? m('inboxPage.system'),
              assignee: e.assigneeName ?? '',
              time: e.snoozedUntil ? dateTimeText(e.snoozedUntil, lang) : '',
            })}{' '}
            · <time dateTime={e.at}>{dateTimeText(e.at, lang)}</time>
          </li>
        ))}
      </SideList>
    </aside>
  );
}

/** A side section of a conversation (its notes, its history): a heading, then the list or the hint that it is empty. */
function SideList(p: { name: string; listClass: string; title: string; empty: string | false; after?: ReactNode; children: ReactNode }) {
  return (
    <section className={p.name} aria-labelledby={`${p.name}-title`}>
      <h3 id={`${p.name}-title`}>{p.title}</h3>
      {p.empty ? <p className="hint">{p.empty}</p> : <ol className={p.listClass}>{p.children}</ol>}
      {p.after}
    </section>
  );
}

function InboxView({ ctx, d, state, act }: { ctx: ScreenContext; d: Loaded; state: FormState | undefined; act: Act }) {
  const { lang } = ctx;
  const m = (k: TextKey, v?: Record<string, string>) => msg(lang, k, v);
  const query = queryOf(d.f);
  const listQuery = [query, d.after ? `after=${encodeURIComponent(d.after)}` : ''].filter(Boolean).join('&');
  const back = `${PATH}${listQuery ? `?${listQuery}` : ''}`;
  const here = `${PATH}?${[listQuery, d.c ? `c=${d.c}` : ''].filter(Boolean).join('&')}`;
  const rows = d.inbox.rows.map((r) => toListRow(r, lang));
  const first = d.inbox.rows[0];
  const jobName = d.f.job && first?.jobTitleJa ? pickLang(lang, first.jobTitleJa, first.jobTitleEn ?? '') : d.f.job;
  const clientName = d.f.client && first?.clientName ? pickLang(lang, first.clientName, first.clientNameEn ?? '') : d.f.client;
  const o = d.open;
  return (
    <section className="inbox-page">
      <h1>{ctx.t(ctx.route.title)}</h1>
      <p className="inbox-intro">{m('inboxPage.intro')}</p>
      <p className="inbox-links">
        <a href="/admin/inbox/replies">{m('cannedPage.manage')}</a> · <a href="/admin/inbox/report">{m('inboxPage.reportLink')}</a>
      </p>
      {queryText(ctx.req, 'saved', 1) === '1' && (
        <p className="notice" role="status">
          {m('inboxPage.saved')}
        </p>
      )}
      <div className={`inbox${d.c ? ' has-selection' : ''}`}>
        <div className="inbox-list-column" aria-label={m('inboxPage.list')} role="region">
          <FiltersForm lang={lang} f={d.f} kinds={d.kinds} />
          {(d.f.job || d.f.client) && (
            <p className="inbox-chips">
              {d.f.job && (
                <a className="inbox-chip" href={`${PATH}?${queryOf(d.f, 'job')}`} title={m('inboxPage.removeFilter')}>
                  {m('inboxPage.jobFilter', { job: jobName ?? '' })} ×
                </a>
              )}
              {d.f.client && (
                <a className="inbox-chip" href={`${PATH}?${queryOf(d.f, 'client')}`} title={m('inboxPage.removeFilter')}>
                  {m('inboxPage.clientFilter', { client: clientName ?? '' })} ×
                </a>
              )}
            </p>
          )}
          <Island name="InboxList" props={{ lang, rows, selected: d.c, query: listQuery, live: d.after ? null : apiFilter(d.f), showCompany: d.showCompany }} />
          <p className="inbox-pager">
            {d.after && (
              <a className="btn-link" href={`${PATH}${query ? `?${query}` : ''}`}>
                {m('inboxPage.first')}
              </a>
            )}
            {d.inbox.next && (
              <a className="btn-link" rel="next" href={`${PATH}?${[query, `after=${encodeURIComponent(d.inbox.next)}`].filter(Boolean).join('&')}`}>
                {m('inboxPage.more')}
              </a>
            )}
          </p>
        </div>
        <div className="inbox-pane">
          {o ? (
            <>
              <header className="inbox-pane-head">
                <a className="inbox-back" href={back}>
                  ← {m('inboxPage.back')}
                </a>
                <h2>{o.conversation.candidateName}</h2>
                {o.conversation.jobId && (
                  <a className="inbox-pane-job" href={`${PATH}?job=${o.conversation.jobId}`}>
                    {pickLang(lang, o.conversation.jobTitleJa ?? '', o.conversation.jobTitleEn ?? '')}
                  </a>
                )}
                {o.conversation.clientId && (
                  <a className="inbox-pane-client" href={`${PATH}?client=${o.conversation.clientId}`}>
                    {pickLang(lang, o.conversation.clientName ?? '', o.conversation.clientNameEn ?? '')}
                  </a>
                )}
              </header>
              <div className="inbox-open">
                <div className="inbox-conversation">
                  <noscript>
                    <p className="notice">{m('inboxPage.noscript')}</p>
                  </noscript>
                  <Island
                    name="InboxThread"
                    props={{ lang, row: chatRow(o.conversation), replies: o.replies.map((r) => ({ id: r.id, title: r.title, text: r.text })), translateTemplate: o.translateTemplate ?? null }}
                  />
                </div>
                <Side ctx={ctx} o={o} here={here} state={state} act={act} />
              </div>
            </>
          ) : (
            <p className="inbox-placeholder hint">
              {d.c ? (
                <>
                  {m('inboxPage.notFound')}{' '}
                  <a className="inbox-back" href={back}>
                    {m('inboxPage.back')}
                  </a>
                </>
              ) : (
                m('inboxPage.choose')
              )}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

/** Where a post goes back to: the same list and conversation, with the saved notice. */
function done(ctx: ScreenContext) {
  const u = new URL(ctx.req.originalUrl, 'http://here');
  u.searchParams.delete('saved');
  return redirect(withFlag(`${u.pathname}${u.search}`, 'saved'));
}
const target = (ctx: ScreenContext) => openId(ctx) ?? '';

const INBOX_SCREEN = defineScreen({
  path: PATH,
  load,
  view: (ctx, d, state, act) => ({ title: ctx.route.title, content: <InboxView ctx={ctx} d={d} state={state} act={act} /> }),
  actions: {
    assign: async (ctx, body) => {
      const to = typeof body.assigneeId === 'string' && body.assigneeId ? body.assigneeId : null;
      await ctx.call(OWN.AssignConversation, { id: target(ctx), assigneeId: to });
      return done(ctx);
    },
    resolve: async (ctx) => {
      await ctx.call(OWN.SetConversationStatus, { id: target(ctx), status: 'resolved', until: null });
      return done(ctx);
    },
    reopen: async (ctx) => {
      await ctx.call(OWN.SetConversationStatus, { id: target(ctx), status: 'open', until: null });
      return done(ctx);
    },
    snooze: async (ctx, body) => {
      const until = typeof body.snoozedUntil === 'string' ? japanTime(body.snoozedUntil.trim()) : '';
      await ctx.call(OWN.SetConversationStatus, { id: target(ctx), status: 'snoozed', until: until || null });
      return done(ctx);
    },
    note: async (ctx, body) => {
      await ctx.call(OWN.AddConversationNote, { id: target(ctx), body: typeof body.body === 'string' ? body.body : '', mentions: formList(body, 'mentions') });
      return done(ctx);
    },
  },
});

export const screens = [INBOX_SCREEN];
