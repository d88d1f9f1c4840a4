/**
 * A button that asks first (a delete, a move that closes an application, a transfer batch) asks
 * in the browser (client/boot.ts). A browser that did not ask, because it runs no script or the
 * person pressed before the script loaded, posts `_asking` instead of `_action`; the screen kit
 * then asks here, on a page of its own, with the question the page's button carries, and runs
 * nothing until the person says yes. Nothing is lost: the form comes back with what was posted.
 */
import * as cheerio from 'cheerio';
import type { Lang } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';
import { ACTION_FIELD, ASKING_FIELD, AskFirst, declaredActions, parseAction } from '../../views/ui/Action.tsx';
import { renderHtml, type PageOptions } from './render.tsx';

/**
 * The question the pressed button asks, read from the page as it is drawn now: its own
 * (`data-confirm`), or that of the option chosen in the select it names (`data-confirm-choice`),
 * null when the chosen option asks nothing. A button the page no longer draws asks in general words.
 */
function questionOf(content: PageOptions['content'], value: string, body: Record<string, unknown>): string | null | undefined {
  const $ = cheerio.load(renderHtml(content).html);
  const button = $(`button[name="${ASKING_FIELD}"]`)
    .filter((_, el) => el.attribs.value === value)
    .first();
  if (!button.length) return undefined;
  const own = button.attr('data-confirm');
  if (own) return own;
  const choice = button.attr('data-confirm-choice');
  if (!choice) return null;
  const chosen = body[choice];
  const option = $(`select[name="${choice}"] option`)
    .filter((_, el) => el.attribs.value === chosen)
    .first();
  return option.attr('data-confirm') ?? null;
}

/** What was posted, as hidden fields to send again (text fields; a file is not kept and no form that asks first takes one). */
function fieldsOf(body: Record<string, unknown>): [string, string][] {
  return Object.entries(body).flatMap(([name, v]) =>
    name === ASKING_FIELD || name === ACTION_FIELD
      ? []
      : typeof v === 'string'
        ? [[name, v] as [string, string]]
        : Array.isArray(v)
          ? v.filter((x): x is string => typeof x === 'string').map((x) => [name, x] as [string, string])
          : [],
  );
}

/**
 * The page that asks, for the post of `value` (an action's name and what it is for), or null when
 * the pressed button asks nothing for what was chosen: the action runs as if the script had let it.
 * `drawn`: the page as it stands now (null: the screen draws none to read the question from).
 */
export function askFirstPage(drawn: PageOptions | null, value: string, body: Record<string, unknown>, at: { lang: Lang; post: string; admin: boolean }): PageOptions | null {
  const question = drawn ? questionOf(drawn.content, value, body) : undefined;
  if (question === null) return null;
  const asked = parseAction(value)!;
  return {
    title: msg(at.lang, 'askFirst.title'),
    ...(drawn?.layout ? { layout: drawn.layout } : {}),
    content: (
      <AskFirst
        title={msg(at.lang, 'askFirst.title')}
        question={question ?? msg(at.lang, 'askFirst.generic')}
        post={at.post}
        fields={fieldsOf(body)}
        action={declaredActions([asked.name])[asked.name]!}
        arg={asked.arg}
        yes={msg(at.lang, 'askFirst.yes')}
        no={msg(at.lang, 'askFirst.no')}
        admin={at.admin}
      />
    ),
  };
}
