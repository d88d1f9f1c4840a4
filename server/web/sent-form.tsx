import type { JSX } from 'react';
import type { Lang } from '../../shared/i18n.ts';
import type { ActionRef } from '../../views/ui/Action.tsx';
import { formStrings, queryText } from './kit.ts';
import { defineScreen, redirect, withRefusal, type Screen, type ScreenContext } from './screen.ts';

/**
 * A public form that posts to its own page and, once accepted, shows it again with `?sent=1`.
 * `carry` names the query fields the page came with that it keeps through the post and the
 * `?sent=1` page (the view draws them as hidden inputs and reads them from `values`), such as
 * which login a person came from.
 */
export const sentForm = <V extends Record<string, unknown>>(
  path: string,
  fields: readonly string[],
  send: (ctx: ScreenContext, v: Record<string, string>) => Promise<unknown>,
  View: (p: { action: ActionRef; lang: Lang; values: Record<string, string>; errors: Record<string, string>; sent: boolean }) => JSX.Element,
  carry: readonly string[] = [],
): Screen =>
  defineScreen<V | null, 'send'>({
    path,
    load: () => null,
    view: ({ lang, req }, _d, state, act) => {
      const values = (state?.values ?? Object.fromEntries(carry.map((name) => [name, queryText(req, name)]))) as Record<string, string>;
      return { content: <View action={act.send} lang={lang} values={values} errors={state?.errors ?? {}} sent={!state && req.query.sent === '1'} /> };
    },
    actions: {
      send: withRefusal({ values: (body) => formStrings(body, [...fields, ...carry]) }, async (ctx, body) => {
        await send(ctx, formStrings(body, fields));
        const kept = Object.entries(formStrings(body, carry)).filter(([, v]) => v);
        return redirect(`${path}?${new URLSearchParams([['sent', '1'], ...kept])}`);
      }),
    },
  });
