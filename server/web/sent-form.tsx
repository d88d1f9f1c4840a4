import type { JSX } from 'react';
import type { Lang } from '../../shared/i18n.ts';
import type { ActionRef } from '../../views/ui/Action.tsx';
import { formStrings } from './kit.ts';
import { defineScreen, redirect, withRefusal, type Screen, type ScreenContext } from './screen.ts';

/** A public form that posts to its own page and, once accepted, shows it again with `?sent=1`. */
export const sentForm = <V extends Record<string, unknown>>(
  path: string,
  fields: readonly string[],
  send: (ctx: ScreenContext, v: Record<string, string>) => Promise<unknown>,
  View: (p: { action: ActionRef; lang: Lang; values: Record<string, string>; errors: Record<string, string>; sent: boolean }) => JSX.Element,
): Screen =>
  defineScreen<V | null, 'send'>({
    path,
    load: () => null,
    view: ({ lang, req }, _d, state, act) => ({
      content: <View action={act.send} lang={lang} values={(state?.values ?? {}) as Record<string, string>} errors={state?.errors ?? {}} sent={!state && req.query.sent === '1'} />,
    }),
    actions: {
      send: withRefusal({ values: (body) => formStrings(body, fields) }, async (ctx, body) => {
        await send(ctx, formStrings(body, fields));
        return redirect(`${path}?sent=1`);
      }),
    },
  });
