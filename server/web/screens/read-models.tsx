import { inReaderOrder, tr } from '../../../shared/i18n.ts';
import { canEnter } from '../../access/guard.ts';
import { hrefFor, routeByPath } from '../../access/routes.ts';
import { forTenant, tenantOf, type Tenant } from '../../access/tenancy.ts';
import { readModelDocuments } from '../../api/graphql/read-models.ts';
import type { BadgeState, ReadColumn, ReadModelDef, ReadScreen } from '../../resources/read-model.ts';
import { READ_MODELS } from '../../resources/registry.ts';
import type { ColumnView, FilterView, Row } from '../../../views/ui/DataTable.tsx';
import { ListPage, type ListPageRows } from '../../../views/ui/ListPage.tsx';
import { formList, queryText } from '../kit.ts';
import { loadList } from './list-page.ts';
import { WeekCalendar } from '../../../views/ui/WeekCalendar.tsx';
import { Island } from '../../../views/ui/Island.tsx';
import { mondayOf, parseDay, todayInJapan } from '../../../shared/time.ts';
import { MAX_PAGE_SIZE } from '../../resources/list.ts';
import { offersRow } from '../../resources/define.ts';
import { defineScreen, failed, redirect, withRefusal, type OnRefusal, type Screen, type ScreenContext } from '../screen.ts';
import { PANELS } from './found.ts';
import { ActionButton, declaredActions } from '../../../views/ui/Action.tsx';

/**
 * The screens of the read models (server/resources/read-model.ts): for each screen of a
 * definition, a list with its filters (less the ones the screen fixes), typed columns, links the
 * user may follow, CSV of the whole filtered list, and, where the definition declares
 * transitions, row buttons and a bulk form that move rows between states (post/redirect/get).
 * The list itself is the one list page (list-page.ts, views/ui/ListPage.tsx); this screen adds
 * the states, the bulk bar, the row buttons, the calendar, the live island and the panel.
 */
/** A state as the API gives it for the caller: label, tone, and where the caller may move a row in it. */
type StateChoice = { value: string; ja: string; en: string; tone: BadgeState['tone']; group: string | null; next: string[]; confirm: string | null };
const BULK_FORM = 'bulk';

/** A column for the kit; the state column's states come from the API (`states`), the others' (and a choice's options) from the definition. */
const columnView = (c: ReadColumn, states?: readonly BadgeState[]): ColumnView => {
  const own = states ?? (Array.isArray(c.states) ? c.states : c.options);
  return {
    name: c.name,
    label: c.label,
    type: c.type === 'link' ? 'text' : c.type,
    sortable: !!c.sortable,
    ...(own ? { states: own } : {}),
    ...(c.unit ? { unit: c.unit } : {}),
    ...(c.soon !== undefined ? { soon: c.soon } : {}),
    ...(c.wide ? { wide: true } : {}),
  };
};

/** The first of a column's links that applies to the row and that the user may open. */
function linkOf(ctx: ScreenContext, c: ReadColumn, row: Row): string | null {
  for (const l of c.links ?? []) {
    if (Object.entries(l.when ?? {}).some(([col, v]) => String(row[col]) !== v)) continue;
    const route = routeByPath(l.route);
    if (!route || !ctx.user || !ctx.roleMaps || !canEnter(ctx.roleMaps, ctx.user.role, route.code)) continue;
    const params = Object.fromEntries(Object.entries(l.params).map(([p, col]) => [p, String(row[col] ?? '')]));
    if (Object.values(params).some((v) => !v)) continue;
    return hrefFor(l.route, params);
  }
  return null;
}

/** A list's refusal is said above the list, in the words the API gave the rows or the step (the list keeps no typed values). */
const MOVE_REFUSAL: OnRefusal = { values: () => ({}), errors: (r) => ({ _: r.fields.ids ?? r.fields.to ?? r.message }) };
const ACTION_REFUSAL: OnRefusal = { values: () => ({}), errors: (r) => ({ _: r.fields._ ?? r.fields.ids ?? r.fields.action ?? r.message }) };

function readModelScreen(def: ReadModelDef, screen: ReadScreen): Screen {
  const docs = readModelDocuments(def);
  /** A row's or the ticked rows' action, back to the same list with its notice (post/redirect/get). */
  const runAction = async (ctx: ScreenContext, ids: string[], action: string) => {
    if (!docs.action) return failed({}, { _: ctx.msg('list.unknownAction') }, 422);
    if (!ids.length) return failed({}, { _: ctx.msg('list.badSelection') }, 422);
    await ctx.call<Record<string, string>>(docs.action, { ids, action });
    const back = new URL(ctx.req.originalUrl, 'http://list.invalid');
    for (const k of ['moved', 'notMoved', 'to', 'done']) back.searchParams.delete(k);
    // The action's name, not its text: the page says the notice the definition gives it.
    back.searchParams.set('done', action);
    return redirect(`${back.pathname}${back.search}`);
  };
  const fixed = screen.fixed ?? {};
  const filters = (def.filters ?? []).filter((f) => !(f.name in fixed) && !f.hidden);
  const sortable = def.columns.filter((c) => c.sortable).map((c) => c.name);
  const fetchPage = (ctx: ScreenContext, vars: Record<string, unknown>) => ctx.call<Record<string, ListPageRows>>(docs.list, vars).then((d) => d[def.plural]!);
  const panel = Object.hasOwn(PANELS, screen.path) ? PANELS[screen.path] : undefined;
  const panelAct = declaredActions(Object.keys(panel?.actions ?? {}));
  /** A row's button says the row and what to do with it: `<id>:<state or action>`. */
  const rowArg = (arg: string | null): [string, string] | null => {
    const at = (arg ?? '').indexOf(':');
    return at > 0 ? [arg!.slice(0, at), arg!.slice(at + 1)] : null;
  };
  /** Moves rows to a state, back to the same list saying what moved (post/redirect/get). */
  const moveRows = async (ctx: ScreenContext, ids: string[], to: string) => {
    if (!docs.move) return failed({}, { _: ctx.msg('list.unknownState') }, 422);
    if (!ids.length) return failed({}, { _: ctx.msg('list.badSelection') }, 422);
    if (!to) return failed({}, { _: ctx.msg('list.unknownState') }, 422);
    const d = await ctx.call<Record<string, { moved: string[]; refused: { id: string; reason: string }[] }>>(docs.move, { ids, to });
    const r = d[`move${def.name[0]!.toUpperCase()}${def.name.slice(1)}`]!;
    const back = new URL(ctx.req.originalUrl, 'http://list.invalid');
    for (const k of ['moved', 'notMoved', 'to', 'done']) back.searchParams.delete(k);
    back.searchParams.set('moved', String(r.moved.length));
    back.searchParams.set('notMoved', String(r.refused.length));
    back.searchParams.set('to', to);
    return redirect(`${back.pathname}${back.search}`);
  };

  return defineScreen({
    path: screen.path,
    load: async (ctx) => {
      // The panel first: a download it answers (a payslip, a transfer file) is the whole response.
      const panelData = panel ? await panel.load(ctx, panelAct) : null;
      const states = docs.states ? (await ctx.call<Record<string, StateChoice[]>>(docs.states))[`${def.name}States`]! : [];
      const badges: readonly BadgeState[] | undefined = docs.states ? states.map((st) => ({ value: st.value, label: { ja: st.ja, en: st.en }, tone: st.tone })) : undefined;
      const view = (c: ReadColumn) => columnView(c, c.name === def.transitions?.column ? badges : undefined);
      // A column some tenants do not read (ReadColumn.tenants) is not drawn for them, nor written to their CSV.
      const tenant: Tenant = ctx.user ? tenantOf(ctx.user) : { kind: 'none' };
      const theirs = (c: ReadColumn) => forTenant(c, tenant);
      // The week calendar: the rows of one week (Monday to Sunday), in time order, on one page.
      const cal = def.calendar && queryText(ctx.req, 'view') === 'week' ? def.calendar : null;
      const weekParam = queryText(ctx.req, 'week');
      const monday = mondayOf(parseDay(weekParam) ?? todayInJapan());
      const loaded = await loadList(ctx, {
        name: def.plural,
        filters: filters.map((f) => f.name),
        sorts: sortable,
        filtered: !!def.filters?.length,
        fixed,
        paging: def.paging,
        cursors: true,
        vars: cal ? (q) => ({ page: 1, size: MAX_PAGE_SIZE, after: null, sort: cal.column, dir: 'asc', q: q.q, filter: { ...q.filter, ...fixed, [cal.week]: monday } }) : undefined,
        csv: async () => ({ columns: def.columns.filter(theirs).map(view), rows: (vars) => fetchPage(ctx, vars) }),
        page: async (vars) => {
          const [list, filterViews] = await Promise.all([
            fetchPage(ctx, vars),
            Promise.all(
              filters.map(async (f): Promise<FilterView> => {
                let opts = Array.isArray(f.options) ? f.options : undefined;
                if (typeof f.options === 'function' && docs.options) {
                  const d = await ctx.call<Record<string, { value: string; ja: string; en: string }[]>>(docs.options, { filter: f.name });
                  opts = d[`${def.name}Options`]!.map((o) => ({ value: o.value, label: { ja: o.ja, en: o.en } }));
                }
                const offered = screen.choices?.[f.name];
                if (opts && offered) opts = opts.filter((o) => offered.includes(o.value));
                return { name: f.name, label: f.label, kind: f.kind, ...(opts ? { options: f.alphabetical ? inReaderOrder(opts, ctx.lang) : opts } : {}) };
              }),
            ),
          ]);
          return { list, filterViews };
        },
      });
      const onThisScreen = (x: { screens?: readonly string[] }) => !x.screens || x.screens.includes(screen.path);
      return {
        ...loaded,
        panelData,
        states,
        week: cal ? monday : null,
        columns: def.columns.filter((c) => !c.hidden && onThisScreen(c) && theirs(c)).map(view),
        actions: (def.actions ?? []).filter((a) => onThisScreen(a) && forTenant(a, tenant)),
      };
    },
    view: (ctx, { panelData, q, list, after, filterViews, states, columns, actions, week }, state, act) => {
      const { lang, route, req } = ctx;
      const t = def.transitions;
      const byValue = new Map(states.map((st) => [st.value, st]));
      // The bulk bar's choices in the states' own order (the status tree's, a workflow's), not in the
      // order the moves happen to be found: Applied, Document check, Interview… then the closing ones.
      const rank = new Map(states.map((st, i) => [st.value, i]));
      const targets = [...new Set(states.flatMap((st) => st.next))].sort((a, b) => (rank.get(a) ?? states.length) - (rank.get(b) ?? states.length));
      const stateLabel = (v: string) => tr(lang, byValue.get(v) ?? { ja: v, en: v });
      const moved = Number(queryText(req, 'moved')) || 0;
      const notMoved = Number(queryText(req, 'notMoved')) || 0;
      const movedTo = queryText(req, 'to');
      const done = (def.actions ?? []).find((a) => a.name === queryText(req, 'done'));
      const notice = done
        ? tr(lang, done.done)
        : moved
          ? ctx.msg('list.moved', { count: moved, state: stateLabel(movedTo) }) + (notMoved ? ` ${ctx.msg('list.notMoved', { count: notMoved })}` : '')
          : notMoved
            ? ctx.msg('list.notMoved', { count: notMoved })
            : null;
      const selecting = !!t || actions.length > 0;
      // A row's tick box only where something acts on ticked rows (a bulk action or a move): a list
      // with row buttons alone still has the form they send, but nothing to tick.
      const ticking = !!t || actions.some((a) => a.bulk);
      return {
        content: (
          <ListPage
            lang={lang}
            title={route.title}
            path={req.path}
            className="read-model"
            query={q}
            list={list}
            columns={columns}
            filters={filterViews}
            searchable={def.columns.some((c) => c.search)}
            defaultSort={def.defaultSort.column}
            cursor={def.paging === 'keyset' ? { first: !after } : undefined}
            error={state?.errors._}
            notice={notice}
            {...(week ? { keep: { view: 'week', week } } : {})}
            above={(href) => (
              <>
                {panel?.view(ctx, panelData, state, panelAct)}
                {def.calendar && (
                  <nav className="view-switch" aria-label={ctx.msg('calendar.weekView')}>
                    <a href={href({})} {...(week ? {} : { 'aria-current': 'page' as const })}>
                      {ctx.msg('calendar.list')}
                    </a>
                    <a href={href({ view: 'week' })} {...(week ? { 'aria-current': 'page' as const } : {})}>
                      {ctx.msg('calendar.weekView')}
                    </a>
                  </nav>
                )}
              </>
            )}
            // The week shows no rows to tick: what acts on ticked rows is the list's.
            bar={(href) =>
              selecting &&
              !week && (
                <form id={BULK_FORM} method="post" action={href({ page: q.page === 1 ? null : q.page })} className="bulk-bar">
                  {actions
                    .filter((a) => a.bulk)
                    .map((a) => (
                      <ActionButton key={a.name} action={act.bulk} arg={a.name} className="btn btn-small" confirm={a.confirm ? tr(lang, a.confirm) : null}>
                        {tr(lang, a.label)}
                      </ActionButton>
                    ))}
                  {t && (
                    <>
                      <label>
                        {ctx.msg('list.moveTo')}{' '}
                        <select name="to" defaultValue="">
                          <option value="" disabled>
                            —
                          </option>
                          {targets.map((s) => (
                            <option key={s} value={s} data-confirm={byValue.get(s)?.confirm ?? undefined}>
                              {stateLabel(s)}
                            </option>
                          ))}
                        </select>
                      </label>
                      <ActionButton action={act.move} className="btn btn-small-solid" confirmChoice="to">
                        {ctx.msg('list.move')}
                      </ActionButton>
                    </>
                  )}
                </form>
              )
            }
            instead={
              week && def.calendar
                ? (href) => {
                    const cal = def.calendar!;
                    const labelCol = def.columns.find((c) => c.name === cal.label)!;
                    const badgeCol = cal.badge ? columns.find((c) => c.name === cal.badge) : undefined;
                    return (
                      <WeekCalendar
                        lang={lang}
                        monday={week}
                        weekHref={(m) => href({ view: 'week', week: m })}
                        items={list.rows.map((row) => {
                          const badgeState = badgeCol?.states?.find((st) => st.value === row[cal.badge!]);
                          return {
                            id: String(row.id),
                            at: String(row[cal.column]),
                            text: String(row[cal.label] ?? ''),
                            href: labelCol.links ? linkOf(ctx, labelCol, row) : null,
                            badge: badgeState ? { label: tr(lang, badgeState.label), tone: badgeState.tone ?? 'neutral' } : null,
                            detail: cal.detail ? String(row[cal.detail] ?? '') : null,
                          };
                        })}
                      />
                    );
                  }
                : null
            }
            table={{
              href: (row, name) => {
                const c = def.columns.find((x) => x.name === name);
                if (c?.download) return `${req.path}?${c.download}=${encodeURIComponent(String(row.id))}`;
                return c?.links ? linkOf(ctx, c, row) : null;
              },
              ...(selecting
                ? {
                    ...(ticking ? { selectForm: BULK_FORM } : {}),
                    rowActions: (row: Row) => [
                      ...actions
                        .filter((a) => offersRow(a.rows, row))
                        .map((a) => (
                          <ActionButton
                            key={`act-${a.name}`}
                            action={act.row}
                            arg={`${String(row.id)}:${a.name}`}
                            form={BULK_FORM}
                            className="btn-link is-action"
                            confirm={a.confirm ? tr(lang, a.confirm) : null}
                          >
                            {tr(lang, a.label)}
                          </ActionButton>
                        )),
                      ...(t
                        ? (byValue.get(String(row[t.column]))?.next ?? []).map((to) => (
                            <ActionButton key={to} action={act.moveRow} arg={`${String(row.id)}:${to}`} form={BULK_FORM} className="btn-link is-move" confirm={byValue.get(to)?.confirm}>
                              {stateLabel(to)}
                            </ActionButton>
                          ))
                        : []),
                    ],
                  }
                : {}),
            }}
            below={
              screen.live && (
                <Island
                  name="LiveApplicants"
                  props={{
                    lang,
                    list: screen.live,
                    count: list.total,
                    byUpdated: (q.sort ?? def.defaultSort.column) === 'updatedAt' && (q.dir ?? def.defaultSort.dir) === 'desc',
                    statusList: Object.fromEntries(
                      states.filter((st) => st.group === 'candidate' || st.group === 'kakunin' || st.group === 'shukkin').map((st) => [st.value, st.group as 'candidate' | 'kakunin' | 'shukkin']),
                    ),
                    rows: list.rows.map((r) => ({
                      id: String(r.id),
                      conversation_id: String(r.conversationId ?? ''),
                      candidate_id: String(r.candidateId ?? ''),
                      candidate_status_id: String(r.status ?? ''),
                      chat_status: Number(r.chatStatus ?? 1),
                      is_read: Number(r.unread ?? 0) > 0 ? 0 : 1,
                      message_count: Number(r.unread ?? 0),
                      updated_at: String(r.updatedAt ?? ''),
                    })),
                  }}
                />
              )
            }
          />
        ),
      };
    },
    actions: {
      ...panel?.actions,
      // The bulk bar: the ticked rows to the chosen state, or one of the definition's actions on them.
      move: withRefusal(MOVE_REFUSAL, (ctx, body) => moveRows(ctx, formList(body, 'ids'), typeof body.to === 'string' ? body.to : '')),
      bulk: withRefusal(ACTION_REFUSAL, (ctx, body, name) => runAction(ctx, formList(body, 'ids'), name ?? '')),
      // A row's own buttons: that row to a state, or an action on that row.
      moveRow: withRefusal(MOVE_REFUSAL, (ctx, _body, arg) => {
        const r = rowArg(arg);
        return r ? moveRows(ctx, [r[0]], r[1]) : failed({}, { _: ctx.msg('list.badSelection') }, 422);
      }),
      row: withRefusal(ACTION_REFUSAL, (ctx, _body, arg) => {
        const r = rowArg(arg);
        return r ? runAction(ctx, [r[0]], r[1]) : failed({}, { _: ctx.msg('list.badSelection') }, 422);
      }),
    },
  });
}

/** One screen per screen of every read model. */
export const READ_MODEL_SCREENS: readonly Screen[] = READ_MODELS.flatMap((def) => def.screens.map((s) => readModelScreen(def, s)));
